import Chart2MIDIAudio
import Chart2MIDIBase
import Foundation

/// Where the soundfont of an export is found: named by the operator anywhere, named by a chart
/// only beside it and only where the program allows it.
extension ExportSettings {
  /// The soundfont to render with, found as `SoundFontLocator` finds it.
  ///
  /// - Throws: `ExportError` at the `soundfont` setting's place when the file named does not
  ///   exist; `SynthError` when no soundfont is found at all.
  package func locatedSoundFont() throws -> URL {
    if let named = soundFont, let place = origins[.soundfont], place.isInInput {
      // Named by the chart: only where the program allows it, and only a file beside the chart,
      // with one sentence whatever the reason one is refused.
      guard chartMayNameSoundFont else {
        throw ExportError(
          "this program takes no soundfont from a chart; remove soundfont from the chart's sonification",
          at: place, code: .invalidSetting)
      }
      if named == "gm" { return try SoundFontLocator.locate(named) }
      guard
        let path = ConfinedFile.resolve(named, in: inputs.map { $0.deletingLastPathComponent() })
      else {
        throw ExportError(
          "\(quoted(named)) is not a soundfont beside the chart; a chart names only a soundfont there, or gm",
          at: place, code: .invalidSetting)
      }
      return try SoundFontLocator.locate(path)
    }
    do {
      return try SoundFontLocator.locate(soundFont)
    } catch let error as SynthError where soundFont != nil {
      throw ExportError(
        error.message, at: origin(of: .soundfont), code: .invalidSetting)
    }
  }
}
