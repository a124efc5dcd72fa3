import Foundation
import TestSupport
import Testing

/// The environment of the tests without `CHART2MIDI_SOUNDFONT`, so that the program finds its
/// soundfont by its own means.
let environmentWithoutSoundFont = ProcessInfo.processInfo.environment.filter {
  $0.key != "CHART2MIDI_SOUNDFONT"
}.merging(["SOURCE_DATE_EPOCH": "1700000000"]) { current, _ in current }

/// The `soundfont:` line a conversion printed.
func soundFontLine(_ result: Run) -> String? {
  result.error.split(separator: "\n").first { $0.hasPrefix("soundfont: ") }.map {
    String($0.dropFirst("soundfont: ".count))
  }
}

@Suite("The same bytes wherever it runs, and installed", .serialized)
struct InstallTests {
  /// Converts the dice chart to MIDI and a mix in `output`, running from `folder`.
  func convert(program: URL = executable, from folder: URL, into output: URL) throws -> Run {
    try run(
      [
        "convert", example("dice").path, "-o", output.appendingPathComponent("dice.mid").path,
        "--wav", output.appendingPathComponent("dice.wav").path,
      ], program: program, in: folder, environment: environmentWithoutSoundFont)
  }

  @Test func theWorkingFolderChangesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A working folder that holds another soundfont under the project's file name.
    let decoy = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(
      at: decoy.appendingPathComponent("soundfonts"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/share/sounds/sf2/default-GM.sf2").resolvingSymlinksInPath(),
      to: decoy.appendingPathComponent("soundfonts/chart2midi.sf2"))
    var outputs: [URL] = []
    var soundFonts: [String] = []
    for (index, place) in [URL(fileURLWithPath: "/"), decoy, projectRoot].enumerated() {
      let output = folder.appendingPathComponent("out-\(index)")
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
      let result = try convert(from: place, into: output)
      #expect(result.status == 0, "\(result.error)")
      soundFonts.append(try #require(soundFontLine(result)))
      outputs.append(output)
    }
    #expect(Set(soundFonts).count == 1, "\(soundFonts)")
    #expect(soundFonts[0].hasSuffix("/chart2midi.sf2") && !soundFonts[0].contains("/elsewhere/"))
    for name in ["dice.mid", "dice.wav"] {
      let first = try Data(contentsOf: outputs[0].appendingPathComponent(name))
      for output in outputs.dropFirst() {
        #expect(try Data(contentsOf: output.appendingPathComponent(name)) == first, "\(name)")
      }
    }
  }

  @Test func theInstalledProgramUsesItsInstalledSoundFont() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("prefix")
    // The build the tests run is the debug one; `make install` builds and then does the same.
    let make = Process()
    make.executableURL = try tool("make")
    make.arguments = [
      "--no-print-directory", "-C", projectRoot.path, "install-files", "CONFIG=debug",
      "PREFIX=\(prefix.path)",
    ]
    make.standardOutput = FileHandle.nullDevice
    try make.run()
    make.waitUntilExit()
    #expect(make.terminationStatus == 0)
    let installed = prefix.appendingPathComponent("bin/chart2midi")
    let share = prefix.appendingPathComponent("share")
    for path in [
      "chart2midi/chart2midi.sf2", "man/man1/chart2midi.1",
      "bash-completion/completions/chart2midi",
      "zsh/site-functions/_chart2midi", "fish/vendor_completions.d/chart2midi.fish",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: share.appendingPathComponent(path).path), "\(path)")
    }
    // Run from /, the installed program renders with the installed soundfont, the same bytes as
    // the build in the tree.
    let fromInstall = folder.appendingPathComponent("installed")
    let fromTree = folder.appendingPathComponent("tree")
    for output in [fromInstall, fromTree] {
      try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    }
    let installedRun = try convert(
      program: installed, from: URL(fileURLWithPath: "/"), into: fromInstall)
    #expect(installedRun.status == 0, "\(installedRun.error)")
    #expect(
      soundFontLine(installedRun) == share.appendingPathComponent("chart2midi/chart2midi.sf2").path)
    let treeRun = try convert(from: URL(fileURLWithPath: "/"), into: fromTree)
    #expect(treeRun.status == 0)
    for name in ["dice.mid", "dice.wav"] {
      #expect(
        try Data(contentsOf: fromInstall.appendingPathComponent(name))
          == Data(contentsOf: fromTree.appendingPathComponent(name)), "\(name)")
    }
    // man shows its page; the bash completion is a script bash reads.
    let man = Process()
    man.executableURL = try tool("man")
    man.arguments = ["-P", "cat", "chart2midi"]
    man.environment = [
      "MANPATH": share.appendingPathComponent("man").path, "PATH": "/usr/bin:/bin",
    ]
    let page = Pipe()
    man.standardOutput = page
    man.standardError = FileHandle.nullDevice
    try man.run()
    let text = String(decoding: page.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    man.waitUntilExit()
    #expect(man.terminationStatus == 0)
    #expect(
      text.contains("CHART2MIDI(1)") && text.contains("convert") && text.contains("--pad-start"))
    // The completions offer a choice flag's values.
    let completion = try String(
      contentsOf: share.appendingPathComponent("bash-completion/completions/chart2midi"),
      encoding: .utf8)
    #expect(completion.contains("'29.97df'") && completion.contains("'pentatonic'"))
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = [
      "-n", share.appendingPathComponent("bash-completion/completions/chart2midi").path,
    ]
    try bash.run()
    bash.waitUntilExit()
    #expect(bash.terminationStatus == 0)
  }

  /// A program copied without its soundfont fails to render and says where it looked, rather than
  /// render with another soundfont; MIDI alone needs none, and a soundfont named is used.
  @Test func aProgramWithoutItsSoundFontSaysSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("bin/chart2midi")
    try FileManager.default.createDirectory(
      at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: executable, to: alone)
    let failed = try convert(program: alone, from: folder, into: folder)
    #expect(failed.status != 0)
    #expect(
      failed.error.contains(
        "chart2midi's own soundfont, chart2midi.sf2, is not beside this program")
        && failed.error.contains(folder.appendingPathComponent("share/chart2midi").path),
      "\(failed.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dice.wav").path))
    let midiOnly = try run(
      ["convert", example("dice").path, "-o", "dice.mid"], program: alone, in: folder,
      environment: environmentWithoutSoundFont)
    #expect(midiOnly.status == 0, "\(midiOnly.error)")
    let named = try run(
      [
        "convert", example("dice").path, "-o", "dice.mid", "--wav", "dice.wav", "--soundfont", "gm",
      ],
      program: alone, in: folder, environment: environmentWithoutSoundFont)
    #expect(named.status == 0, "\(named.error)")
    #expect(soundFontLine(named) == "/usr/share/sounds/sf2/default-GM.sf2")
    // A soundfont named by the environment that is not there is an error, not passed over.
    var environment = environmentWithoutSoundFont
    environment["CHART2MIDI_SOUNDFONT"] = folder.appendingPathComponent("missing.sf2").path
    let missing = try run(
      ["convert", example("dice").path, "-o", "d.mid", "--wav", "d.wav"], in: folder,
      environment: environment)
    #expect(missing.status != 0)
    #expect(missing.error.contains("missing.sf2 that CHART2MIDI_SOUNDFONT names does not exist"))
  }
}
