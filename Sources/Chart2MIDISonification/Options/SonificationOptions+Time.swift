import Chart2MIDICore

extension SonificationOptions {
  /// The grid onsets and durations snap to, at the options' tempo; nil without `grid`.
  var timeGrid: TimeGrid? {
    grid.map { TimeGrid(stepsPerQuarter: $0.stepsPerQuarter, tempo: tempo) }
  }

  /// The tempo at which `span` seconds fill a whole number of bars of the time signature: the
  /// number of bars nearest the chosen tempo's, as far as the tempo stays inside 20...300 bpm;
  /// nil when no whole number of bars fits there.
  func tempo(fillingBars span: Double) -> Double? {
    let quarters = Double(timeSignature.beats) * 4 / Double(timeSignature.noteValue)
    // Bars of `span` seconds at 1 bpm: the tempo is bars × perBar.
    let perBar = quarters * 60 / span
    let fewest = max(1, (20 / perBar).rounded(.up))
    let most = (300 / perBar).rounded(.down)
    guard fewest <= most else { return nil }
    let bars = min(most, max(fewest, (span * tempo / 60 / quarters).rounded()))
    return bars * perBar
  }
}
