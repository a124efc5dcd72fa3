// Writes the project's soundfont: chart2midi-soundfont [OUTPUT.sf2]
// (default soundfonts/chart2midi.sf2). See soundfonts/README.md.
import Foundation
import SoundFontMaker

let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "soundfonts/chart2midi.sf2"
let bytes = ProjectSoundFont.make()
do {
  let url = URL(fileURLWithPath: path)
  let temporary = url.deletingLastPathComponent().appendingPathComponent(
    ".\(url.lastPathComponent).tmp")
  try Data(bytes).write(to: temporary)
  guard rename(temporary.path, url.path) == 0 else {
    throw CocoaError(.fileWriteUnknown)
  }
  print("wrote \(path) (\(bytes.count / 1024) KB)")
} catch {
  FileHandle.standardError.write(Data("cannot write \(path): \(error.localizedDescription)\n".utf8))
  exit(1)
}
