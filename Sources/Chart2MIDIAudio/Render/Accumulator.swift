/// Collects each block's group buffers into the mix and the stems, as the synth makes them: from
/// time 0 of the events, unscaled. Each block is summed in buffers of one block and then appended
/// to its spool, which keeps it in memory or moves it to a scratch file.
struct Accumulator {
  var mix: AudioSpool
  var stems: [AudioSpool]
  /// The stem each synth channel belongs to, if any.
  let stemOfChannel: [Int?]
  let groups: Int
  /// Whether each synth channel has made any sound.
  private(set) var sounded: [Bool]
  /// Whether each output (the mix, then the stems) has sound in the block being summed.
  private var sounding: [Bool]
  /// A block's two sides for the mix and for each stem: `2 * (1 + stems) * blockSize` samples.
  private let block: UnsafeMutableBufferPointer<Float>
  private let blockSize: Int

  /// - Parameter spill: where audio past a memory budget goes; nil keeps it all in memory.
  init(stems count: Int, stemOfChannel: [Int?], groups: Int, blockSize: Int, spill: AudioSpill?) {
    let limit = spill.map { max(LayeredAudio.pieceFrames, $0.memoryBytes / (8 * (1 + count))) }
    mix = AudioSpool(memoryFrames: limit, folder: spill?.folder)
    stems = Array(repeating: AudioSpool(memoryFrames: limit, folder: spill?.folder), count: count)
    self.stemOfChannel = stemOfChannel
    self.groups = groups
    sounded = Array(repeating: false, count: groups)
    sounding = Array(repeating: false, count: 1 + count)
    self.blockSize = blockSize
    block = .allocate(capacity: 2 * (1 + count) * blockSize)
  }

  /// Frees the block buffers.
  func deallocate() { block.deallocate() }

  mutating func reserve(frames: Int) {
    mix.reserve(frames: frames)
    for index in stems.indices { stems[index].reserve(frames: frames) }
  }

  mutating func appendSilence(frames: Int) throws {
    guard frames > 0 else { return }
    frame += frames
    try mix.appendSilence(frames)
    for index in stems.indices { try stems[index].appendSilence(frames) }
  }

  /// The largest sample of the mix in the last block.
  var lastBlockPeak: Float = 0
  /// Where the audio will be cut if it still sounds (a frame), and over how many frames before it
  /// every output fades to silence, so that a capped tail ends without a click.
  var fadeOut: (end: Int, frames: Int)?
  /// The frames summed so far.
  private var frame = 0

  /// The left side of output `index` (0 the mix, then the stems); the right follows it.
  private func side(_ index: Int) -> UnsafeMutablePointer<Float> {
    block.baseAddress! + 2 * index * blockSize
  }

  mutating func add(_ synth: FluidSynthInstance, frames: Int) throws {
    for index in sounding.indices { sounding[index] = false }
    func add(_ source: UnsafeMutablePointer<Float>, to output: Int, side offset: Int) {
      let out = side(output) + offset * blockSize
      if !sounding[output] {
        out.update(repeating: 0, count: frames)
        (side(output) + (1 - offset) * blockSize).update(repeating: 0, count: frames)
        sounding[output] = true
      }
      SampleMath.add(source, times: 1, to: out, count: frames)
    }
    // Reverb goes to the mix only.
    if synth.hasReverb {
      add(synth.reverbBuffer(side: 0), to: 0, side: 0)
      add(synth.reverbBuffer(side: 1), to: 0, side: 1)
    }
    for group in 0..<groups where synth.groupIsActive(group) {
      sounded[group] = true
      let left = synth.buffer(group: group, side: 0)
      let right = synth.buffer(group: group, side: 1)
      add(left, to: 0, side: 0)
      add(right, to: 0, side: 1)
      if let stem = stemOfChannel[group], stem < stems.count {
        add(left, to: 1 + stem, side: 0)
        add(right, to: 1 + stem, side: 1)
      }
    }
    guard sounding[0] else {
      lastBlockPeak = 0
      try appendSilence(frames: frames)
      return
    }
    // Inside the fade before a cut: every output falls linearly to silence at the cut.
    if let fadeOut, frame + frames > fadeOut.end - fadeOut.frames {
      for output in sounding.indices where sounding[output] {
        for offset in 0..<2 {
          let samples = side(output) + offset * blockSize
          for index in 0..<frames {
            let left = Float(fadeOut.end - (frame + index)) / Float(max(1, fadeOut.frames))
            samples[index] *= min(1, max(0, left))
          }
        }
      }
    }
    frame += frames
    lastBlockPeak = max(
      StereoAudio.peak(of: UnsafeBufferPointer(start: side(0), count: frames)),
      StereoAudio.peak(of: UnsafeBufferPointer(start: side(0) + blockSize, count: frames)))
    try mix.append(side(0), side(0) + blockSize, count: frames)
    for index in stems.indices {
      if sounding[1 + index] {
        try stems[index].append(side(1 + index), side(1 + index) + blockSize, count: frames)
      } else {
        try stems[index].appendSilence(frames)
      }
    }
  }
}
