import Foundation

/// A time signature: beats per bar and the note value of a beat (SMF 1.0: `FF 58 04 nn dd cc bb`,
/// the denominator as a power of two).
public struct TimeSignature: Hashable, Sendable, CustomStringConvertible {
  /// Beats per bar, 1 to 32.
  public var beats: Int
  /// The note value of a beat: 1, 2, 4, 8, 16 or 32.
  public var noteValue: Int

  /// 4/4.
  public static let common = TimeSignature(beats: 4, noteValue: 4)!

  /// A time signature; nil unless the beats are 1 to 32 and the note value a power of two to 32.
  public init?(beats: Int, noteValue: Int) {
    guard (1...32).contains(beats), [1, 2, 4, 8, 16, 32].contains(noteValue) else { return nil }
    self.beats = beats
    self.noteValue = noteValue
  }

  /// "3/4".
  public var description: String { "\(beats)/\(noteValue)" }

  /// The meta event's data: numerator, denominator as a power of 2, 24 MIDI clocks per click, 8
  /// 32nd notes per quarter note.
  var bytes: [UInt8] {
    [UInt8(beats), UInt8(noteValue.trailingZeroBitCount), 24, 8]
  }
}

/// The frame rates of SMPTE timecode.
public enum FrameRate: String, Hashable, Sendable, CaseIterable {
  case fps24 = "24"
  case fps25 = "25"
  /// 29.97 frames a second, counted in drop-frame timecode.
  case fps2997 = "29.97"
  case fps30 = "30"

  /// Frames in a second of real time.
  public var framesPerSecond: Double {
    switch self {
    case .fps24: 24
    case .fps25: 25
    case .fps2997: 30000.0 / 1001
    case .fps30: 30
    }
  }

  /// The frame numbers a timecode counts in a second (30 for 29.97).
  var nominal: Int {
    switch self {
    case .fps24: 24
    case .fps25: 25
    case .fps2997, .fps30: 30
    }
  }

  /// The two bits of the SMPTE offset's hour byte that name the rate (SMF 1.0 and MIDI Time Code:
  /// 0 is 24, 1 is 25, 2 is 30 drop-frame, 3 is 30).
  var code: UInt8 {
    switch self {
    case .fps24: 0
    case .fps25: 1
    case .fps2997: 2
    case .fps30: 3
    }
  }
}

/// A point on a programme's timeline, as SMPTE timecode at a frame rate, and in seconds.
public struct Timecode: Hashable, Sendable, CustomStringConvertible {
  /// The frame rate.
  public var frameRate: FrameRate
  /// Hours, minutes, seconds and frames as the timecode counts them.
  public var hours: Int, minutes: Int, seconds: Int, frames: Int
  /// Hundredths of a frame, for a time between frames.
  public var subframes: Int

  /// A timecode `HH:MM:SS:FF` (or `;FF` for drop-frame); nil when it is not one at this rate.
  public init?(_ text: String, frameRate: FrameRate) {
    let parts = text.split(whereSeparator: { $0 == ":" || $0 == ";" }).map { Int($0) }
    guard parts.count == 4, let hours = parts[0], let minutes = parts[1], let seconds = parts[2],
      let frames = parts[3], (0...23).contains(hours), (0...59).contains(minutes),
      (0...59).contains(seconds), (0..<frameRate.nominal).contains(frames)
    else { return nil }
    // Drop-frame timecode skips frames 0 and 1 at the start of every minute but each tenth.
    if frameRate == .fps2997, seconds == 0, frames < 2, minutes % 10 != 0 { return nil }
    self.frameRate = frameRate
    (self.hours, self.minutes, self.seconds, self.frames, self.subframes) =
      (hours, minutes, seconds, frames, 0)
  }

  /// The timecode of a time in seconds (to a hundredth of a frame).
  public init(seconds time: Double, frameRate: FrameRate) {
    self.frameRate = frameRate
    let exact = max(0, time) * frameRate.framesPerSecond
    var count = Int(exact.rounded(.down))
    subframes = min(99, Int(((exact - Double(count)) * 100).rounded(.down)))
    if frameRate == .fps2997 {
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
    hours = count / (nominal * 3600)
  }

  /// The time in seconds from 00:00:00:00.
  public var secondsValue: Double {
    let nominal = frameRate.nominal
    var count = ((hours * 60 + minutes) * 60 + seconds) * nominal + frames
    if frameRate == .fps2997 {
      let totalMinutes = hours * 60 + minutes
      count -= 2 * (totalMinutes - totalMinutes / 10)
    }
    return (Double(count) + Double(subframes) / 100) / frameRate.framesPerSecond
  }

  /// "01:00:00:00" (";" before the frames in drop-frame).
  public var description: String {
    let separator = frameRate == .fps2997 ? ";" : ":"
    return String(format: "%02d:%02d:%02d%@%02d", hours, minutes, seconds, separator, frames)
  }

  /// The SMPTE offset meta event's data: `hr mn se fr ff`, the rate in the hour byte's bits 5-6.
  var bytes: [UInt8] {
    [
      frameRate.code << 5 | UInt8(hours), UInt8(minutes), UInt8(seconds), UInt8(frames),
      UInt8(subframes),
    ]
  }
}

/// How a file counts time: its tempo and division. Times in a score are seconds; the file's ticks
/// come from them here. At 120 bpm and 480 ticks per quarter note a tick is exactly 1/960 s, the
/// mapping's grid. At other tempos the division is chosen so that a second holds at least 960
/// ticks, and a time moves by at most half a tick (under 0.53 ms from 1 to 300 bpm) when written.
struct FileTimebase {
  let microsecondsPerQuarterNote: UInt32
  let ticksPerQuarterNote: UInt16
  private let ticksPerSecond: Double

  /// The file's timebase at a tempo in beats (quarter notes) per minute.
  init(tempo: Double) {
    microsecondsPerQuarterNote = UInt32((60_000_000 / tempo).rounded())
    ticksPerQuarterNote =
      tempo == 120 ? Timebase.ticksPerQuarterNote : UInt16(min(32767, (57600 / tempo).rounded(.up)))
    ticksPerSecond =
      Double(ticksPerQuarterNote) * 1_000_000 / Double(microsecondsPerQuarterNote)
  }

  /// The nearest tick to a time in seconds.
  func tick(_ seconds: Double) -> Int { (seconds * ticksPerSecond).nearestInteger }
}
