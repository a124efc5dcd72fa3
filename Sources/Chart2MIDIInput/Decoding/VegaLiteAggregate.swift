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
    let key = join ? "joinaggregate" : "aggregate"
    let ops = try operations.enumerated().map { index, operation -> (String, String?, String) in
      guard case .string(let op)? = operation["op"], VegaLiteDerivation.aggregates.contains(op)
      else {
        throw DescriptorError(
          at: "\(place).\(key)[\(index)].op",
          "expected one of \(VegaLiteDerivation.aggregates.sorted().joined(separator: ", "))")
      }
      var field: String?
      if case .string(let name)? = operation["field"] { field = name }
      guard case .string(let output)? = operation["as"] else {
        throw DescriptorError(at: "\(place).\(key)[\(index)].as", "expected a field name")
      }
      return (op, field, output)
    }
    // The rows an aggregate makes name their fields in a table of their own.
    let names = FieldNames()
    // Each row's group, the groups' keys in order of first appearance, then the rows of each
    // group as one run of a single array: a million groups take a few flat arrays, not a
    // million small ones.
    var table = GroupTable()
    var groupOf = [Int32](repeating: 0, count: rows.count)
    do {
      func hash(_ row: Int) -> Int {
        var hasher = Hasher()
        for field in groupFields { hasher.combine(rows[row][field] ?? .null) }
        return hasher.finalize()
      }
      func sameKey(_ a: Int, _ b: Int) -> Bool {
        groupFields.allSatisfy { (rows[a][$0] ?? .null) == (rows[b][$0] ?? .null) }
      }
      for index in rows.indices {
        try meter.tick()
        groupOf[index] = table.group(of: index, hash: hash, sameKey: sameKey)
      }
    }
    let groupCount = table.count
    table = GroupTable()
    let order = 0..<groupCount
    var starts = [Int32](repeating: 0, count: groupCount + 1)
    for group in groupOf { starts[Int(group) + 1] += 1 }
    for group in order.indices { starts[group + 1] += starts[group] }
    var flat = [Int32](repeating: 0, count: rows.count)
    var next = starts
    for (index, group) in groupOf.enumerated() {
      flat[Int(next[Int(group)])] = Int32(index)
      next[Int(group)] += 1
    }
    groupOf = []
    func members(_ group: Int) -> [Int] {
      flat[Int(starts[group])..<Int(starts[group + 1])].map(Int.init)
    }
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
        let members = members(group)
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
      let members = members(group)
      var fields = results(members)
      fields += groupFields.map { ($0, rows[members[0]][$0] ?? .null) }
      for member in members { rows[member] = DataRow(names: names) }
      rows[members[0]] = DataRow(fields, names: names)
    }
    for group in order { rows.swapAt(group, Int(flat[Int(starts[group])])) }
    rows.removeLast(rows.count - groupCount)
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
