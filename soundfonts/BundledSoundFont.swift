import Foundation

/// Where the project's soundfont lies for the running program: installed beside it
/// (`PREFIX/share/chart2midi`, as `make install` puts it), or as this package's resource (the
/// `.resources` folder SwiftPM puts beside every program built with the package, this one's or a
/// package's that depends on it). Only where the program is counts, never the working folder.
package enum BundledSoundFont {
  /// The soundfont's file name.
  package static let fileName = "chart2midi.sf2"

  /// The first of the places the soundfont may be that holds it, or nil.
  package static var url: URL? {
    candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
  }

  /// The places, nearest first: the installed share folder, then the package's resource folder.
  package static var candidates: [URL] {
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let folder = program.deletingLastPathComponent()
    return [
      folder.deletingLastPathComponent().appendingPathComponent("share/chart2midi/\(fileName)"),
      folder.appendingPathComponent("chart2midi_SoundFontResource.resources/\(fileName)"),
    ]
  }
}
