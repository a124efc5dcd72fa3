import Foundation
import TestSupport
import Testing

/// The gridline ticks are heard: their stem's loudness (ITU-R BS.1770, read with pyloudnorm)
/// lies within about 20 LU of the music's, and `--tick-level` lowers it by as many decibels.
@Suite("Ticks a listener hears", .serialized)
struct TickLevelTests {
  /// The music's stem's integrated loudness less the ticks' stem's, in LU.
  func gap(_ flags: [String]) throws -> Double {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stems = folder.appendingPathComponent("stems")
    let result = try run(
      [
        "convert", "Examples/birth-rate.json", "-o", folder.appendingPathComponent("b.mid").path,
        "--stems", stems.path,
      ] + flags)
    #expect(result.status == 0, "\(result.error)")
    let check = try runPython(
      """
      import sys, pyloudnorm, soundfile
      def loudness(path):
          samples, rate = soundfile.read(path)
          return pyloudnorm.Meter(rate).integrated_loudness(samples)
      print(loudness(sys.argv[1]) - loudness(sys.argv[2]))
      """,
      [
        stems.appendingPathComponent("Birth rate.wav").path,
        stems.appendingPathComponent("Gridlines.wav").path,
      ])
    try #require(check.status == 0, "pyloudnorm or soundfile is missing: run `make test`")
    return try #require(Double(check.output.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test func theTicksAreWithinAboutTwentyLUOfTheMusicAndTheLevelLowersThem() throws {
    let standard = try gap([])
    #expect(standard > 10 && standard < 22, "the ticks lie \(standard) LU under the music")
    let lower = try gap(["--tick-level", "-12"])
    #expect(abs(lower - standard - 12) < 1.5, "-12 dB: \(lower) LU under, from \(standard)")
  }
}
