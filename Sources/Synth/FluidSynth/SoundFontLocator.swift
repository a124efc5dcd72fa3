import Foundation

/// Finds the soundfont to render with.
public enum SoundFontLocator {
  /// The project's own soundfont file name, in its `soundfonts/` folder.
  public static let projectFileName = "chart2midi.sf2"
  /// Debian's link to the best General MIDI soundfont installed.
  public static let systemGeneralMIDI = "/usr/share/sounds/sf2/default-GM.sf2"

  /// The soundfont to use: `requested` when given (`gm` means the system's General MIDI soundfont),
  /// else the project's `soundfonts/` file (looked for beside and above the running program and the
  /// current folder, or named by `CHART2MIDI_SOUNDFONT`), else the system's General MIDI soundfont.
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
      return URL(fileURLWithPath: path)
    }
    if let path = ProcessInfo.processInfo.environment["CHART2MIDI_SOUNDFONT"], !path.isEmpty,
      fileManager.fileExists(atPath: path)
    {
      return URL(fileURLWithPath: path)
    }
    for folder in searchFolders() {
      let candidate = folder.appendingPathComponent("soundfonts").appendingPathComponent(
        projectFileName)
      if fileManager.fileExists(atPath: candidate.path) { return candidate }
    }
    if fileManager.fileExists(atPath: systemGeneralMIDI) {
      return URL(fileURLWithPath: systemGeneralMIDI)
    }
    throw SynthError(
      "no soundfont found: pass --soundfont PATH, build the project's soundfont (make soundfont), or install timgm6mb-soundfont"
    )
  }

  /// The current folder and the folders above the running program, nearest first.
  static func searchFolders() -> [URL] {
    var folders = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      folders.append(folder)
      folder = folder.deletingLastPathComponent()
    }
    folders.append(URL(fileURLWithPath: "/usr/local/share/chart2midi"))
    folders.append(URL(fileURLWithPath: "/usr/share/chart2midi"))
    return folders
  }
}
