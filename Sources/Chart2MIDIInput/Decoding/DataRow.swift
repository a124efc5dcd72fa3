import Chart2MIDIChart

/// The names of a Vega-Lite data set's fields, each once for all its rows: a row holds only its
/// values, by the place of their names here. Rows of one data set share one table; a transform
/// that makes a field adds its name.
final class FieldNames {
  private var places: [String: Int] = [:]
  private(set) var names: [String] = []

  init() {}

  /// The place of `name`, nil when no row has it.
  func place(of name: String) -> Int? { places[name] }

  /// The place of `name`, added when new.
  func place(adding name: String) -> Int {
    if let place = places[name] { return place }
    places[name] = names.count
    names.append(name)
    return names.count - 1
  }
}

/// A row of Vega-Lite data: its fields' values by name, as a dictionary reads, held as an array of
/// values by the places of their names in the data set's `FieldNames`. A million rows of two
/// fields take some 100 MB this way, where dictionaries took 440 MB.
struct DataRow {
  /// The data set's names.
  let names: FieldNames
  /// The values by their names' places; nil (or past the end) for a field the row lacks.
  private var values: ContiguousArray<JSONValue?>

  /// An empty row of the data set whose names are `names`.
  init(names: FieldNames) {
    self.names = names
    values = []
  }

  /// A row of `fields`, in order (a later field of the same name wins).
  init(_ fields: some Sequence<(String, JSONValue)>, names: FieldNames) {
    self.init(names: names)
    for (name, value) in fields { self[name] = value }
  }

  /// The value of the field `name`; nil when the row has none. Setting nil removes it.
  subscript(name: String) -> JSONValue? {
    get {
      guard let place = names.place(of: name), place < values.count else { return nil }
      return values[place]
    }
    set {
      guard let newValue else {
        if let place = names.place(of: name), place < values.count { values[place] = nil }
        return
      }
      let place = names.place(adding: name)
      if place >= values.count {
        // Room for every field the data set names: its rows tend to have them all, and a row
        // filled field by field is then allocated once.
        values.reserveCapacity(max(place + 1, names.names.count))
        values.append(contentsOf: repeatElement(nil, count: place + 1 - values.count))
      }
      values[place] = newValue
    }
  }

  /// The number of fields the row has.
  var count: Int { values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

  /// The names of the fields the row has, in the order they were first made in the data set.
  var keys: [String] {
    values.indices.compactMap { values[$0] == nil ? nil : names.names[$0] }
  }

  /// Sets each of `fields` (a name and its value).
  mutating func merge(_ fields: [(String, JSONValue)]) {
    for (name, value) in fields { self[name] = value }
  }
}

extension DataRow: ExpressibleByDictionaryLiteral {
  /// A row of its own data set (its names in a table of their own), as tests write one.
  init(dictionaryLiteral fields: (String, JSONValue)...) {
    self.init(fields, names: FieldNames())
  }
}
