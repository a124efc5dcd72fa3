// Measures of audio that tests of every module use.

/// Root mean square of a stretch of one side.
public func rms(_ samples: [Float], from start: Int, to end: Int) -> Double {
  let lower = max(0, start)
  let upper = min(samples.count, end)
  guard lower < upper else { return 0 }
  let slice = samples[lower..<upper]
  return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
}

/// The fundamental frequency by autocorrelation, searching 50 Hz to 2 kHz.
public func fundamental(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
  let signal = samples.map(Double.init)
  let minLag = sampleRate / 2000
  let maxLag = sampleRate / 50
  var best = (lag: 0, value: -Double.infinity)
  var correlations = [Double](repeating: 0, count: maxLag + 2)
  for lag in minLag...(maxLag + 1) {
    var sum = 0.0
    for index in 0..<(signal.count - lag) { sum += signal[index] * signal[index + lag] }
    correlations[lag] = sum
  }
  // The first strong peak: the true period, not a multiple of it.
  let global = correlations[minLag...maxLag].max()!
  for lag in (minLag + 1)..<maxLag
  where correlations[lag] > 0.9 * global && correlations[lag] >= correlations[lag - 1]
    && correlations[lag] >= correlations[lag + 1]
  {
    best = (lag, correlations[lag])
    break
  }
  // Parabolic interpolation around the peak.
  let (a, b, c) = (correlations[best.lag - 1], correlations[best.lag], correlations[best.lag + 1])
  let shift = (a - c) / (2 * (a - 2 * b + c))
  return Double(sampleRate) / (Double(best.lag) + shift)
}
