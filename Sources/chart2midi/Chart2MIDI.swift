import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation

#if canImport(CMalloc)
  import CMalloc
#endif

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

      Exit status (BSD sysexits): 0 done; 64 a flag or setting no chart could take, or outputs \
      that cannot be written together; 65 a chart, MIDI file, narration script or recording that \
      is wrong; 66 an input that is missing or cannot be read; 69 a soundfont, eSpeak NG's data or \
      an audio encoder the machine lacks; 70 an internal error; 73 an output that cannot be made \
      where it is asked for; 74 an output whose writing failed; 130 and 143 interrupted. A batch \
      ends with the status of its first failed chart.
      """,
    version: "0.1.0",
    subcommands: [
      Convert.self, Batch.self, BatchReport.self, Render.self, Describe.self, Validate.self,
      Inspect.self,
      Import.self, Voices.self, ExerciseCommand.self, Page.self, Serve.self,
    ]
  )

  /// Runs the command line, removing the files being written if it is interrupted.
  static func main() async {
    removeTemporariesOnInterrupt()
    reportCrashesInOneSentence()
    // A closed pipe (`--wav /dev/stdout | head`) is an error to report, not a signal to die of.
    signal(SIGPIPE, SIG_IGN)
    keepLargeArraysMapped()
    do {
      var command = try parseAsRoot()
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      // The library's errors end with the status of their kind (sysexits), the parser's with
      // its own.
      guard let status = ExitStatus(for: error) else { exit(withError: error) }
      report(fullMessage(for: withCommandHints(error)))
      Foundation.exit(status.rawValue)
    }
  }
}

/// A chart of a million points makes and drops several arrays of 8 to 32 MB. By default glibc maps
/// most of them afresh and unmaps them when freed, so each starts with thousands of page faults on
/// zeroed pages. Taken from the heap instead, and kept there when freed, the next array reuses
/// pages already mapped: 3-4% less time at a million points (2-3% once large buffers are on huge
/// pages, see `HugePages`), 7 MB more at the peak (measured).
private func keepLargeArraysMapped() {
  #if canImport(CMalloc)
    _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)  // glibc's largest
    _ = mallopt(M_TRIM_THRESHOLD, 512 << 20)
    // Kept, not lost: once a step has let go of much (a million rows read into points), its
    // pages go back (see `FreedMemory`).
    FreedMemory.giveBackHook = { _ = malloc_trim(0) }
  #endif
}

/// The library's error, with the command line's advice where it has one: how to raise a limit
/// for a chart that is trusted, how to list the voices.
func withCommandHints(_ error: any Error) -> any Error {
  if var failure = error as? SynthError, failure.code == .unknownVoice,
    failure.message.hasPrefix("eSpeak NG has no voice")
  {
    failure.message += "; `chart2midi voices` lists the voices installed"
    return failure
  }
  guard var failure = error as? ExportError, let limit = failure.limit else { return error }
  failure.message += "; raise the limit with --limit \(limit.rawValue)=N for a chart you trust"
  return failure
}
