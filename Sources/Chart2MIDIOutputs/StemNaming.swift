import Chart2MIDIBase
import Foundation
import TextEncoders

/// File names for stems: the stem name made readable and safe for a file system, unique, with
/// the audio format's extension (`.wav` by default).
package enum StemNaming {
  /// One file name per stem name, in order (see `FileNameText.readable(_:maximumBytes:)`, at most
  /// 100 bytes, so within any file system's 255); names that collide (in Unicode's canonical form,
  /// case ignored) get `-2`, `-3`, …, and a name Windows keeps for a device gets `_`.
  package static func fileNames(for names: [String], extension: String = "wav") -> [String] {
    let bases = names.map { name in
      var base = FileNameText.readable(name, maximumBytes: 100)
      if base.isEmpty { base = "stem" }
      // A name Windows keeps for a device (`CON`, `com1`, `LPT9.txt`) is no file there.
      if isReservedOnWindows(base) { base += "_" }
      return base
    }
    // As file systems compare names: in one Unicode form (macOS keeps names decomposed), case
    // ignored.
    return DistinctNames.make(bases) { "\($0)-\($1)" }.map { $0 + "." + `extension` }
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
