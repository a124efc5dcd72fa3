import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// The most one export may take: a server's limits for each request. Each is checked before the
/// work where it can be (the points, and the audio, narration and WAV sizes the chart implies),
/// else while the work goes on (the CPU time, the speech as spoken, the files as written); an
/// export past one is refused with `ExportError` (`exceedsLimits`, about the input) and writes
/// nothing. Nil is no limit beyond the library's own (an hour of audio, ten minutes of
/// narration).
public struct ExportLimits: Hashable, Sendable {
  /// The most data points a chart may have.
  public var points: Int?
  /// The longest the audio may last, narration included, in seconds.
  public var audioSeconds: Double?
  /// The longest the narration may speak, in seconds.
  public var narrationSeconds: Double?
  /// The most bytes the outputs may hold together.
  public var outputBytes: Int?
  /// The most CPU time rendering and speaking may spend, on all their threads, in seconds.
  public var renderCPUSeconds: Double?

  /// Limits of the sizes given; none by default.
  public init(
    points: Int? = nil, audioSeconds: Double? = nil, narrationSeconds: Double? = nil,
    outputBytes: Int? = nil, renderCPUSeconds: Double? = nil
  ) {
    self.points = points
    self.audioSeconds = audioSeconds
    self.narrationSeconds = narrationSeconds
    self.outputBytes = outputBytes
    self.renderCPUSeconds = renderCPUSeconds
  }

  /// Refuses a chart of more points than allowed.
  func check(points count: Int) throws {
    if let points, count > points {
      throw Self.refusal(
        "the chart has \(NumberText.grouped(count)) points, more than the \(NumberText.grouped(points)) this export allows"
      )
    }
  }

  /// Refuses audio that would last longer than allowed; `estimated` when the length is known
  /// before the work only from the narration's words.
  func check(audioSeconds seconds: Double, estimated: Bool = false) throws {
    if let audioSeconds, seconds > audioSeconds {
      throw Self.refusal(
        "the audio would last \(estimated ? "about " : "")\(Self.seconds(seconds)), longer than the \(Self.seconds(audioSeconds)) this export allows"
      )
    }
  }

  /// Refuses outputs of more bytes than allowed; `estimated` before they are written.
  func check(outputBytes bytes: Int, estimated: Bool = false) throws {
    if let outputBytes, bytes > outputBytes {
      throw Self.refusal(
        "the outputs would hold \(estimated ? "at least " : "")\(NumberText.grouped(bytes)) bytes, more than the \(NumberText.grouped(outputBytes)) this export allows"
      )
    }
  }

  /// The refusal of CPU time spent past the limit.
  static func refusal(_ exceeded: CPUTimeExceeded, doing work: String = "rendering") -> ExportError
  {
    refusal(
      "\(work) took more than the \(seconds(exceeded.seconds)) of CPU time this export allows")
  }

  static func refusal(_ message: String) -> ExportError {
    ExportError(message, code: .exceedsLimits)
  }

  /// Seconds as a person reads them: "90 s", "2.5 s".
  static func seconds(_ value: Double) -> String { "\(NumberText.plain(value)) s" }
}

extension ExportSettings {
  /// The bytes of the WAV samples that audio of `seconds` makes at the least: the mix's and each
  /// stem's, in stereo; 0 for a compressed format, whose size is known only once written.
  func audioBytes(lasting seconds: Double, stems: Int) -> Int {
    guard effectiveAudioFormat == .wav else { return 0 }
    let files = (mix != nil ? 1 : 0) + (self.stems != nil ? stems : 0)
    return Int(seconds * Double(render.sampleRate)) * 2 * sampleFormat.bytesPerSample * files
  }
}
