import Foundation

/// File names for stems: the stem name made safe for a file system, unique, with `.wav`.
package enum StemNaming {
  /// One file name per stem name, in order: characters other than letters, digits, space, `-`, `_`
  /// and `.` become `_`; names that collide (case ignored) get `-2`, `-3`, ….
  package static func fileNames(for names: [String]) -> [String] {
    var used: Set<String> = []
    return names.map { name in
      var base = String(
        name.map { $0.isLetter || $0.isNumber || " -_.".contains($0) ? $0 : "_" }
      ).trimmingCharacters(in: .whitespaces)
      while base.hasPrefix(".") { base.removeFirst() }
      if base.isEmpty { base = "stem" }
      if base.count > 100 { base = String(base.prefix(100)) }
      var candidate = base
      var number = 2
      while used.contains(candidate.lowercased()) {
        candidate = "\(base)-\(number)"
        number += 1
      }
      used.insert(candidate.lowercased())
      return candidate + ".wav"
    }
  }
}
