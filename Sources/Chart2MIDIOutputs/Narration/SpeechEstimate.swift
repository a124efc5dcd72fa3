import Chart2MIDIAudio
import Chart2MIDIChart

/// About how long sentences take to say at a speaking rate, before they are spoken: their
/// characters as eSpeak NG is given them (numbers counted as the words they become), at about
/// 17 characters a second at 175 words a minute, a quarter second at each comma, semicolon, colon
/// or bracket, and the pause between sentences. It decides
/// what fits in a short intro; the spoken length is measured after.
struct SpeechEstimate {
  /// The narration's language.
  let language: DescriptionLanguage
  /// Words a minute.
  let rate: Int

  /// Characters a second at 175 words a minute, measured on eSpeak NG's English.
  static let charactersPerSecond = 17.0
  /// The pause at a comma, semicolon, colon or bracket, in seconds at 175 words a minute.
  static let punctuationPause = 0.25
  /// What a digit counts as: "2009" is said "two thousand and nine".
  static let digitWeight = 4.5

  /// The seconds `sentences` take, one after another.
  func seconds(_ sentences: [String]) -> Double {
    let forms = SpokenForms(language: language)
    var characters = 0.0
    var pauses = 0.0
    for sentence in sentences {
      for scalar in forms.spoken(sentence).unicodeScalars {
        characters += ("0"..."9").contains(scalar) ? Self.digitWeight : 1
        if ",;:()".unicodeScalars.contains(scalar) { pauses += Self.punctuationPause }
      }
    }
    let speed = Double(max(1, rate)) / 175
    return (characters / Self.charactersPerSecond + pauses) / speed
      + Narration.sentenceGap * Double(max(0, sentences.count - 1))
  }
}
