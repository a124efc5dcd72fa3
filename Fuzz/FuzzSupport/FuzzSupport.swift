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
