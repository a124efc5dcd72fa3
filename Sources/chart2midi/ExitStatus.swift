import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIExercises
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification

/// The exit statuses of BSD's sysexits that the command line ends with, by whose mistake an error
/// is (see the man page's EXIT STATUS).
enum ExitStatus: Int32, Sendable {
  /// A flag or setting that no chart could take, or outputs that cannot be written together.
  case usage = 64
  /// A chart, MIDI file, narration script or recording that is wrong.
  case dataError = 65
  /// An input file that is not there or cannot be read.
  case noInput = 66
  /// Something the machine should have and lacks: a soundfont, eSpeak NG's data, an encoder.
  case unavailable = 69
  /// A step that should not fail: a bug, or a library call that failed.
  case software = 70
  /// An output that cannot be made where it is asked for.
  case cannotCreate = 73
  /// An output whose writing failed on the way, or scratch files that could not be used.
  case ioError = 74
  /// Work another process holds (a batch's chart locked by another run that outlived the wait):
  /// worth trying again later.
  case temporaryFailure = 75

  /// Whether the status is the machine's or the storage's rather than the data's: an engine
  /// retries these on another node, and gives up on the others.
  var isInfrastructure: Bool {
    [.noInput, .unavailable, .software, .cannotCreate, .ioError, .temporaryFailure].contains(self)
  }

  /// The status an error of the library ends the command with, from its kind; nil for the
  /// argument parser's own errors and exits, which keep theirs.
  init?(for error: Error) {
    switch error {
    case let error as any LocatedError:
      self.init(kind: error.kind)
    case let failure as CommandFailure:
      self = failure.status
    case is ValidationError, is ExitCode, is CleanExit:
      return nil
    default:
      // Not one of the library's errors and not the parser's: one the program did not foresee.
      guard Chart2MIDI.exitCode(for: error) == .failure else { return nil }
      self = .software
    }
  }

  /// The status of each kind of failure (the service's HTTP statuses switch on the same kinds).
  init(kind: ErrorKind) {
    switch kind {
    case .usage: self = .usage
    case .invalidInput, .beyondLimits: self = .dataError
    case .missingInput: self = .noInput
    case .unavailable: self = .unavailable
    case .cannotCreate: self = .cannotCreate
    case .storageFailed: self = .ioError
    case .busy: self = .temporaryFailure
    case .fault: self = .software
    }
  }
}
