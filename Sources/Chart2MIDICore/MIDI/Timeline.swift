import Foundation

/// A time signature: beats per bar and the note value of a beat (SMF 1.0: `FF 58 04 nn dd cc bb`,
/// the denominator as a power of two).
public struct TimeSignature: Hashable, Sendable, CustomStringConvertible {
  /// Beats per bar, 1 to 32.
  public var beats: Int
  /// The note value of a beat: 1, 2, 4, 8, 16 or 32.
  public var noteValue: Int

  /// 4/4.
  package static let common = TimeSignature(beats: 4, noteValue: 4)!

  /// A time signature; nil unless the beats are 1 to 32 and the note value a power of two to 32.
  public init?(beats: Int, noteValue: Int) {
    guard (1...32).contains(beats), [1, 2, 4, 8, 16, 32].contains(noteValue) else { return nil }
    self.beats = beats
    self.noteValue = noteValue
  }

  /// "3/4".
  public var description: String { "\(beats)/\(noteValue)" }

  /// The meta event's data: numerator, denominator as a power of 2, the MIDI clocks per click
  /// (`clocksPerClick`), 8 32nd notes per quarter note.
  var bytes: [UInt8] {
    [UInt8(beats), UInt8(noteValue.trailingZeroBitCount), UInt8(clamping: clocksPerClick), 8]
  }

  /// The MIDI clocks (24 a quarter note) of the metronome's click: the beat. In a compound metre
  /// (6, 9 or 12 beats of a note value: 6/8, 12/8, 6/4) the beat is three of them, a dotted note
  /// (36 clocks in 6/8); otherwise it is the note value (24 in 4/4, 48 in 2/2 and 3/2).
  var clocksPerClick: Int {
    let note = 96 / noteValue
    return beats > 3 && beats % 3 == 0 ? 3 * note : note
  }
}

/// The frame rates of timecode that film, television and DAWs use. A timecode counts whole
/// frames at its nominal rate (24, 25, 30, 50 or 60); the 1000/1001 rates (23.976, 29.97, 59.94)
/// count the same frame numbers more slowly, and 29.97 drop-frame skips frame numbers so that its
/// timecode keeps to the clock.
public enum FrameRate: String, Hashable, Sendable, CaseIterable {
  /// 24000/1001 frames a second (film transferred to NTSC video), counted as 24.
  case fps23976 = "23.976"
  /// 24 frames a second (film).
  case fps24 = "24"
  /// 25 frames a second (PAL and European broadcast).
  case fps25 = "25"
  /// 30000/1001 frames a second counted in drop-frame timecode (NTSC broadcast).
  case fps2997DropFrame = "29.97df"
  /// 30000/1001 frames a second counted as 30, without dropping frame numbers.
  case fps2997 = "29.97"
  /// 30 frames a second.
  case fps30 = "30"
  /// 50 frames a second.
  case fps50 = "50"
  /// 60000/1001 frames a second, counted as 60.
  case fps5994 = "59.94"
  /// 60 frames a second.
  case fps60 = "60"

  /// Frames in a second of real time.
  package var framesPerSecond: Double {
    let nominal = Double(self.nominal)
    return isPulledDown ? nominal * 1000 / 1001 : nominal
  }

  /// The frame numbers a timecode counts in a second: 24, 25, 30, 50 or 60.
  package var nominal: Int {
    switch self {
    case .fps23976, .fps24: 24
    case .fps25: 25
    case .fps2997DropFrame, .fps2997, .fps30: 30
    case .fps50: 50
    case .fps5994, .fps60: 60
    }
  }

  /// Whether frames last 1001/1000 of their nominal length (23.976, 29.97, 59.94).
  package var isPulledDown: Bool {
    [.fps23976, .fps2997DropFrame, .fps2997, .fps5994].contains(self)
  }

  /// Whether the timecode skips frame numbers 0 and 1 at each minute but every tenth.
  package var isDropFrame: Bool { self == .fps2997DropFrame }

  /// The rate as a ratio, as iXML writes it: "25/1", "30000/1001".
  package var ratio: String { isPulledDown ? "\(nominal * 1000)/1001" : "\(nominal)/1" }

  /// The rate that the SMPTE offset meta event and MIDI Time Code write in place of this one: the
  /// same when they can name it (24, 25, 29.97 drop-frame, 30), else the nearest in real time.
  package var smpteRate: FrameRate {
    switch self {
    case .fps23976, .fps24: .fps24
    case .fps25, .fps50: .fps25
    case .fps2997DropFrame, .fps2997, .fps5994: .fps2997DropFrame
    case .fps30, .fps60: .fps30
    }
  }

  /// The two bits of the SMPTE offset's hour byte that name the rate (SMF 1.0 and MIDI Time Code:
  /// 0 is 24, 1 is 25, 2 is 30 drop-frame, 3 is 30), for the rates that have one.
  var code: UInt8 {
    switch smpteRate {
    case .fps24: 0
    case .fps25: 1
    case .fps2997DropFrame: 2
    default: 3
    }
  }
}

/// A point on a programme's timeline, as timecode at a frame rate, and in seconds.
public struct Timecode: Hashable, Sendable, CustomStringConvertible {
  /// The frame rate.
  public var frameRate: FrameRate
  /// Hours, minutes, seconds and frames as the timecode counts them.
  package var hours: Int, minutes: Int, seconds: Int, frames: Int
  /// Hundredths of a frame, for a time between frames.
  package var subframes: Int

  /// A timecode `HH:MM:SS:FF` (or `;FF` for drop-frame); nil when it is not one at this rate (see
  /// `problem(with:frameRate:)` for why).
  public init?(_ text: String, frameRate: FrameRate) {
    guard case .success(let timecode) = Self.read(text, frameRate: frameRate) else { return nil }
    self = timecode
  }

  /// Why `text` is not a timecode at `frameRate`, in words to follow "text": nil when it is one.
  package static func problem(with text: String, frameRate: FrameRate) -> String? {
    guard case .failure(let problem) = read(text, frameRate: frameRate) else { return nil }
    return problem.words
  }

  /// Why a text is not a timecode, in words to follow the text.
  package struct Problem: Error {
    /// "is past 23:59:59:FF, the last timecode of a day".
    package var words: String
  }

  /// The timecode `text` writes at `frameRate`, or why it is none: the one reading behind
  /// `init?(_:frameRate:)` and `problem(with:frameRate:)`.
  package static func read(_ text: String, frameRate: FrameRate) -> Result<Timecode, Problem> {
    func problem(_ words: String) -> Result<Timecode, Problem> { .failure(Problem(words: words)) }
    guard let parts = fields(text) else { return problem("is not a timecode HH:MM:SS:FF") }
    let (hours, minutes, seconds, frames) = (parts[0], parts[1], parts[2], parts[3])
    guard hours < 24 else { return problem("is past 23:59:59:FF, the last timecode of a day") }
    guard minutes < 60, seconds < 60 else {
      return problem("is not a timecode: minutes and seconds go from 00 to 59")
    }
    guard frames < frameRate.nominal else {
      return problem(
        "is not a timecode at \(frameRate.rawValue) frames a second: frames go from 00 to \(frameRate.nominal - 1)"
      )
    }
    if frameRate.isDropFrame, seconds == 0, frames < 2, minutes % 10 != 0 {
      return problem(
        "is not a timecode at 29.97 drop-frame: it skips frames 00 and 01 at the start of each minute but every tenth"
      )
    }
    return .success(
      Timecode(
        frameRate: frameRate, hours: hours, minutes: minutes, seconds: seconds, frames: frames,
        subframes: 0))
  }

  /// A timecode of these fields, already checked.
  private init(
    frameRate: FrameRate, hours: Int, minutes: Int, seconds: Int, frames: Int, subframes: Int
  ) {
    self.frameRate = frameRate
    (self.hours, self.minutes, self.seconds, self.frames, self.subframes) =
      (hours, minutes, seconds, frames, subframes)
  }

  /// The four numbers of `HH:MM:SS:FF` (`;` or `.` before the frames too), or nil.
  private static func fields(_ text: String) -> [Int]? {
    let parts = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == ";" || $0 == "." })
    guard parts.count == 4, parts.allSatisfy({ (1...2).contains($0.count) }) else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
    return numbers
  }

  /// The timecode of a time in seconds (to a hundredth of a frame), on a clock of 24 hours. A
  /// time within a millionth of a frame of a frame's start is on it (3610.6666… s at 30 fps, as a
  /// double a hair before frame 20, is frame 20).
  public init(seconds time: Double, frameRate: FrameRate) {
    self.frameRate = frameRate
    let exact = (max(0, time) * frameRate.framesPerSecond * 1e6).rounded() / 1e6
    var count = Int(exact.rounded(.down))
    subframes = min(99, Int(((exact - Double(count)) * 100).rounded(.down)))
    if frameRate.isDropFrame {
      // Frame numbers skipped so far: 2 a minute, but not in minutes divisible by 10.
      let perTenMinutes = 17982
      let tens = count / perTenMinutes
      let rest = count % perTenMinutes
      count += 18 * tens + (rest > 1 ? 2 * ((rest - 2) / 1798) : 0)
    }
    let nominal = frameRate.nominal
    frames = count % nominal
    seconds = count / nominal % 60
    minutes = count / (nominal * 60) % 60
    hours = count / (nominal * 3600) % 24
  }

  /// The time in seconds from 00:00:00:00.
  public var secondsValue: Double {
    let nominal = frameRate.nominal
    var count = ((hours * 60 + minutes) * 60 + seconds) * nominal + frames
    if frameRate.isDropFrame {
      let totalMinutes = hours * 60 + minutes
      count -= 2 * (totalMinutes - totalMinutes / 10)
    }
    return (Double(count) + Double(subframes) / 100) / frameRate.framesPerSecond
  }

  /// "01:00:00:00" (";" before the frames in drop-frame).
  public var description: String {
    let separator = frameRate.isDropFrame ? ";" : ":"
    return String(format: "%02d:%02d:%02d%@%02d", hours, minutes, seconds, separator, frames)
  }

  /// The same time as the SMPTE offset meta event writes it: at this rate when the event can name
  /// it, else at the nearest rate it can (`FrameRate.smpteRate`), to the hundredth of a frame.
  package var smpteOffset: Timecode {
    frameRate.smpteRate == frameRate
      ? self : Timecode(seconds: secondsValue, frameRate: frameRate.smpteRate)
  }

  /// Whether `smpteOffset` names this time to the hundredth of a frame: false only for the last
  /// seconds of a day at a pulled-down rate, which lie past the 24 hours of the offset's clock.
  package var smpteOffsetIsExact: Bool {
    abs(smpteOffset.secondsValue - secondsValue) <= 0.01 / frameRate.smpteRate.framesPerSecond
      + 1e-9
  }

  /// The SMPTE offset meta event's data (SMF 1.0: `FF 54 05 hr mn se fr ff`, the rate in bits 5-6
  /// of the hour byte, `ff` in hundredths of a frame), of `smpteOffset`.
  var bytes: [UInt8] {
    let written = smpteOffset
    return [
      frameRate.code << 5 | UInt8(written.hours), UInt8(written.minutes), UInt8(written.seconds),
      UInt8(written.frames), UInt8(written.subframes),
    ]
  }
}

/// How a file counts time: its tempo and division. Times in a score are seconds; the file's ticks
/// come from them here. At 120 bpm and 480 ticks per quarter note a tick is exactly 1/960 s, the
/// mapping's grid. At other tempos the division is chosen so that a second holds at least 960
/// ticks, and a time moves by at most half a tick (under 0.53 ms from 1 to 300 bpm) when written.
/// With a grid (`TimeGrid`), the division is a multiple of the grid's steps per quarter note, and
/// a time within a tick of a step is written on the step: the mapping's 1/960 s cannot hold a step
/// at every tempo, and the file should.
struct FileTimebase {
  let microsecondsPerQuarterNote: UInt32
  let ticksPerQuarterNote: UInt16
  private let ticksPerSecond: Double
  /// Ticks per grid step, when there is a grid.
  private let ticksPerStep: Int?

  /// The file's timebase at a tempo in beats (quarter notes) per minute.
  init(tempo: Double, grid: TimeGrid? = nil) {
    microsecondsPerQuarterNote = UInt32((60_000_000 / tempo).rounded())
    var division =
      tempo == 120 ? Timebase.ticksPerQuarterNote : UInt16(min(32767, (57600 / tempo).rounded(.up)))
    if let grid {
      let steps = UInt16(grid.stepsPerQuarter)
      division = (division + steps - 1) / steps * steps
      ticksPerStep = Int(division / steps)
    } else {
      ticksPerStep = nil
    }
    ticksPerQuarterNote = division
    ticksPerSecond =
      Double(ticksPerQuarterNote) * 1_000_000 / Double(microsecondsPerQuarterNote)
  }

  /// The nearest tick to a time in seconds (on a grid step when within a tick of one).
  func tick(_ seconds: Double) -> Int {
    let exact = seconds * ticksPerSecond
    if let ticksPerStep {
      let step = (exact / Double(ticksPerStep)).rounded() * Double(ticksPerStep)
      if abs(exact - step) <= 1 { return Int(step) }
    }
    return exact.nearestInteger
  }
}
