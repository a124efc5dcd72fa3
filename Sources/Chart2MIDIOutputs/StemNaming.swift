import Foundation
import TextEncoders

/// File names for stems: the stem name made readable and safe for a file system, unique, with
/// the audio format's extension (`.wav` by default).
package enum StemNaming {
  /// One file name per stem name, in order (see `FileNameText.readable(_:maximumBytes:)`, at most
  /// 100 bytes, so within any file system's 255); names that collide (in Unicode's canonical form,
  /// case ignored) get `-2`, `-3`, …, and a name Windows keeps for a device gets `_`.
  package static func fileNames(for names: [String], extension: String = "wav") -> [String] {
    var used: Set<String> = []
    // As file systems compare names: in one Unicode form (macOS keeps names decomposed), case
    // ignored.
    func key(_ name: String) -> String { name.precomposedStringWithCanonicalMapping.lowercased() }
    return names.map { name in
      var base = FileNameText.readable(name, maximumBytes: 100)
      if base.isEmpty { base = "stem" }
      // A name Windows keeps for a device (`CON`, `com1`, `LPT9.txt`) is no file there.
      if isReservedOnWindows(base) { base += "_" }
      var candidate = base
      var number = 2
      while used.contains(key(candidate)) {
        candidate = "\(base)-\(number)"
        number += 1
      }
      used.insert(key(candidate))
      return candidate + "." + `extension`
    }
  }

  /// Whether Windows keeps `name` (before its first dot, case ignored) for a device.
  static func isReservedOnWindows(_ name: String) -> Bool {
    let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init)?.uppercased() ?? ""
    let trimmed = stem.trimmingCharacters(in: .whitespaces)
    if ["CON", "PRN", "AUX", "NUL"].contains(trimmed) { return true }
    for prefix in ["COM", "LPT"] where trimmed.hasPrefix(prefix) {
      let rest = trimmed.dropFirst(3)
      if rest.count == 1, let digit = rest.first, "0123456789¹²³".contains(digit) { return true }
    }
    return false
  }
}
