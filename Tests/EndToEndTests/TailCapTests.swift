import Foundation
import TestSupport
import Testing

/// A tail cap that cuts sound still ringing fades it out over 10 ms: the mix and every stem end in
/// silence, without a click.
@Suite("The cut at the tail cap")
struct TailCapTests {
  @Test(arguments: ["0", "0.05"])
  func aCutTailFadesOutWithoutAClick(cap: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("b.wav")
    let stems = folder.appendingPathComponent("stems")
    // The birth-rate line holds its note to the graph's end.
    let result = try run([
      "convert", "Examples/birth-rate.json", "-o", folder.appendingPathComponent("b.mid").path,
      "--wav", wav.path, "--stems", stems.path, "--tail-cap", cap,
    ])
    #expect(result.status == 0, "\(result.error)")
    let files = [wav] + shownFiles(in: stems).map { stems.appendingPathComponent($0) }
    let check = try runPython(
      """
      import sys, numpy, soundfile
      for path in sys.argv[1:]:
          samples, rate = soundfile.read(path)
          level = lambda part: 20 * numpy.log10(numpy.abs(part).max() + 1e-12)
          fade = int(0.01 * rate)
          # The last samples (the end of the fade) against the 50 ms before the fade.
          print(path.split("/")[-1], round(level(samples[-fade - int(0.05 * rate):-fade])),
                round(level(samples[-3:])), round(level(samples[-fade:-fade // 2])))
      """, files.map(\.path))
    try #require(check.status == 0, "numpy or soundfile is missing: run `make test`")
    var checked = 0
    for line in check.output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      let levels = parts.dropFirst().compactMap { Int($0) }
      guard levels.count == 3, levels[0] > -100 else { continue }
      checked += 1
      // Sounding before the fade, silent (30 dB under it) at the last samples, and falling in
      // between: a fade, not a cut.
      #expect(levels[1] < levels[0] - 30, "\(line)")
      #expect(levels[2] <= levels[0] + 1, "\(line)")
    }
    #expect(checked >= 2, "\(check.output)")
  }
}
