import ArgumentParser
import Foundation

@main
struct Chart2MIDI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chart2midi",
    abstract: "Turn a chart into sound: a Standard MIDI File and audio rendered with FluidSynth.",
    discussion: """
      A chart is described as JSON in the shape of the audio-graph chart descriptor: a title, a \
      summary, an x axis, a y axis, additional axes and series of data points. x becomes time, y \
      becomes pitch, the first numeric additional axis becomes note duration and the first \
      categorical one becomes the instrument.

      Start with:  chart2midi convert Examples/cars.json -o cars.mid --wav cars.wav
      """,
    version: "0.1.0",
    subcommands: [
      Convert.self, Batch.self, BatchReport.self, Render.self, Describe.self, Validate.self,
      Inspect.self,
      Import.self, Voices.self, ExerciseCommand.self, Page.self,
    ]
  )

  /// Runs the command line, removing the files being written if it is interrupted.
  static func main() async {
    removeTemporariesOnInterrupt()
    reportCrashesInOneSentence()
    // A closed pipe (`--wav /dev/stdout | head`) is an error to report, not a signal to die of.
    signal(SIGPIPE, SIG_IGN)
    do {
      var command = try parseAsRoot()
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}
