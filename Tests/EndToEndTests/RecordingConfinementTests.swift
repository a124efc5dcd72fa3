import Foundation
import TestSupport
import Testing

/// A narration script names recordings beside itself only, and a recording's header is judged
/// before anything is decoded: no other file is read, no path's existence told, no header's claim
/// costs memory.
@Suite("Recordings a script names", .serialized)
struct RecordingConfinementTests {
  /// A folder `tenant` holding the script, with another tenant's take beside it in `other`.
  func workspace() throws -> URL {
    let folder = try temporaryFolder()
    for name in ["tenant", "other", "out"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    // A real recording, in the other tenant's folder: one second of a 440 Hz tone.
    let take = folder.appendingPathComponent("other/take.wav")
    let made = try runPython(
      """
      import sys, numpy, soundfile
      t = numpy.arange(22050) / 22050
      soundfile.write(sys.argv[1], 0.3 * numpy.sin(2 * numpy.pi * 440 * t), 22050)
      """, [take.path])
    #expect(made.status == 0, "\(made.output)")
    return folder
  }

  func convert(script audio: String, in folder: URL) throws -> Run {
    let script = folder.appendingPathComponent("tenant/script.json")
    try Data(
      #"{"sentences": [{"part": "intro", "text": "Hi.", "audio": "\#(audio)"}]}"#.utf8
    ).write(to: script)
    return try run(
      [
        "convert", example("dice").path, "-o", "out/d.mid", "--script", "tenant/script.json",
        "--wav", "out/d.wav",
      ], in: folder)
  }

  @Test func aRecordingOutsideTheScriptsFolderIsOneSentenceWhateverTheReason() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("tenant/pipe.wav").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("tenant/link.wav"),
      withDestinationURL: folder.appendingPathComponent("other/take.wav"))
    let names = [
      folder.appendingPathComponent("other/take.wav").path,  // exists, elsewhere
      "../other/take.wav",  // exists, up and out
      "link.wav",  // a link out
      "pipe.wav",  // a FIFO: refused, never waited for
      "../other/none.wav",  // does not exist
      "/etc/passwd",
    ]
    for name in names {
      let result = try convert(script: name, in: folder)
      #expect(result.status == 65, "\(name): \(result.status)")
      // The same words for every reason, the name aside.
      #expect(
        result.error
          == "Error: tenant/script.json: sentences[0].audio: \"\(name.count > 40 ? String(name.prefix(40)) + "…" : name)\" is not a recording beside the script; a script names its recordings only there\n",
        "\(name)")
      #expect(files(in: folder.appendingPathComponent("out")).isEmpty)
    }
    // Beside the script, the same take is used.
    try FileManager.default.copyItem(
      at: folder.appendingPathComponent("other/take.wav"),
      to: folder.appendingPathComponent("tenant/take.wav"))
    let used = try convert(script: "take.wav", in: folder)
    #expect(used.status == 0, "\(used.error)")
  }

  @Test func aHeaderThatClaimsTooMuchIsRefusedBeforeAnythingIsDecoded() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    // FLAC headers (STREAMINFO alone, no audio frames): 655,350 Hz × 600 s in 8 channels, and
    // 48 kHz × 600 s in 8 channels whose sound is not there.
    let made = try runPython(
      """
      import struct, sys
      def flac(path, rate, channels, seconds):
          total = rate * seconds
          bits = (rate << 44) | ((channels - 1) << 41) | ((16 - 1) << 36) | total
          info = struct.pack(">HH", 4096, 4096) + b"\\0" * 6 + bits.to_bytes(8, "big") + b"\\0" * 16
          with open(path, "wb") as out:
              out.write(b"fLaC" + bytes([0x80, 0, 0, 34]) + info + b"\\0" * 20000)
      flac(sys.argv[1], 655350, 8, 600)
      flac(sys.argv[2], 48000, 8, 600)
      """,
      [
        folder.appendingPathComponent("tenant/huge-rate.flac").path,
        folder.appendingPathComponent("tenant/empty-claim.flac").path,
      ])
    #expect(made.status == 0, "\(made.output)")
    let script = folder.appendingPathComponent("tenant/script.json")
    for (name, message) in [
      (
        "huge-rate.flac",
        "huge-rate.flac has a sample rate of 655350 Hz; a recording has 8,000 to 192,000"
      ),
      ("empty-claim.flac", "sentences[0].audio: empty-claim.flac holds no sound"),
    ] {
      try Data(
        #"{"sentences": [{"part": "intro", "text": "Hi.", "audio": "\#(name)"}]}"#.utf8
      ).write(to: script)
      let measured = try runMeasured(
        [
          "convert", example("dice").path, "-o", "out/d.mid", "--script", "tenant/script.json",
          "--wav", "out/d.wav",
        ], in: folder, addressSpace: 4 << 30)
      #expect(measured.run.status != 0, "\(name)")
      #expect(measured.run.error.contains(message), "\(name): \(measured.run.error)")
      #expect(measured.run.error.split(separator: "\n").count == 1, "\(measured.run.error)")
      // Kilobytes in, far less than the gigabytes the header claims.
      #expect(measured.peakMemory < 300 << 20, "\(name): \(measured.peakMemory >> 20) MB")
    }
  }
}
