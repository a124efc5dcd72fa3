import Foundation
import SoundFontResource

/// Finds the soundfont to render with.
public enum SoundFontLocator {
  /// The project's own soundfont file name.
  public static let projectFileName = BundledSoundFont.fileName
  /// Debian's link to the best General MIDI soundfont installed.
  public static let systemGeneralMIDI = "/usr/share/sounds/sf2/default-GM.sf2"

  /// The soundfont to use: `requested` when given (`gm` means the system's General MIDI soundfont),
  /// else the file `CHART2MIDI_SOUNDFONT` names, else the project's own soundfont where the
  /// running program finds it (installed beside it in `PREFIX/share/chart2midi`, or the package's
  /// resource beside a program built with the package), else the system's General MIDI soundfont.
  /// The working folder plays no part: the same chart gives the same audio wherever it is run.
  ///
  /// - Throws: `SynthError` when the requested file does not exist or none is found.
  public static func locate(_ requested: String? = nil) throws -> URL {
    let fileManager = FileManager.default
    if let requested {
      let path = requested == "gm" ? systemGeneralMIDI : requested
      guard fileManager.fileExists(atPath: path) else {
        throw SynthError(
          requested == "gm"
            ? "there is no system General MIDI soundfont at \(systemGeneralMIDI); install fluid-soundfont-gm or timgm6mb-soundfont"
            : "the soundfont \(path) does not exist")
      }
      // A FIFO or a device would block FluidSynth's read, or never end.
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        throw SynthError("the soundfont \(path) is not a regular file")
      }
      return URL(fileURLWithPath: path)
    }
    if let path = ProcessInfo.processInfo.environment["CHART2MIDI_SOUNDFONT"], !path.isEmpty,
      fileManager.fileExists(atPath: path)
    {
      return URL(fileURLWithPath: path)
    }
    if let bundled = BundledSoundFont.url { return bundled }
    if fileManager.fileExists(atPath: systemGeneralMIDI) {
      return URL(fileURLWithPath: systemGeneralMIDI)
    }
    throw SynthError(
      "no soundfont found: name a soundfont file, install chart2midi with its soundfont (make install), or install timgm6mb-soundfont"
    )
  }
}
