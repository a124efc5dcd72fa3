import ArgumentParser
import Chart2MIDIChart

/// A `--language` value: one of the languages chart2midi describes in, or nil when not given.
///
/// - Throws: `ValidationError` naming the languages, for any other code.
func descriptionLanguage(_ code: String?) throws -> DescriptionLanguage? {
  guard let code else { return nil }
  let codes = LanguageTable.all.map(\.code.rawValue)
  guard codes.contains(code) else {
    throw ValidationError("--language \(code): expected en, de, fr or es.")
  }
  return DescriptionLanguage(.init(rawValue: code))
}
