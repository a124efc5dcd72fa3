import Chart2MIDIBase

/// The stem each series plays in, by its name, made distinct: from the context sounds' stems
/// (the gridline ticks, the threshold earcons), from the narration's, and from each other, as
/// names are compared by people and file systems (Unicode's canonical form, case ignored). A
/// series named "Gridlines", or two named "é" and "e" with a combining accent, would otherwise
/// share one stem with what they are not.
package enum StemNames {
  /// The stems no series may take.
  package static let reserved = [Gridlines.name, Gridlines.thresholdsName, "Narration"]

  /// One stem name per series, in order: its name, or its name and a number, `Gridlines (2)`,
  /// when an earlier one (or a reserved stem) has it (see `DistinctNames`).
  package static func forSeries(_ names: [String]) -> [String] {
    DistinctNames.make(names, avoiding: reserved)
  }
}
