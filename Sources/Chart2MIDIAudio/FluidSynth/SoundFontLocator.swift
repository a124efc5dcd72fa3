import Foundation
import SoundFontResource

/// Finds the soundfont to render with.
public enum SoundFontLocator {
  /// The project's own soundfont file name.
  package static let projectFileName = BundledSoundFont.fileName
  /// Debian's link to the best General MIDI soundfont installed.
  package static let systemGeneralMIDI = "/usr/share/sounds/sf2/default-GM.sf2"

  /// The soundfont to use: `requested` when given (`gm` means the system's General MIDI soundfont),
  /// else the file `CHART2MIDI_SOUNDFONT` names, else the project's own soundfont where the
  /// running program finds it (installed beside it in `PREFIX/share/chart2midi`, or the package's
  /// resource beside a program built with the package). The working folder plays no part: the same
  /// chart gives the same audio wherever it is run. Nothing is put in the project's soundfont's
  /// place unasked: a program that cannot find it fails, saying where it looked.
  ///
  /// - Throws: `SynthError` when the requested or named file does not exist or is not a regular
  ///   file, or when the project's soundfont is not where the program looks for it.
  public static func locate(_ requested: String? = nil) throws -> URL {
    if let requested {
      let path = requested == "gm" ? systemGeneralMIDI : requested
      guard FileManager.default.fileExists(atPath: path) else {
        throw SynthError(
          requested == "gm"
            ? "there is no system General MIDI soundfont at \(systemGeneralMIDI); install fluid-soundfont-gm or timgm6mb-soundfont"
            : "the soundfont \(path) does not exist", code: .soundFontMissing)
      }
      return try regularFile(path)
    }
    if let path = ProcessInfo.processInfo.environment["CHART2MIDI_SOUNDFONT"], !path.isEmpty {
      guard FileManager.default.fileExists(atPath: path) else {
        throw SynthError(
          "the soundfont \(path) that CHART2MIDI_SOUNDFONT names does not exist",
          code: .soundFontMissing)
      }
      return try regularFile(path)
    }
    if let bundled = BundledSoundFont.url { return bundled }
    let places = BundledSoundFont.candidates.map { $0.deletingLastPathComponent().path }
    throw SynthError(
      "chart2midi's own soundfont, \(projectFileName), is not beside this program (looked in \(places.joined(separator: " and "))): install it there, or name the soundfont to render with (gm for the system's General MIDI soundfont)",
      code: .soundFontMissing
    )
  }

  /// `path` as a URL when it is a regular file: a FIFO or a device would block FluidSynth's read,
  /// or never end.
  static func regularFile(_ path: String) throws -> URL {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw SynthError("the soundfont \(path) is not a regular file", code: .soundFontUnusable)
    }
    return URL(fileURLWithPath: path)
  }
}
