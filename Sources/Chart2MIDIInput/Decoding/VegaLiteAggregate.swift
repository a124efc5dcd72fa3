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
    // group as one run of a single array: a million groups take a few small arrays, not a
    // million of them.
    // The groups' keys, `groupFields.count` values each, one after another.
    var keys: [JSONValue] = []
    var groupCount = 0
    var groupOf = [Int32](repeating: 0, count: rows.count)
    do {
      // One field's value is a key of its own; more make an array.
      var knownOne: [JSONValue: Int32] = [:]
      var known: [[JSONValue]: Int32] = [:]
      for (index, row) in rows.enumerated() {
        try meter.tick()
        let group: Int32?
        if groupFields.count == 1 {
          let value = row[groupFields[0]] ?? .null
          group = knownOne[value]
          if group == nil { knownOne[value] = Int32(groupCount) }
        } else {
          let values = groupFields.map { row[$0] ?? .null }
          group = known[values]
          if group == nil { known[values] = Int32(groupCount) }
        }
        if let group {
          groupOf[index] = group
        } else {
          groupOf[index] = Int32(groupCount)
          keys += groupFields.map { row[$0] ?? .null }
          groupCount += 1
        }
      }
    }
    let order = 0..<groupCount
    func groupKey(_ group: Int) -> ArraySlice<JSONValue> {
      keys[group * groupFields.count..<(group + 1) * groupFields.count]
    }
    var starts = [Int](repeating: 0, count: groupCount + 1)
    for group in groupOf { starts[Int(group) + 1] += 1 }
    for group in order.indices { starts[group + 1] += starts[group] }
    var flat = [Int32](repeating: 0, count: rows.count)
    var next = starts
    for (index, group) in groupOf.enumerated() {
      flat[next[Int(group)]] = Int32(index)
      next[Int(group)] += 1
    }
    groupOf = []
    func members(_ group: Int) -> [Int] { flat[starts[group]..<starts[group + 1]].map(Int.init) }
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
      // Each group's results first, from the rows as they are; then set in place.
      let computed = try order.map { group in
        try meter.tick()
        return results(members(group))
      }
      for (group, fields) in computed.enumerated() {
        for member in members(group) { rows[member].merge(fields) }
      }
      return
    }
    // A group's rows are let go once its row is made: each row is in one group, so the rows
    // shrink as the groups' rows grow, and the two are never held whole at once.
    var made: [DataRow] = []
    made.reserveCapacity(groupCount)
    for group in order {
      try meter.tick()
      let members = members(group)
      var row = DataRow(results(members), names: names)
      for (field, value) in zip(groupFields, groupKey(group)) { row[field] = value }
      made.append(row)
      for member in members { rows[member] = DataRow(names: names) }
    }
    rows = made
  }
}
