import Foundation

/// The stem each series plays in, by its name, made distinct: from the context sounds' stems
/// (the gridline ticks, the threshold earcons), from the narration's, and from each other, as
/// names are compared by people and file systems (Unicode's canonical form, case ignored). A
/// series named "Gridlines", or two named "é" and "e" with a combining accent, would otherwise
/// share one stem with what they are not.
package enum StemNames {
  /// The stems no series may take.
  package static let reserved = [Gridlines.name, Gridlines.thresholdsName, "Narration"]

  /// How two names are told apart: the same text in NFC, case ignored.
  package static func key(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased()
  }

  /// One stem name per series, in order: its name, or its name and a number, `Gridlines (2)`,
  /// when an earlier one (or a reserved stem) has it.
  package static func forSeries(_ names: [String]) -> [String] {
    var used = Set(reserved.map(key))
    return names.map { name in
      var candidate = name
      var number = 2
      while used.contains(key(candidate)) {
        candidate = "\(name) (\(number))"
        number += 1
      }
      used.insert(key(candidate))
      return candidate
    }
  }
}
