import Chart2MIDIChart
import Chart2MIDICore

/// What the additional axes make of a point: its duration, its velocity and its instrument
/// category.
struct NoteShape {
  let options: SonificationOptions
  let roles: AxisRoles
  let durationScale: AxisScale?
  let loudnessScale: AxisScale?
  let categoryIndex: [String: Int]?

  init(chart: ChartDescriptor, roles: AxisRoles, options: SonificationOptions) {
    self.options = options
    self.roles = roles
    categoryIndex = roles.instrument.map { chart.additionalAxes[$0].categorical!.makeIndex() }
    durationScale = roles.duration.map { chart.additionalAxes[$0].numeric!.scale }
    loudnessScale = roles.loudness.map { chart.additionalAxes[$0].numeric!.scale }
  }

  /// The number of categories on the instrument axis (0 without one).
  var categoryCount: Int { categoryIndex?.count ?? 0 }

  /// The duration the duration axis gives a point, in seconds, or nil when no axis sets it.
  @inline(__always)
  func duration(of point: DataPoint) -> Double? {
    guard let axis = roles.duration, case .number(let value) = point.additionalValue(at: axis)
    else {
      return nil
    }
    let position = durationScale!.position(of: value)
    let range = options.durationRange
    return range.lowerBound + position * (range.upperBound - range.lowerBound)
  }

  /// The velocity of a point: from the loudness axis, or the default.
  @inline(__always)
  func velocity(of point: DataPoint) -> UInt8 {
    guard let axis = roles.loudness, case .number(let value) = point.additionalValue(at: axis)
    else {
      return UInt8(clamping: options.velocity)
    }
    let position = loudnessScale!.position(of: value)
    let range = options.velocityRange
    return UInt8(
      clamping: (Double(range.lowerBound) + position * Double(range.count - 1)).nearestInteger)
  }

  /// The category of a point on the instrument axis, or nil when no axis splits its series.
  @inline(__always)
  func category(of point: DataPoint) -> Int? {
    guard let axis = roles.instrument, case .category(let name) = point.additionalValue(at: axis)
    else {
      return nil
    }
    return categoryIndex?[name]
  }
}
