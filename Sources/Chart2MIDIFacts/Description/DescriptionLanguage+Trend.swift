import Chart2MIDIChart

extension DescriptionLanguage {
  /// A trend in words, as a sentence of its own ("It rises overall.") or within a summary
  /// ("rises overall").
  package func trend(_ direction: SeriesStatistics.Direction?, sentence: Bool) -> String {
    let words = sentence ? table.trendSentence : table.trendPhrase
    switch direction {
    case .increasing?: return words.rises
    case .decreasing?: return words.falls
    default: return words.neither
    }
  }
}
