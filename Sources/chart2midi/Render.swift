import ArgumentParser
import Foundation
import MIDIMap
import Synth

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render any Standard MIDI File to a WAV mix and per-track stems.",
    discussion: """
      Example:
        chart2midi render cars.mid --wav cars.wav --stems stems/
      """)

  @Argument(help: ArgumentHelp("The MIDI file.", valueName: "file.mid"))
  var input: String

  @OptionGroup
  var outputs: AudioOutputs

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func validate() throws {
    guard outputs.wantsAudio else {
      throw ValidationError("Name an output: --wav mix.wav and/or --stems DIR.")
    }
  }

  func run() throws {
    let file: MIDIFile
    do {
      file = try MIDIFile(contentsOf: URL(fileURLWithPath: input))
    } catch {
      throw CommandFailure(error)
    }
    var batch = AtomicFileBatch()
    do {
      let lines = try sound.renderAudio(
        Performance(file: file), wav: outputs.wav, stems: outputs.stems, into: &batch)
      try batch.commit()
      lines.forEach(report)
    } catch {
      batch.discard()
      throw CommandFailure(error)
    }
  }
}
