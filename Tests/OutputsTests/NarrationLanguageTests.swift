import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

/// The narration's words in the language of its voice, around the chart's own texts.
@Suite("Narration in the voice's language")
struct DescriptionLanguageTests {
  /// The script of an example, by default in the longer form (every axis's range before the
  /// graph) as the system's General MIDI soundfont plays it.
  func script(
    _ name: String, voice: String, summary: Bool = true,
    parts: NarrationSettings.Parts = .full, soundFont: String? = "gm"
  ) throws -> NarrationScript {
    var chart = try ChartDescriptor(contentsOf: example(name))
    if !summary { chart.summary = nil }
    var settings = try ExportSettings.forChart(chart)
    settings.narration.voice = voice
    settings.narration.parts = parts
    settings.soundFont = soundFont
    let score = try ChartMapper(options: settings.sonification).makeScore(for: chart)
    return NarrationScript(chart: chart, score: score, settings: settings)
  }

  @Test(arguments: [
    ("de", DescriptionLanguage.Code.german), ("DE", .german), ("fr-fr", .french),
    ("es-419", .spanish), ("en-us+f3", .english), ("en", .english), ("it", .english),
    ("", .english),
  ])
  func aVoiceChoosesItsLanguage(voice: String, code: DescriptionLanguage.Code) {
    #expect(DescriptionLanguage(voice: voice).code == code)
  }

  @Test func numbersTakeTheLanguagesSeparatorsAndNothingElseChanges() {
    let cases: [(String, german: String, french: String)] = [
      ("1,234.5", "1.234,5", "1 234,5"), ("2.80 tons", "2,80 tons", "2,80 tons"),
      ("$120,000", "$120.000", "$120 000"), ("Jan 1, 2000", "Jan 1, 2000", "Jan 1, 2000"),
      ("3.", "3.", "3."), ("v1.2.3", "v1,2,3", "v1,2,3"), ("-0.5", "-0,5", "-0,5"),
    ]
    for (english, german, french) in cases {
      #expect(DescriptionLanguage(.english).number(english) == english)
      #expect(DescriptionLanguage(.german).number(english) == german)
      #expect(DescriptionLanguage(.french).number(english) == french)
      #expect(DescriptionLanguage(.spanish).number(english) == german)
    }
  }

  @Test func anEnglishVoiceSpeaksTheWordsOfDescribe() throws {
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    let description = ChartDescription(chart)
    let english = try script("cars", voice: "en-us")
    // In the longer form: the title, the whole summary, the axes as `describe` says them, then
    // the instruments (a General MIDI soundfont's presets: their General MIDI names) and how to
    // read them.
    #expect(english.intro[1] == description.summary)
    #expect(Array(english.intro[2...5]) == description.axisSentences)
    #expect(
      english.intro[6]
        == "USA plays the vibraphone, Japan the flute, Germany the acoustic grand piano.")
    #expect(
      english.details.contains {
        $0.hasPrefix("Cars is highest at 52 miles per gallon at 1.38 tons (Toyota Prius)")
      })
  }

  /// The default, short form: the title, the takeaway (the summary's first clause), what each
  /// category sounds like in the soundfont that plays it, how to read it; the rest after the
  /// graph.
  @Test func theDefaultNarrationGoesFromTheTakeawayToTheDetails() throws {
    let english = try script("cars", voice: "en", parts: .both, soundFont: nil)
    #expect(
      english.intro == [
        "Vehicle Weight vs Fuel Efficiency by Country and MSRP.",
        "Fuel efficiency decreases as vehicle weight increases.",
        "Higher pitch means more Fuel Efficiency.",
      ])
    // The rest of the summary, then the sounds the ten seconds had no room for.
    #expect(
      Array(english.details.prefix(2)) == [
        "The one hybrid stands out high above the rest. Values are illustrative.",
        "USA plays a mallet, Japan a pure tone, Germany a struck string.",
      ])
    // The exercise's guide keeps the axes and the sounds, without the takeaway.
    #expect(english.guide.first == "The x axis is Weight, from 0.00 tons to 3.00 tons.")
    #expect(!english.guide.contains { $0.contains("decreases") })
    // Without a summary, the takeaway is made from the data, and not said again after.
    let made = try script("birth-rate", voice: "en", summary: false, parts: .both)
    #expect(made.intro[1] == "Birth rate falls to a low, rises to a high, then falls steeply.")
    #expect(!(made.intro + made.details).joined().contains("rise or fall"))
    // Several series of one shape: the shape (its movements alone, in a short intro), then how
    // they rank on average, once, after the graph.
    let ranked = try script("temperatures", voice: "en", summary: false, parts: .both)
    #expect(ranked.intro[1] == "Low and High share one shape: a rise, then a fall.")
    #expect(ranked.details.filter { $0.contains("on average") }.count == 1)
    #expect(!ranked.intro.contains { $0.contains("on average") })
  }

  /// A German narration of a chart without a summary: the made takeaway and the details hold no
  /// English word of the narration's own (the chart's texts stay as written).
  @Test func aGermanMadeSummaryIsGerman() throws {
    let german = try script("temperatures", voice: "de", summary: false, parts: .both)
    let english = [
      "higher", "lower", "average", "than", "rises", "falls", "overall", "highest", "lowest",
      "plays", "with", "and", "outlier", "times", "first",
    ]
    for sentence in german.intro.dropFirst() + german.details {
      let words = sentence.lowercased().split { !$0.isLetter }.map(String.init)
      #expect(!words.contains { english.contains($0) }, "\(sentence)")
    }
    #expect(german.intro[1] == "Low und High haben dieselbe Form: ein Anstieg und ein Rückgang.")
    #expect(german.details.contains("High liegt im Mittel um 15 degrees Fahrenheit höher als Low."))
  }

  @Test func aGermanVoiceSpeaksGermanWordsAroundTheChartsOwnTexts() throws {
    let german = try script("cars", voice: "de")
    #expect(german.intro[0] == "Vehicle Weight vs Fuel Efficiency by Country and MSRP.")
    #expect(german.intro[1].hasPrefix("Fuel efficiency decreases as vehicle weight increases"))
    #expect(german.intro[2] == "Die x-Achse ist Weight, von 0,00 tons bis 3,00 tons.")
    #expect(german.intro[4] == "Eine weitere Achse ist MSRP, von $0 bis $120.000.")
    #expect(
      german.intro[5] == "Eine weitere Achse ist Country, mit 3 Kategorien: USA, Japan, Germany.")
    #expect(german.intro[6] == "USA spielt das Vibraphon, Japan die Flöte, Germany den Flügel.")
    #expect(german.intro[7].hasPrefix("Die Zeit läuft entlang Weight; höhere Töne bedeuten mehr"))
    // The facts in German with decimal commas; the one outlier is the highest point, already
    // said, so it is not said again.
    #expect(
      german.details[0]
        == "Cars ist am höchsten mit 52 miles per gallon bei 1,38 tons (Toyota Prius) und am niedrigsten mit 15 miles per gallon bei 2,80 tons (Cadillac Escalade). Insgesamt fällt es."
    )
    // chart2midi's own soundfont: its timbres, in German.
    let own = try script("cars", voice: "de", parts: .both, soundFont: nil)
    #expect(
      own.details.contains(
        "USA spielt einen Schlegelton, Japan einen reinen Ton, Germany eine angeschlagene Saite."))
  }

  @Test func frenchAndSpanishVoicesSpeakTheirWords() throws {
    let french = try script("cars", voice: "fr")
    #expect(french.intro[2] == "L'axe des x est Weight, de 0,00 tons à 3,00 tons.")
    #expect(french.intro[4] == "Un axe supplémentaire est MSRP, de $0 à $120 000.")
    #expect(french.intro[6] == "USA joue du vibraphone, Japan de la flûte, Germany du piano.")
    // French puts a space before a semicolon.
    #expect(french.intro[7].hasPrefix("Le temps avance selon Weight ; un son plus aigu signifie"))
    let spanish = try script("cars", voice: "es")
    #expect(spanish.intro[2] == "El eje x es Weight, de 0,00 tons a 3,00 tons.")
    #expect(spanish.intro[6] == "USA toca el vibráfono, Japan la flauta, Germany el piano.")
    // A takeaway made from the data, for a chart without a summary: the trend, said once.
    let made = try script("cars", voice: "es", summary: false)
    #expect(made.intro[1] == "Cars baja en general.")
    #expect(
      made.details[0]
        == "Cars alcanza su máximo con 52 miles per gallon en 1,38 tons (Toyota Prius) y su mínimo con 15 miles per gallon en 2,80 tons (Cadillac Escalade)."
    )
  }

  @Test func datesTakeTheLanguagesNamesOrderAndPreposition() throws {
    let day = try #require(ISODate.seconds("2020-03-05T14:30:00Z"))  // a Thursday
    func place(_ seconds: Double, _ format: DateFormat, _ code: DescriptionLanguage.Code) -> String
    {
      var axis = NumericAxis(title: "Date", range: (seconds - 86400 * 400)...(seconds + 86400))
      axis.dateFormat = format
      let point = DataPoint(x: .number(seconds), y: 1)
      let chart = ChartDescriptor(
        title: "Dates", xAxis: .numeric(axis), yAxis: NumericAxis(title: "Y", range: 0...2),
        series: [DataSeries(name: "S", isContinuous: false, dataPoints: [point])])
      return ChartDescription(chart, language: DescriptionLanguage(code)).place(
        SeriesStatistics.Point(index: 0, x: .number(seconds), y: 1, label: nil))
    }
    typealias Precision = DateFormat.Precision
    let midnight = day - 14.5 * 3600
    let first = midnight - 4 * 86400
    let newYear = try #require(ISODate.seconds("2020-01-01"))
    // For each language: a day, a month, a year, a time, a weekday with a short month.
    let expected: [(DescriptionLanguage.Code, [String])] = [
      (
        .english,
        [
          "on 5 March 2020", "in March 2020", "in 2020", "at 5 March 2020, 14:30", "at 14:30",
          "on Thursday 5 Mar",
        ]
      ),
      (
        .german,
        [
          "am 5. März 2020", "im März 2020", "im Jahr 2020", "am 5. März 2020, 14:30", "um 14:30",
          "am Donnerstag 5 Mär",
        ]
      ),
      (
        .french,
        [
          "le 5 mars 2020", "en mars 2020", "en 2020", "le 5 mars 2020, 14:30", "à 14:30",
          "le jeudi 5 mar",
        ]
      ),
      (
        .spanish,
        [
          "el 5 de marzo de 2020", "en marzo de 2020", "en 2020", "el 5 de marzo de 2020, 14:30",
          "a las 14:30", "el jueves 5 mar",
        ]
      ),
    ]
    for (code, words) in expected {
      #expect(place(midnight, Precision.day.format, code) == words[0])
      #expect(place(first, Precision.month.format, code) == words[1])
      #expect(place(newYear, Precision.year.format, code) == words[2])
      #expect(place(day, Precision.minute.format, code) == words[3])
      #expect(place(day, DateFormat("%H:%M"), code) == words[4])
      #expect(place(midnight, DateFormat("%A %e %b"), code) == words[5])
    }
    #expect(place(first, Precision.day.format, .french) == "le 1er mars 2020")
    #expect(place(first, Precision.day.format, .german) == "am 1. März 2020")
  }

  @Test func theCaptionsAtTheNotesSpeakTheNarrationsLanguage() throws {
    let cars = try ChartDescriptor(contentsOf: example("cars"))
    let stocks = try ChartDescriptor(contentsOf: example("vega-lite/stocks-line"))
    func texts(_ chart: ChartDescriptor, _ code: DescriptionLanguage.Code) throws -> [String] {
      var maker = CaptionMaker()
      maker.language = DescriptionLanguage(code)
      let mapper = ChartMapper(options: try SonificationOptions().applying(chart.sonification))
      return maker.captions(for: chart, score: try mapper.makeScore(for: chart)).map(\.text)
    }
    // One series: its roles capitalized; a point that is both highest and an outlier, once.
    #expect(
      try texts(cars, .german).dropFirst()
        == [
          "Höchster Wert und Ausreißer: 52 miles per gallon bei 1,38 tons (Toyota Prius)",
          "Niedrigster Wert: 15 miles per gallon bei 2,80 tons (Cadillac Escalade)",
        ])
    #expect(
      try texts(cars, .english).dropFirst()
        == [
          "Highest and outlier: 52 miles per gallon at 1.38 tons (Toyota Prius)",
          "Lowest: 15 miles per gallon at 2.80 tons (Cadillac Escalade)",
        ])
    // Several series, named; dates in the language; French spaces its colon.
    #expect(try texts(stocks, .german)[1] == "GLOBEX, höchster Wert: 92,71 im Januar 2016")
    #expect(try texts(stocks, .french)[1] == "GLOBEX, maximum : 92,71 en janvier 2016")
    #expect(try texts(stocks, .spanish)[1] == "GLOBEX, máximo: 92,71 en enero de 2016")
    // An export speaks them in the voice's language with a narration, else in English.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("cars.vtt")
    var settings = try ExportSettings.forChart(cars)
    settings.narration.voice = "de"
    settings.captions = url
    for narration in [NarrationSettings.Parts.both, nil] {
      settings.narration.parts = narration
      _ = try ChartExport.export(cars, settings: settings)
      // With a narration the facts at the notes are beside the spoken captions.
      let facts = narration == nil ? url : folder.appendingPathComponent("cars.points.vtt")
      let captions = try String(contentsOf: facts, encoding: .utf8)
      #expect(captions.contains("Höchster Wert und Ausreißer:") == (narration != nil))
      #expect(captions.contains("Highest and outlier:") == (narration == nil))
    }
  }

  @Test func aGermanNarrationIsSpoken() throws {
    let german = try script("birth-rate", voice: "de")
    let narration = try Narration(
      intro: german.intro, details: german.details, graphDuration: 10, voice: "de",
      speechRate: 175, pause: 0.75, sampleRate: 44100)
    #expect(narration.sentences.map(\.text) == german.intro + german.details)
    #expect(narration.sentences.allSatisfy { $0.end > $0.start })
    // Each sentence's clip lies in the one array at the sentence's start; the array ends on the
    // frame on or after the last sentence's end.
    let samples = narration.samples
    #expect(samples.contains { abs($0) > 0.05 })
    #expect(samples.count == Int((narration.sentences.last!.end * 44100).rounded(.up)))
    for (sentence, clip) in zip(narration.sentences, narration.clips) {
      let first = Int((sentence.start * 44100).rounded())
      #expect(Array(samples[first..<(first + clip.count)]) == clip)
      #expect(samples[max(0, first - 100)..<first].allSatisfy { $0 == 0 })
    }
  }
}

/// Each language is one complete table: a new one is its file, its entry in `LanguageTable.all`
/// and its tests.
@Suite("A language is one table")
struct LanguageTableTests {
  @Test(arguments: LanguageTable.all.map(\.code.rawValue))
  func everyTableIsComplete(code: String) throws {
    let table = try #require(LanguageTable.all.first { $0.code.rawValue == code })
    #expect(LanguageTable.all.filter { $0.code == table.code }.count == 1)
    #expect(DescriptionLanguage(voice: code).code == table.code)
    #expect(DescriptionLanguage(voice: "\(code)-xx+f3").code == table.code)
    #expect(table.months.count == 12 && Set(table.months).count == 12)
    #expect(table.weekdays.count == 7 && Set(table.weekdays).count == 7)
    #expect(table.reading.count == 4)
    // Every instrument of the default palettes has a name in the language, or, in English, the
    // General MIDI name the fallback gives.
    let language = DescriptionLanguage(table.code)
    for program in Set(Instruments.palette + Instruments.sustainingPalette) {
      let name = language.instrumentName(program)
      if table.code == .english {
        #expect(name == "the \(Instruments.name(of: program).lowercased())")
      } else {
        #expect(table.instrumentNames[Int(program.value)] == name, "\(code) \(program.value)")
      }
    }
  }
}
