import ArgumentParser
import Chart2MIDIAudio
import Foundation

struct Voices: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the eSpeak NG voices a narration can speak with (--voice)."
  )

  func run() throws {
    for voice in try SpeechSynthesizer.voices() {
      let languages = voice.languages.joined(separator: ", ")
      output("\(voice.identifier)\t\(voice.name)\t\(languages)")
    }
  }
}
