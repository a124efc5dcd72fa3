import Foundation
import TestSupport
import Testing

/// A Vega-Lite specification reads data only beside itself or in `--data-dir`, unless
/// `--allow-data-anywhere`; its messages never repeat a data file's contents.
@Suite("Data stays inside the chart's folder", .serialized)
struct DataContainmentTests {
  /// A folder `spec` holding specifications, and a folder `other` beside it with a secret.
  func workspace() throws -> URL {
    let folder = try temporaryFolder()
    for name in ["spec", "other"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
    }
    try Data("name,v\ns3cr3t-Pa55,1\nother,2\n".utf8).write(
      to: folder.appendingPathComponent("other/secret.csv"))
    return folder
  }

  func specification(_ url: String, format: String = "", field: String = "name") -> String {
    """
    {"data": {"url": "\(url)"\(format)}, "mark": "point", "encoding": {"x": {"field": "\(field)", \
    "type": "nominal"}, "y": {"field": "v", "type": "quantitative"}}}
    """
  }

  func write(_ text: String, _ name: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent("spec/\(name)"))
  }

  @Test func aURLThatLeadsOutIsRefusedWithoutItsContents() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(specification("../other/secret.csv"), "up.json", in: folder)
    try write(
      specification(folder.appendingPathComponent("other/secret.csv").path), "abs.json", in: folder)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("spec/link.csv"),
      withDestinationURL: folder.appendingPathComponent("other/secret.csv"))
    try write(specification("link.csv"), "link.json", in: folder)
    for (name, url) in [
      ("up", "../other/secret.csv"),
      ("abs", folder.appendingPathComponent("other/secret.csv").path),
      ("link", "link.csv"),
    ] {
      for command in ["describe", "convert"] {
        let result = try run(
          [command, "spec/\(name).json", "-o", "out.mid"].prefix(command == "convert" ? 4 : 2).map {
            $0
          }, in: folder)
        #expect(result.status == 65)
        #expect(
          result.error
            == "Error: spec/\(name).json: data.url: \"\(url.count > 40 ? String(url.prefix(40)) + "…" : url)\" is not a data file beside the specification; a chart reads data only from a regular file there, unless reading data anywhere is allowed\n",
          "\(command) \(name)")
        #expect(!result.output.contains("s3cr3t") && !result.error.contains("s3cr3t"))
      }
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mid").path))
    }
    // Trusted use: the data folder named, or data allowed anywhere.
    let named = try run(["describe", "spec/up.json", "--data-dir", "other"], in: folder)
    #expect(named.status == 0, "\(named.error)")
    for name in ["up", "abs", "link"] {
      let allowed = try run(["describe", "spec/\(name).json", "--allow-data-anywhere"], in: folder)
      #expect(allowed.status == 0, "\(name): \(allowed.error)")
    }
  }

  @Test func aDataValueIsNotRepeatedInAMessage() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"config": {"password": "s3cr3t-Pa55"}}"#.utf8).write(
      to: folder.appendingPathComponent("spec/conf.json"))
    try write(
      specification("conf.json", format: #", "format": {"property": "config.password"}"#),
      "prop.json", in: folder)
    let result = try run(["describe", "spec/prop.json"], in: folder)
    #expect(
      result.error == "Error: spec/prop.json: data.url: expected an array of rows, found a string\n"
    )
  }

  @Test func aMistakeInADataFileNamesTheFileItsLineAndColumn() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("[{\"name\": \"a\", \"v\": 1},\n {\"name\": \"b\" \"v\": 2}]".utf8).write(
      to: folder.appendingPathComponent("spec/bad.json"))
    try write(specification("bad.json"), "bad-data.json", in: folder)
    let result = try run(["describe", "spec/bad-data.json"], in: folder)
    #expect(
      result.error
        == "Error: spec/bad.json: line 2, column 15: expected ',' or '}' after an object member, found '\"'\n"
    )
  }

  @Test func aFIFOIsNotReadAsData() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("spec/pipe.csv").path, 0o600) == 0)
    try write(specification("pipe.csv"), "pipe.json", in: folder)
    let result = try run(["describe", "spec/pipe.json"], in: folder)
    #expect(
      result.error
        == "Error: spec/pipe.json: data.url: \"pipe.csv\" is not a data file beside the specification; a chart reads data only from a regular file there, unless reading data anywhere is allowed\n"
    )
  }

  @Test func aFIFOOrADeviceIsRefusedNotWaitedFor() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["chart.json", "pipe.sf2", "pipe.mid"] {
      #expect(mkfifo(folder.appendingPathComponent(name).path, 0o600) == 0)
    }
    let dice = example("dice").path
    for (arguments, message) in [
      (["validate", "chart.json"], "chart.json: cannot read the file (it is not a regular file)"),
      (
        ["convert", dice, "-o", "x.mid", "--wav", "x.wav", "--soundfont", "pipe.sf2"],
        "--soundfont: the soundfont pipe.sf2 is not a regular file"
      ),
      (["inspect", "pipe.mid"], "pipe.mid: cannot read the file (it is not a regular file)"),
      (["inspect", "/dev/zero"], "/dev/zero: cannot read the file (it is not a regular file)"),
    ] {
      let result = try run(arguments, in: folder)
      // An input that cannot be read is 66; a soundfont a flag names, the flag's mistake (64).
      #expect(result.status == (arguments.contains("--soundfont") ? 64 : 66))
      #expect(result.error == "Error: \(message)\n")
    }
    #expect(files(in: folder) == ["chart.json", "pipe.mid", "pipe.sf2"])
  }
}
