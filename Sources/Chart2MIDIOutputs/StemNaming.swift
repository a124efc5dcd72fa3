import Foundation
import TextEncoders

/// File names for stems: the stem name made readable and safe for a file system, unique, with
/// the audio format's extension (`.wav` by default).
package enum StemNaming {
  /// One file name per stem name, in order (see `FileNameText.readable(_:maximumBytes:)`, at most
  /// 100 bytes); names that collide (case ignored) get `-2`, `-3`, ….
  package static func fileNames(for names: [String], extension: String = "wav") -> [String] {
    var used: Set<String> = []
    return names.map { name in
      var base = FileNameText.readable(name, maximumBytes: 100)
      if base.isEmpty { base = "stem" }
      var candidate = base
      var number = 2
      while used.contains(candidate.lowercased()) {
        candidate = "\(base)-\(number)"
        number += 1
      }
      used.insert(candidate.lowercased())
      return candidate + "." + `extension`
    }
  }
}
