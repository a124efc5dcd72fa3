/// Arithmetic on runs of samples, eight lanes at a time: the same operations, in the same order,
/// as a loop over one sample at a time, so results are exact to the bit.
enum SampleMath {
  /// `out[i] += source[i] * gain`, eight at a time (the same arithmetic, in lanes).
  static func add(
    _ source: UnsafePointer<Float>, times gain: Float, to out: UnsafeMutablePointer<Float>,
    count: Int
  ) {
    let gains = SIMD8<Float>(repeating: gain)
    var index = 0
    while index + 8 <= count {
      let samples = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD8<Float>.self)
      let sum = UnsafeRawPointer(out + index).loadUnaligned(as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(out + index).storeBytes(
        of: sum + samples * gains, as: SIMD8<Float>.self)
      index += 8
    }
    while index < count {
      out[index] += source[index] * gain
      index += 1
    }
  }

  /// Every sample times `gain`.
  static func scale(_ samples: inout [Float], by gain: Float) {
    guard gain != 1 else { return }
    samples.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      scale(base, by: gain, count: buffer.count)
    }
  }

  /// `out[i] *= gain`, eight at a time.
  static func scale(_ out: UnsafeMutablePointer<Float>, by gain: Float, count: Int) {
    let gains = SIMD8<Float>(repeating: gain)
    var index = 0
    while index + 8 <= count {
      let samples = UnsafeRawPointer(out + index).loadUnaligned(as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(out + index).storeBytes(of: samples * gains, as: SIMD8<Float>.self)
      index += 8
    }
    while index < count {
      out[index] *= gain
      index += 1
    }
  }
}
