import Chart2MIDIBase
import Chart2MIDICore

/// Finds the programs a performance plays that the soundfont lacks, before anything is rendered.
/// FluidSynth substitutes a missing preset (a melodic program from bank 0, else the first piano;
/// a drum kit with the standard kit) and only logs it; here each substitution becomes a warning
/// that names the stem, and a program nothing can stand in for becomes an error, so that no stem
/// is silent without a word.
struct PresetCheck {
  /// A program as a channel plays it: its bank and number.
  struct Selection: Hashable, Comparable {
    var bank: Int
    var program: Int
    static func < (a: Selection, b: Selection) -> Bool { (a.bank, a.program) < (b.bank, b.program) }
  }

  /// The General MIDI drum bank, which FluidSynth uses on every 16th channel from channel 9.
  static let drumBank = 128

  /// The selections that sound notes, per synth channel.
  let used: [Int: Set<Selection>]
  /// The notes played, per synth channel.
  let notes: [Int: Int]
  /// The stem of each synth channel, for messages.
  let stemNames: [Int: String]
  /// The performance's stems.
  let stems: [Performance.Stem]

  init(performance: Performance) {
    var bank: [Int: Int] = [:]
    var program: [Int: Int] = [:]
    var used: [Int: Set<Selection>] = [:]
    var notes: [Int: Int] = [:]
    for event in performance.events {
      let channel = event.channel
      switch event.message {
      case .controlChange(let controller, let value) where controller == MIDIController.bankSelect:
        bank[channel] = Int(value.value)
      case .programChange(let number):
        program[channel] = Int(number.value)
      case .noteOn:
        notes[channel, default: 0] += 1
        let isDrum = channel % 16 == 9
        used[channel, default: []].insert(
          Selection(
            bank: isDrum ? Self.drumBank : bank[channel] ?? 0, program: program[channel] ?? 0))
      default: break
      }
    }
    self.used = used
    self.notes = notes
    var names: [Int: String] = [:]
    for stem in performance.stems {
      for channel in stem.channels { names[channel] = stem.name }
    }
    stemNames = names
    stems = performance.stems
  }

  /// One warning per program the soundfont lacks, saying what plays instead.
  ///
  /// - Throws: `SynthError` when a program has no preset and no stand-in either.
  func check(_ synth: FluidSynthInstance) throws -> [String] {
    var warnings: [String] = []
    for channel in used.keys.sorted() {
      for wanted in used[channel]!.sorted()
      where !synth.hasPreset(bank: wanted.bank, program: wanted.program) {
        let stem = stemNames[channel].map { "stem \"\($0)\"" } ?? "synth channel \(channel)"
        let isDrum = wanted.bank == Self.drumBank
        let standIns =
          isDrum
          ? [Selection(bank: Self.drumBank, program: 0)]
          : [Selection(bank: 0, program: wanted.program), Selection(bank: 0, program: 0)]
        let missing = "the soundfont \(synth.soundFontName) has no \(describe(wanted))"
        guard
          let standIn = standIns.first(where: {
            synth.hasPreset(bank: $0.bank, program: $0.program)
          })
        else {
          throw SynthError(
            "\(missing) and nothing to play in its place, so \(stem) would be silent; choose another program or soundfont",
            code: .soundFontUnusable
          )
        }
        warnings.append("\(missing); \(stem) plays \(describe(standIn)) instead")
      }
    }
    return warnings
  }

  /// Refuses a render in which a stem played notes and made no sound at all: a preset with no
  /// sound at those keys, or one whose samples FluidSynth cannot play (a sample that ends past the
  /// sample data or starts after its end, a ROM sample, a zone without a sample), renders
  /// silence without a word from FluidSynth.
  ///
  /// - Parameter sounded: whether each synth channel made any sound.
  /// - Throws: `SynthError` naming the soundfont, each silent stem and the presets it played.
  func checkSound(_ sounded: [Bool], _ synth: FluidSynthInstance) throws {
    // The stems that play notes, and not a sample of sound on any of their channels.
    let silent = stems.filter { stem in
      stem.channels.contains { notes[$0] != nil }
        && !stem.channels.contains { $0 < sounded.count && sounded[$0] }
    }
    guard !silent.isEmpty else { return }
    let described = silent.prefix(5).map { stem in
      let selections = Set(stem.channels.flatMap { used[$0] ?? [] }).sorted()
      let presets = selections.map { selection in
        let kind =
          selection.bank == Self.drumBank
          ? "drum kit \(selection.program)" : "program \(selection.program)"
        return synth.presetName(bank: selection.bank, program: selection.program).map {
          "\(kind) \"\($0)\""
        } ?? describe(selection)
      }
      let count = stem.channels.reduce(0) { $0 + (notes[$1] ?? 0) }
      return "stem \"\(stem.name)\" (\(counted(count, "note")): \(presets.joined(separator: ", ")))"
    }
    let more = silent.count > 5 ? " and \(silent.count - 5) more" : ""
    throw SynthError(
      "the soundfont \(synth.soundFontPath) made no sound for \(described.joined(separator: "; "))\(more): its presets have no sound at those keys, or their samples are broken (a sample that ends past the sample data or starts after its end, a ROM sample, a zone without a sample); choose another soundfont",
      file: synth.soundFontPath, code: .soundFontUnusable)
  }

  private func describe(_ selection: Selection) -> String {
    if selection.bank == Self.drumBank { return "drum kit \(selection.program)" }
    let name = Instruments.name(of: UInt7(clamping: selection.program))
    let bank = selection.bank == 0 ? "" : " in bank \(selection.bank)"
    return "program \(selection.program) (\(name))\(bank)"
  }
}
