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
      lastBlockPeak = 0
      for frame in start..<(start + frames) {
        lastBlockPeak = max(lastBlockPeak, abs(mix.left[frame]), abs(mix.right[frame]))
      }
    }
    // Reverb goes to the mix only.
    if synth.hasReverb {
      let left = synth.reverbBuffer(side: 0)
      let right = synth.reverbBuffer(side: 1)
      for frame in 0..<frames {
        mix.left[start + frame] += left[frame]
        mix.right[start + frame] += right[frame]
      }
    }
    for index in stems.indices {
      stems[index].left.append(contentsOf: repeatElement(0, count: frames))
      stems[index].right.append(contentsOf: repeatElement(0, count: frames))
    }
    for group in 0..<groups where synth.groupIsActive(group) {
      let left = synth.buffer(group: group, side: 0)
      let right = synth.buffer(group: group, side: 1)
      let stem = stemOfChannel[group]
      mix.left.withUnsafeMutableBufferPointer { out in
        for frame in 0..<frames { out[start + frame] += left[frame] }
      }
      mix.right.withUnsafeMutableBufferPointer { out in
        for frame in 0..<frames { out[start + frame] += right[frame] }
      }
      if let stem, stem < stems.count {
        stems[stem].left.withUnsafeMutableBufferPointer { out in
          for frame in 0..<frames { out[start + frame] += left[frame] }
        }
        stems[stem].right.withUnsafeMutableBufferPointer { out in
          for frame in 0..<frames { out[start + frame] += right[frame] }
        }
      }
    }
  }
}
