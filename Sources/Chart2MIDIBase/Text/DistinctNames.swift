import Foundation

/// Names made distinct as people and file systems tell names apart: in Unicode's canonical form,
/// case ignored. A stem named like another would share its file, or its place in a session.
package enum DistinctNames {
  /// How two names are compared: the same text in NFC, case ignored.
  package static func key(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased()
  }

  /// `names` in order, each the same unless an earlier one (or one of `reserved`) has it; then
  /// `numbered(name, n)` for the first `n` from 2 that is free: `Gridlines (2)`.
  package static func make(
    _ names: [String], avoiding reserved: [String] = [],
    numbered: (String, Int) -> String = { "\($0) (\($1))" }
  ) -> [String] {
    var used = Set(reserved.map(key))
    return names.map { name in
      var candidate = name
      var number = 2
      while used.contains(key(candidate)) {
        candidate = numbered(name, number)
        number += 1
      }
      used.insert(key(candidate))
      return candidate
    }
  }
}
