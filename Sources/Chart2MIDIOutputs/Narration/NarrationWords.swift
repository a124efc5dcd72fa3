import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDISonification

/// The words a narration adds to a chart's description, from its language's table
/// (`LanguageTable`): the instruments, how to read the sound, the context track's cues, and after
/// the graph the extremes and the outliers (`DescriptionLanguage+Trend.swift` in the facts).
extension DescriptionLanguage {
  /// "In Cars, " before the categories of one series among several.
  func inSeries(_ name: String) -> String { table.inSeries(name) }

  /// An instrument as the object of "plays": "the flute", "die Flöte", "de la flûte", "la
  /// flauta". The programs of the default palettes have their names in every language; another
  /// program is named from its General MIDI name.
  package func instrumentName(_ program: UInt7) -> String {
    table.instrumentNames[Int(program.value)]
      ?? table.otherInstrument(Instruments.name(of: program))
  }

  /// "time runs along Year", then "higher pitch means more Birth rate" and the like for the
  /// duration and loudness axes.
  func reading(time x: String, pitch y: String, duration: String?, loudness: String?) -> [String] {
    zip(table.reading, [x, y, duration, loudness]).compactMap { words, title in
      title.map { words + $0 }
    }
  }

  /// The context track's sounds: the gridline ticks.
  var gridlineTicks: String { table.gridlineTicks }

  /// The context track's sounds: the threshold earcons, with the thresholds' names and values.
  func thresholdChirps(_ names: String) -> String { table.thresholdChirps(names) }

  /// The gap noise.
  var gapNoise: String { table.gapNoise }
}
