/// Collects each block's group buffers into the mix and the stems, as the synth makes them: from
/// time 0 of the events, unscaled.
struct Accumulator {
  var mix = StereoAudio(frames: 0)
  var stems: [StereoAudio]
  /// The stem each synth channel belongs to, if any.
  let stemOfChannel: [Int?]
  let groups: Int

  init(stems count: Int, stemOfChannel: [Int?], groups: Int) {
    stems = Array(repeating: StereoAudio(frames: 0), count: count)
    self.stemOfChannel = stemOfChannel
    self.groups = groups
  }

  mutating func reserve(frames: Int) {
    mix.left.reserveCapacity(frames)
    mix.right.reserveCapacity(frames)
    for index in stems.indices {
      stems[index].left.reserveCapacity(frames)
      stems[index].right.reserveCapacity(frames)
    }
  }

  mutating func appendSilence(frames: Int) {
    guard frames > 0 else { return }
    mix.left.append(contentsOf: repeatElement(0, count: frames))
    mix.right.append(contentsOf: repeatElement(0, count: frames))
    for index in stems.indices {
      stems[index].left.append(contentsOf: repeatElement(0, count: frames))
      stems[index].right.append(contentsOf: repeatElement(0, count: frames))
    }
  }

  /// The largest sample of the mix in the last block.
  var lastBlockPeak: Float = 0

  mutating func add(_ synth: FluidSynthInstance, frames: Int) {
    let start = mix.frames
    mix.left.append(contentsOf: repeatElement(0, count: frames))
    mix.right.append(contentsOf: repeatElement(0, count: frames))
    defer {
      lastBlockPeak = max(
        mix.left[start...].withUnsafeBufferPointer(StereoAudio.peak(of:)),
        mix.right[start...].withUnsafeBufferPointer(StereoAudio.peak(of:)))
    }
    /// Adds a block of the synth's output to the frames from `start` on.
    func add(_ block: UnsafeMutablePointer<Float>, to samples: inout [Float]) {
      samples.withUnsafeMutableBufferPointer { out in
        SampleMath.add(block, times: 1, to: out.baseAddress! + start, count: frames)
      }
    }
    // Reverb goes to the mix only.
    if synth.hasReverb {
      add(synth.reverbBuffer(side: 0), to: &mix.left)
      add(synth.reverbBuffer(side: 1), to: &mix.right)
    }
    for index in stems.indices {
      stems[index].left.append(contentsOf: repeatElement(0, count: frames))
      stems[index].right.append(contentsOf: repeatElement(0, count: frames))
    }
    for group in 0..<groups where synth.groupIsActive(group) {
      let left = synth.buffer(group: group, side: 0)
      let right = synth.buffer(group: group, side: 1)
      add(left, to: &mix.left)
      add(right, to: &mix.right)
      if let stem = stemOfChannel[group], stem < stems.count {
        add(left, to: &stems[stem].left)
        add(right, to: &stems[stem].right)
      }
    }
  }
}
