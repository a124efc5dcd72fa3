import Chart2MIDIChart
import Foundation
import TextEncoders

extension ChartPage {
  /// The drawing: the plot area's frame; each axis's ticks, labelled in the axis's words at the
  /// chart's gridlines or at round values, with gridlines; each series as a line or as points (a
  /// dash pattern and a marker shape apart, not only a colour); the cursor; the axes' titles.
  static func svg(_ chart: ChartDescriptor, data: Data, language: DescriptionLanguage) -> String {
    let xTicks = ticks(chart.xAxis, language: language)
    // A long y label keeps its number and leaves its unit's words to the axis's title.
    let yTicks = chart.yAxis.ticks(language: language).map { tick in
      var tick = tick
      if tick.label.count > 8, let last = tick.label.lastIndex(where: \.isNumber),
        tick.label[tick.label.index(after: last)...].allSatisfy({ $0.isLetter || $0 == " " })
      {
        tick.label = String(tick.label[...last])
      }
      return tick
    }
    // Room at the left for the longest y label (about 7 units a character at this size).
    let longest = yTicks.map(\.label.count).max() ?? 0
    // Room at the right for half the last x label (about 6.5 units a character).
    let last = Double(xTicks.last?.label.count ?? 0) * 3.3
    let (width, height, top, bottom) = (640.0, 360.0, 16.0, 52.0)
    let left = min(180, max(40, Double(longest) * 7 + 30))
    let right = min(120, max(24, last + 6))
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func x(_ fraction: Double) -> String { String(format: "%.1f", left + fraction * plotWidth) }
    func y(_ fraction: Double) -> String {
      String(format: "%.1f", top + (1 - fraction) * plotHeight)
    }
    var parts: [String] = []
    // Every tick has its gridline; labels are left out evenly where they would run together.
    let widest = Double(xTicks.map(\.label.count).max() ?? 1) * 6.5 + 10
    let xEvery = labelStride(xTicks.count, room: plotWidth, each: widest)
    let yEvery = labelStride(yTicks.count, room: plotHeight, each: 18)
    for (index, tick) in xTicks.enumerated() {
      parts.append(
        "<line class=\"grid\" x1=\"\(x(tick.at))\" y1=\"\(y(0))\" x2=\"\(x(tick.at))\" y2=\"\(y(1))\"/>"
      )
      guard index % xEvery == 0 else { continue }
      parts.append(
        "<text class=\"tick\" x=\"\(x(tick.at))\" y=\"\(String(format: "%.1f", top + plotHeight + 16))\" text-anchor=\"middle\">\(HTMLText.text(tick.label))</text>"
      )
    }
    for (index, tick) in yTicks.enumerated() {
      parts.append(
        "<line class=\"grid\" x1=\"\(x(0))\" y1=\"\(y(tick.at))\" x2=\"\(x(1))\" y2=\"\(y(tick.at))\"/>"
      )
      guard index % yEvery == 0 else { continue }
      parts.append(
        "<text class=\"tick\" x=\"\(String(format: "%.1f", left - 6))\" y=\"\(y(tick.at))\" dy=\"0.35em\" text-anchor=\"end\">\(HTMLText.text(tick.label))</text>"
      )
    }
    parts.append(
      "<rect class=\"frame\" x=\"\(x(0))\" y=\"\(y(1))\" width=\"\(String(format: "%.1f", plotWidth))\" height=\"\(String(format: "%.1f", plotHeight))\"/>"
    )
    let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2"]
    for (index, series) in data.series.enumerated() {
      let dash = dashes[index % dashes.count]
      if series.continuous {
        let points = series.points.sorted { $0.px < $1.px }
          .map { "\(x($0.px)),\(y($0.py))" }.joined(separator: " ")
        parts.append(
          "<polyline class=\"series s\(index % 5)\" stroke-dasharray=\"\(dash)\" points=\"\(points)\"/>"
        )
      } else {
        for point in series.points {
          parts.append(
            "<circle class=\"point s\(index % 5)\" cx=\"\(x(point.px))\" cy=\"\(y(point.py))\" r=\"3.5\"/>"
          )
        }
      }
    }
    parts.append(
      "<circle id=\"cursor\" class=\"cursor\" cx=\"\(x(0))\" cy=\"\(y(0))\" r=\"7\" visibility=\"hidden\"/>"
    )
    parts.append(
      "<text class=\"axis\" x=\"\(x(0.5))\" y=\"\(String(format: "%.1f", height - 8))\" text-anchor=\"middle\">\(HTMLText.text(chart.xAxis.title))</text>"
    )
    parts.append(
      "<text class=\"axis\" x=\"14\" y=\"\(y(0.5))\" text-anchor=\"middle\" transform=\"rotate(-90 14 \(y(0.5)))\">\(HTMLText.text(chart.yAxis.title))</text>"
    )
    return
      "<svg viewBox=\"0 0 640 360\" aria-hidden=\"true\" focusable=\"false\" data-left=\"\(left)\" data-top=\"\(top)\" data-width=\"\(plotWidth)\" data-height=\"\(plotHeight)\">"
      + parts.joined() + "</svg>"
  }

  /// Every how many ticks a label fits, when `count` ticks share `room` units and a label takes
  /// `each`.
  static func labelStride(_ count: Int, room: Double, each: Double) -> Int {
    guard count > 1 else { return 1 }
    let fits = max(1, Int(room / each) + 1)
    return (count + fits - 1) / fits
  }

  /// The x axis's ticks: a numeric axis's, or a categorical axis's categories (every one, or
  /// every few so that at most 60 are drawn).
  static func ticks(_ axis: Axis, language: DescriptionLanguage) -> [Tick] {
    switch axis {
    case .numeric(let numeric): return numeric.ticks(language: language)
    case .categorical(let categorical):
      let names = categorical.categoryOrder
      guard names.count > 1 else { return names.map { Tick(at: 0.5, label: $0) } }
      let every = (names.count + 59) / 60
      return stride(from: 0, to: names.count, by: every).map {
        Tick(at: Double($0) / Double(names.count - 1), label: names[$0])
      }
    }
  }

  /// A labelled place on an axis, 0 to 1 along it.
  struct Tick: Equatable {
    var at: Double
    var label: String
  }
}

extension NumericAxis {
  /// The places the page labels: the chart's gridlines when it has some; else round values,
  /// about five (1, 2 or 5 times a power of ten apart; powers of ten on a log axis; on a date
  /// axis, evenly apart), in the axis's words.
  func ticks(language: DescriptionLanguage) -> [ChartPage.Tick] {
    let (low, high) = (range.lowerBound, range.upperBound)
    guard high > low, low.isFinite, high.isFinite else { return [] }
    var values: [Double] = []
    let decades =
      scaleType != .linear && low > 0
      ? Int(
        log10(low).rounded(.up))...max(
          Int(log10(low).rounded(.up)), Int(log10(high).rounded(.down)))
      : nil
    if !gridlinePositions.isEmpty {
      values = gridlinePositions.filter { range.contains($0) }
    } else if let decades, decades.count > 1 {
      values = decades.map { pow(10, Double($0)) }.filter { range.contains($0) }
    } else if dateFormat != nil {
      values = (0...4).map { low + (high - low) * Double($0) / 4 }
    } else {
      let rough = (high - low) / 5
      let power = pow(10, (log10(rough)).rounded(.down))
      let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
      values = []
      var value = (low / step).rounded(.up) * step
      while value <= high + step * 1e-9 {
        values.append(abs(value) < step * 1e-9 ? 0 : value)
        value += step
      }
    }
    // At most 60 gridlines.
    if values.count > 60 {
      let every = (values.count + 59) / 60
      values = stride(from: 0, to: values.count, by: every).map { values[$0] }
    }
    return values.map {
      ChartPage.Tick(at: normalizedPosition(of: $0), label: describe($0, in: language))
    }
  }
}
