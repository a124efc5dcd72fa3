import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation

extension ExercisePages {
  /// The student sheet in braille (`exercise.brf`), as its web page says it, with no answer: the
  /// title and instructions; per item its title, what to know before listening (the legend
  /// among it), its audio file, each series' points in the order they sound (each led by its time
  /// in the audio, without its value, as the sheet's player says them) and its questions with
  /// their choices lettered a, b, c.
  ///
  /// - Throws: `ExportError` when liblouis cannot translate.
  package static func braille(_ exercise: Exercise, _ format: BrailleFormat) throws -> Data {
    let words = exercise.words
    let language = exercise.descriptionLanguage
    var document = BrailleDocument(
      format: format, translator: BrailleTranslator(language: language, grade: format.grade))
    try document.add(exercise.title)
    document.blank()
    try document.add(words.instructions)
    for item in exercise.items {
      document.blank()
      try document.add("\(item.number). \(item.title)")
      document.blank()
      try document.add(words.whatYouWillHear)
      try document.add(lines: item.introduction)
      if let audio = item.audio {
        try document.add("\(words.audioFile): \(audio)")
      }
      try document.add(lines: item.readAlong)
      document.blank()
      try document.add(words.questions)
      for (index, question) in item.questions.enumerated() {
        document.blank()
        try document.add("\(item.number).\(index + 1) \(question.prompt)")
        for (choice, text) in question.choices.enumerated() {
          let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(choice % 26)))
          try document.add("\(letter)) \(text)")
        }
        if question.numeric != nil { try document.add("\(words.yourAnswer):") }
      }
    }
    return try document.brf()
  }
}
