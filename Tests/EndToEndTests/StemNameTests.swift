import Foundation
import TestSupport
import Testing

/// A series' stem never merges with the gridline ticks, the threshold earcons, the narration or
/// another series, whatever its name; its file takes no name Windows keeps and fits any file
/// system.
@Suite("Stem names", .serialized)
struct StemNameTests {
  static let names = [
    "Gridlines", "Thresholds", "Narration", "CON", String(repeating: "销售额", count: 30), "é",
    "e\u{301}",
  ]

  func chart(in folder: URL) throws -> URL {
    let series: [[String: Any]] = Self.names.enumerated().map { index, name in
      [
        "name": name, "isContinuous": false,
        "dataPoints": (0..<5).map { ["x": Double($0), "y": Double(10 + index * 10 + $0)] },
      ]
    }
    let json: [String: Any] = [
      "title": "Names", "xAxis": ["title": "x", "range": [0, 4], "gridlinePositions": [1, 2, 3]],
      "yAxis": ["title": "y", "range": [0, 100]], "series": series,
    ]
    let url = folder.appendingPathComponent("names.json")
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    return url
  }

  @Test(arguments: ["series", "track"])
  func everyStemIsItsOwn(by grouping: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try chart(in: folder)
    let result = try run(
      [
        "convert", chart.path, "-o", "n.mid", "--stems", "stems", "--stems-by", grouping,
        "--threshold", "50", "--narration", "intro", "--duration", "3",
      ], in: folder)
    #expect(result.status == 0, "\(result.error)")
    let stems = files(in: folder.appendingPathComponent("stems")).filter { $0.hasSuffix(".wav") }
    // Seven series, the ticks and the voice: nine stems, none merged.
    #expect(stems.count == 9, "\(stems)")
    #expect(stems.contains("Gridlines.wav") && stems.contains("Gridlines (2).wav"), "\(stems)")
    #expect(stems.contains("Narration.wav") && stems.contains("Narration (2).wav"), "\(stems)")
    #expect(stems.contains("CON_.wav") && !stems.contains("CON.wav"), "\(stems)")
    // Within any file system's 255 bytes, and two accents spelled two ways are two files.
    #expect(stems.allSatisfy { $0.utf8.count <= 255 }, "\(stems)")
    let keys = Set(stems.map { $0.precomposedStringWithCanonicalMapping.lowercased() })
    #expect(keys.count == stems.count, "\(stems)")
    // The narration stem holds the voice alone: the series named Narration is its own stem.
    let voice = try Data(contentsOf: folder.appendingPathComponent("stems/Narration.wav"))
    let series = try Data(contentsOf: folder.appendingPathComponent("stems/Narration (2).wav"))
    #expect(voice != series)
  }
}
