import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

extension VegaLiteTransforms {
  /// `aggregate` (a row a group of the `groupby` fields' values, with the operations' results)
  /// or `joinaggregate` (each row given its group's results), in place.
  static func aggregate(
    _ rows: inout [DataRow], _ operations: [JSONValue], groupby: JSONValue?, at place: String,
    join: Bool, meter: inout RowMeter
  ) throws {
    var groupFields: [String] = []
    if case .array(let items)? = groupby {
      groupFields = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }
    let ops = try parsedOperations(
      operations, at: "\(place).\(join ? "joinaggregate" : "aggregate")")
    // The rows an aggregate makes name their fields in a table of their own.
    let names = FieldNames()
    let runs = try GroupRuns(of: rows, by: groupFields, meter: &meter)
    let order = 0..<runs.count
    func results(_ members: [Int]) -> [(String, JSONValue)] {
      var result: [(String, JSONValue)] = []
      for (op, field, output) in ops {
        let memberRows = members.map { rows[$0] }
        let numbers =
          field.map { name in memberRows.compactMap { VegaLiteDerivation.number($0[name]) } } ?? []
        result.append(
          (
            output,
            VegaLiteDerivation.compute(
              op, numbers, count: members.count, members: memberRows, field: field)
          ))
      }
      return result
    }
    if join {
      // A group's results come from its own rows only, and each row is in one group: each
      // group's rows are given its results as soon as they are known.
      for group in order {
        try meter.tick()
        let members = runs.members(group)
        let fields = results(members)
        for member in members { rows[member].merge(fields) }
      }
      return
    }
    // A group's rows are let go as its row is made, in the place of its first row: each row is
    // in one group, so the rows shrink as the groups' rows grow, and the two are never held whole
    // at once. The groups' first rows come in the order of the groups, each at or after its
    // group's number, so the groups' rows are then moved to the front in order.
    for group in order {
      try meter.tick()
      let members = runs.members(group)
      var fields = results(members)
      fields += groupFields.map { ($0, rows[members[0]][$0] ?? .null) }
      for member in members { rows[member] = DataRow(names: names) }
      rows[members[0]] = DataRow(fields, names: names)
    }
    for group in order { rows.swapAt(group, runs.firstRow(of: group)) }
    rows.removeLast(rows.count - runs.count)
  }
}

extension VegaLiteTransforms {
  /// The operations of an aggregate at `place`: each one's op, field (none for a count) and the
  /// name of its result.
  fileprivate static func parsedOperations(_ operations: [JSONValue], at place: String) throws
    -> [(op: String, field: String?, output: String)]
  {
    try operations.enumerated().map { index, operation in
      guard case .string(let op)? = operation["op"], VegaLiteDerivation.aggregates.contains(op)
      else {
        throw DescriptorError(
          at: "\(place)[\(index)].op",
          "expected one of \(VegaLiteDerivation.aggregates.sorted().joined(separator: ", "))")
      }
      var field: String?
      if case .string(let name)? = operation["field"] { field = name }
      guard case .string(let output)? = operation["as"] else {
        throw DescriptorError(at: "\(place)[\(index)].as", "expected a field name")
      }
      return (op, field, output)
    }
  }
}

/// The rows of each group as one run of a single array, the groups in order of first appearance:
/// a million groups take a few flat arrays, not a million small ones.
private struct GroupRuns {
  /// Where each group's run starts in `flat`, and where the last ends.
  private var starts: [Int32]
  /// The rows' numbers, group by group, each group's in row order.
  private var flat: [Int32]

  /// The rows of `rows` grouped by the values of `fields`.
  init(of rows: [DataRow], by fields: [String], meter: inout RowMeter) throws {
    var table = GroupTable()
    var groupOf = [Int32](repeating: 0, count: rows.count)
    func hash(_ row: Int) -> Int {
      var hasher = Hasher()
      for field in fields { hasher.combine(rows[row][field] ?? .null) }
      return hasher.finalize()
    }
    func sameKey(_ a: Int, _ b: Int) -> Bool {
      fields.allSatisfy { (rows[a][$0] ?? .null) == (rows[b][$0] ?? .null) }
    }
    for index in rows.indices {
      try meter.tick()
      groupOf[index] = table.group(of: index, hash: hash, sameKey: sameKey)
    }
    let count = table.count
    // A group's key is read again from its first row: the table goes now.
    table = GroupTable()
    starts = [Int32](repeating: 0, count: count + 1)
    for group in groupOf { starts[Int(group) + 1] += 1 }
    for group in 0..<count { starts[group + 1] += starts[group] }
    flat = [Int32](repeating: 0, count: rows.count)
    var next = starts
    for (index, group) in groupOf.enumerated() {
      flat[Int(next[Int(group)])] = Int32(index)
      next[Int(group)] += 1
    }
  }

  /// The number of groups.
  var count: Int { starts.count - 1 }

  /// The first row of group `group`.
  func firstRow(of group: Int) -> Int { Int(flat[Int(starts[group])]) }

  /// The rows of group `group`, in order; its first row first.
  func members(_ group: Int) -> [Int] {
    flat[Int(starts[group])..<Int(starts[group + 1])].map(Int.init)
  }
}

/// Groups of rows numbered in the order they are first met, each found by its key (the values of
/// a few fields) in an open-addressed table of numbers, and known by its first row: a million
/// groups take two flat arrays, where a dictionary of keys took an array for each.
struct GroupTable {
  /// Each group's first row.
  private var firstRows: [Int32] = []
  /// Group numbers by their key's hash, -1 where empty; a power of two long, at most half full.
  private var slots = [Int32](repeating: -1, count: 16)

  /// The number of groups.
  var count: Int { firstRows.count }

  /// The number of the group of row `row`, a new one when its key is new; `hash` gives a row's
  /// key's hash, `sameKey` whether two rows' keys are equal.
  mutating func group(
    of row: Int, hash: (Int) -> Int, sameKey: (Int, Int) -> Bool
  ) -> Int32 {
    var slot = hash(row) & (slots.count - 1)
    while slots[slot] >= 0 {
      let group = slots[slot]
      if sameKey(Int(firstRows[Int(group)]), row) { return group }
      slot = (slot + 1) & (slots.count - 1)
    }
    let group = Int32(count)
    slots[slot] = group
    firstRows.append(Int32(row))
    if count * 2 > slots.count { grow(hash) }
    return group
  }

  /// Doubles the slots and places every group again.
  private mutating func grow(_ hash: (Int) -> Int) {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for (group, row) in firstRows.enumerated() {
      var slot = hash(Int(row)) & (slots.count - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = Int32(group)
    }
  }
}
