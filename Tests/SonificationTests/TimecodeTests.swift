import Chart2MIDIBase
import Chart2MIDICore
import Chart2MIDISonification
import Foundation
import Testing

/// The seconds a timecode names, counted here frame by frame from the rate's definition rather
/// than by the code under test: nominal frames a second, each lasting 1001/1000 of its nominal
/// length at the pulled-down rates, and in drop-frame the frame numbers 0 and 1 of each minute
/// but every tenth skipped.
func referenceSeconds(
  _ h: Int, _ m: Int, _ s: Int, _ f: Int, nominal: Int, pulledDown: Bool, dropFrame: Bool
) -> Double {
  var frames = 0
  for minute in 0..<(h * 60 + m) {
    frames += 60 * nominal
    // The minute that begins at `minute + 1` skips two frame numbers unless it is a tenth.
    if dropFrame && (minute + 1) % 10 != 0 { frames -= 2 }
  }
  frames += s * nominal + f
  let frameLength = (pulledDown ? 1001.0 / 1000 : 1) / Double(nominal)
  return Double(frames) * frameLength
}

/// What the SMPTE offset's five bytes say, decoded as SMF 1.0 describes them: the rate in bits
/// 5-6 of the hour byte (24, 25, 30 drop-frame, 30), fractional frames in hundredths.
func decodedOffset(_ bytes: [UInt8]) -> (seconds: Double, rate: String) {
  let code = Int(bytes[0] >> 5)
  let (nominal, pulledDown, drop) = [
    (24, false, false), (25, false, false), (30, true, true), (30, false, false),
  ][code]
  let seconds = referenceSeconds(
    Int(bytes[0] & 0x1F), Int(bytes[1]), Int(bytes[2]), Int(bytes[3]), nominal: nominal,
    pulledDown: pulledDown, dropFrame: drop)
  let frameLength = (pulledDown ? 1001.0 / 1000 : 1) / Double(nominal)
  return (seconds + Double(bytes[4]) / 100 * frameLength, ["24", "25", "29.97df", "30"][code])
}

@Suite("Timecode at every frame rate")
struct TimecodeTests {
  static let rates: [(FrameRate, nominal: Int, pulledDown: Bool, drop: Bool, smpte: String)] = [
    (.fps23976, 24, true, false, "24"), (.fps24, 24, false, false, "24"),
    (.fps25, 25, false, false, "25"), (.fps2997DropFrame, 30, true, true, "29.97df"),
    (.fps2997, 30, true, false, "29.97df"), (.fps30, 30, false, false, "30"),
    (.fps50, 50, false, false, "25"), (.fps5994, 60, true, false, "29.97df"),
    (.fps60, 60, false, false, "30"),
  ]

  @Test(
    "a timecode names the seconds its rate defines, and the SMPTE offset says the same time within a hundredth of a frame",
    arguments: rates.map(\.0))
  func offsetTimes(rate: FrameRate) throws {
    let entry = try #require(Self.rates.first { $0.0 == rate })
    for text in ["00:00:00:00", "10:00:00:00", "01:23:45:12", "23:59:59:20", "00:10:00:02"] {
      let timecode = try #require(Timecode(text, frameRate: rate), "\(text) at \(rate)")
      let parts = text.split(separator: ":").map { Int($0)! }
      let expected = referenceSeconds(
        parts[0], parts[1], parts[2], parts[3], nominal: entry.nominal,
        pulledDown: entry.pulledDown, dropFrame: entry.drop)
      #expect(abs(timecode.secondsValue - expected) < 1e-9, "\(text) at \(rate.rawValue)")
      // The round trip through seconds gives the same timecode.
      #expect(
        Timecode(seconds: expected + 1e-7, frameRate: rate).description.replacingOccurrences(
          of: ";", with: ":") == text)
      let offset = try #require(MIDIFileBytes.smpteOffset(of: timecode))
      let decoded = decodedOffset(offset)
      #expect(decoded.rate == entry.smpte)
      let writtenFrame = 1 / rate.smpteRate.framesPerSecond
      // A pulled-down rate's last seconds of a day lie past 24 hours of clock time, which the
      // offset's rate cannot reach: the time is said not to be exact.
      let lastFrame = String(format: "23:59:59:%02d", rate.smpteRate.nominal - 1)
      let reachable =
        expected <= Timecode(lastFrame, frameRate: rate.smpteRate)!.secondsValue + writtenFrame
      #expect(timecode.smpteOffsetIsExact == reachable, "\(text) at \(rate.rawValue)")
      if reachable {
        #expect(
          abs(decoded.seconds - expected) <= writtenFrame / 100 + 1e-9,
          "\(text) at \(rate.rawValue): \(decoded.seconds) s against \(expected) s")
      }
    }
  }

  @Test("a time on a frame's start is that frame, though its double lies a hair before it")
  func aFramesStartIsThatFrame() {
    // Frame 20 of 01:00:10 at 30 fps, as a sum of doubles can give it: the double just before.
    let time = (108_320.0 / 30).nextDown
    #expect(time * 30 < 108_320)
    #expect(Timecode(seconds: time, frameRate: .fps30).description == "01:00:10:20")
    // A hundredth of a frame before it is still the frame before.
    #expect(
      Timecode(seconds: time - 0.01 / 30, frameRate: .fps30).description == "01:00:10:19")
  }

  @Test("drop-frame timecode skips frames 00 and 01 of each minute but every tenth")
  func dropFrameSkips() {
    #expect(Timecode("00:01:00;00", frameRate: .fps2997DropFrame) == nil)
    #expect(Timecode("00:01:00;01", frameRate: .fps2997DropFrame) == nil)
    #expect(Timecode("00:01:00;02", frameRate: .fps2997DropFrame) != nil)
    #expect(Timecode("00:10:00;00", frameRate: .fps2997DropFrame) != nil)
    #expect(Timecode("00:01:00:00", frameRate: .fps2997) != nil)
    // The frame after 00:00:59;29 is 00:01:00;02.
    let last = Timecode("00:00:59;29", frameRate: .fps2997DropFrame)!
    let next = Timecode(
      seconds: last.secondsValue + 1001.0 / 30000 + 1e-7, frameRate: .fps2997DropFrame)
    #expect(next.description == "00:01:00;02")
    // An hour of drop-frame timecode is 3600 s of clock time to within 3.6 ms.
    #expect(abs(Timecode("01:00:00;00", frameRate: .fps2997DropFrame)!.secondsValue - 3600) < 0.004)
  }

  @Test(
    "a timecode that does not exist at its rate says why",
    arguments: [
      (
        "00:01:00:01", FrameRate.fps2997DropFrame,
        "is not a timecode at 29.97 drop-frame: it skips frames 00 and 01 at the start of each minute but every tenth"
      ),
      ("24:00:00:00", .fps25, "is past 23:59:59:FF, the last timecode of a day"),
      ("00:00:00:25", .fps25, "is not a timecode at 25 frames a second: frames go from 00 to 24"),
      (
        "00:00:00:24", .fps23976,
        "is not a timecode at 23.976 frames a second: frames go from 00 to 23"
      ),
      ("00:60:00:00", .fps30, "is not a timecode: minutes and seconds go from 00 to 59"),
      ("10:00:00", .fps30, "is not a timecode HH:MM:SS:FF"),
    ] as [(String, FrameRate, String)])
  func problems(text: String, rate: FrameRate, problem: String) {
    #expect(Timecode.problem(with: text, frameRate: rate) == problem)
    #expect(Timecode(text, frameRate: rate) == nil)
  }
}

/// The SMPTE offset meta event as the encoder writes it, found in the file's bytes.
enum MIDIFileBytes {
  static func smpteOffset(of timecode: Timecode) -> [UInt8]? {
    var score = Score(title: "t")
    score.timeline.start = timecode
    let bytes = SMFEncoder().encode(score)
    for index in 0..<(bytes.count - 8) where bytes[index] == 0xFF && bytes[index + 1] == 0x54 {
      guard bytes[index + 2] == 5 else { return nil }
      return Array(bytes[(index + 3)..<(index + 8)])
    }
    return nil
  }
}
