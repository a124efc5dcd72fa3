// Plumbing that stays inside the package: each use below must fail to type-check from outside it
// (PublicAPITests checks that the compiler names every one).
import Chart2MIDIKit

func plumbing(score: Score, chart: ChartDescriptor) {
  _ = UInt7(clamping: 60)
  _ = score.tracks
  _ = LanguageTable.english
  _ = try? OptionSetting.settings(fromJSON: nil)
  _ = NarrationScript(chart: chart, score: score, settings: ExportSettings())
  _ = QuestionMaker.self
  _ = MIDIMessage.self
  _ = SeededGenerator(seed: 1)
}
