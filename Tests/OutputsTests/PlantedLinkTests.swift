import Chart2MIDIChart
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIOutputs

/// Anyone who can write to the output folder may plant links there. With the random part of the
/// temporary names known, a link is planted at every name a run picks (each output's temporary,
/// the stems' staging folder, the name an old stems folder is moved aside to) and at every output;
/// the files they point to must stay as they were.
@Suite("Links planted at every name a run picks", .serialized)
struct PlantedLinkTests {
  /// The random part the run is given, as its names show it.
  static let bits: UInt64 = 0xC0FFEE

  /// A folder with a target file and a target folder, each holding "keep".
  func targets(in folder: URL) throws -> (file: URL, folder: URL) {
    let file = folder.appendingPathComponent("elsewhere/victim.txt")
    let inside = folder.appendingPathComponent("elsewhere/victim-folder")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: file)
    try Data("keep".utf8).write(to: inside.appendingPathComponent("old.wav"))
    return (file, inside)
  }

  /// Links at every temporary name for `names` in `folder`: each tag a run gives (the staged
  /// file's number, "stems", "replaced"), to the target file, and for the folders' tags also to
  /// the target folder.
  func plantLinks(for names: [String], in folder: URL, to target: (file: URL, folder: URL)) throws
    -> [URL]
  {
    var planted: [URL] = []
    let suffix = String(Self.bits, radix: 16)
    for name in names {
      for tag in (0..<8).map(String.init) + ["stems", "replaced"] {
        let link = folder.appendingPathComponent(
          ".\(name).\(TemporaryFiles.host).\(getpid()).\(tag)-\(suffix).tmp")
        let pointsTo = ["stems", "replaced"].contains(tag) ? target.folder : target.file
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: pointsTo)
        planted.append(link)
      }
    }
    return planted
  }

  /// Whether the targets hold what they held.
  func untouched(_ target: (file: URL, folder: URL)) throws -> Bool {
    try String(contentsOf: target.file, encoding: .utf8) == "keep"
      && files(in: target.folder) == ["old.wav"]
      && String(
        contentsOf: target.folder.appendingPathComponent("old.wav"), encoding: .utf8) == "keep"
  }

  @Test(
    "a link at a temporary name fails the run, never writes through",
    arguments: ["midi", "captions", "mix", "stems", "stems over old stems"])
  func linkAtATemporaryName(output: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = try targets(in: folder)
    let chart = try ChartDescriptor(contentsOf: example("dice"))
    var settings = try ExportSettings.forChart(chart)
    let url = { (name: String) in folder.appendingPathComponent(name) }
    switch output {
    case "midi": settings.midi = url("out.mid")
    case "captions": settings.captions = url("out.vtt")
    case "mix": settings.mix = url("out.wav")
    default: settings.stems = url("stems")
    }
    if output == "stems over old stems" {
      try FileManager.default.createDirectory(at: url("stems"), withIntermediateDirectories: false)
      try Data("old".utf8).write(to: url("stems/Old.wav"))
    }
    let planted = try plantLinks(
      for: ["out.mid", "out.vtt", "out.wav", "stems"], in: folder, to: target)
    TemporaryFiles.randomBits = { Self.bits }
    defer { TemporaryFiles.randomBits = { UInt64.random(in: .min ... .max) } }
    let outcome = Result { try ChartExport.export(chart, settings: settings) }
    // Refused where the name is taken (a file, the staging folder); where a link is only moved
    // over (the old stems set aside), the run may succeed: either way nothing goes through.
    if case .failure(let error) = outcome {
      #expect(error is ExportError, "\(error)")
      #expect("\(error)".hasPrefix("cannot write") || "\(error)".hasPrefix("cannot create"))
    }
    #expect(try untouched(target))
    // The links are still links, or gone where a rename replaced one: never turned into files.
    for link in planted {
      if let attributes = try? FileManager.default.attributesOfItem(atPath: link.path) {
        #expect(
          attributes[.type] as? FileAttributeType == .typeSymbolicLink, "\(link.lastPathComponent)")
      }
    }
  }
}
