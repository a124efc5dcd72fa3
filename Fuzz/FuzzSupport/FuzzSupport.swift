import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// libFuzzer's driver, which runs the fuzzing loop around a test function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the command line's flags around `test`, and exits with its status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// What `convert` does with a chart once it is read: its description, its score and its MIDI
/// bytes. Mistakes are errors, not findings.
public func play(_ chart: ChartDescriptor) {
  _ = ChartDescription(chart).text
  if let options = try? SonificationOptions.forChart(chart),
    let score = try? ChartMapper(options: options).makeScore(for: chart)
  {
    _ = SMFEncoder().encode(score)
  }
}
