import Chart2MIDIAudio
import Chart2MIDISMFReader
import Foundation
import FuzzSupport

/// The project's soundfont, found once.
let soundFont = try! SoundFontLocator.locate()

/// One run: a MIDI file rendered by FluidSynth to a mix and stems, as `render` does.
/// Files longer than 20 seconds are skipped, to keep each run short.
func fuzzRender(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start,
    let file = try? MIDIFile(bytes: Array(UnsafeBufferPointer(start: start, count: count))),
    file.lengthSeconds <= 20
  else { return 0 }
  var options = RenderOptions()
  options.rendersStems = true
  _ = try? FluidSynthRenderer(soundFont: soundFont, options: options).render(
    Performance(file: file))
  return 0
}

runFuzzer { fuzzRender($0, $1) }
