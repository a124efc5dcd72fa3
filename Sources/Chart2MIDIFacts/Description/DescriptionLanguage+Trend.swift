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

  /// "Birth rate is highest at 268 in 1960, and lowest at 146 in 1975."
  package func extremes(_ name: String, highest: String, lowest: String) -> String {
    table.extremes(name, highest, lowest)
  }

  /// "An outlier: …." or "Outliers: …; …."
  package func outliers(_ listed: [String]) -> String {
    table.outliers(listed.count, listed.joined(separator: separator(";")))
  }
}
