// swift-format-ignore-file
// The chart-descriptor sample of the documentation page "Representing chart data as an audio graph",
// from `let dataPoints = cars.map` through the `AXChartDescriptor(...)` call, compiled unchanged with
// `import Chart2MIDIKit`.
import Chart2MIDIKit
import Foundation
import Testing

struct Car {
  var make: String
  var model: String
  var weight: Double
  var mpg: Double
  var msrp: Double
  var country: String
}

func generateData() -> [Car] {
  [
    Car(make: "Honda", model: "Civic", weight: 1.32, mpg: 34, msrp: 21500, country: "Japan"),
    Car(make: "Toyota", model: "Prius", weight: 1.38, mpg: 52, msrp: 25000, country: "Japan"),
    Car(make: "Ford", model: "F-150", weight: 2.05, mpg: 20, msrp: 33000, country: "USA"),
    Car(make: "BMW", model: "3 Series", weight: 1.6, mpg: 28, msrp: 43000, country: "Germany"),
    Car(make: "Chevrolet", model: "Tahoe", weight: 2.65, mpg: 17, msrp: 52000, country: "USA"),
  ]
}

/// Builds the chart as the sample does.
func sampleChartDescriptor() -> AXChartDescriptor? {
  var accessibilityChartDescriptor: AXChartDescriptor?
  let cars = generateData()

  // --- The documentation's code, unchanged. ---
  // Generate the data points from the model data.
  let dataPoints = cars.map({
      return AXDataPoint(x: $0.weight,
                         y: $0.mpg,
          additionalValues: [.number($0.msrp), .category($0.country)],
                     label: "\($0.make) \($0.model)")
  })

  // Make the series descriptor.
  let series = AXDataSeriesDescriptor(name: "Cars",
                              isContinuous: false,
                                dataPoints: dataPoints)

  // Make the axis descriptors.
  let weight = AXNumericDataAxisDescriptor(title: "Weight",
                                           range: 0...5,
                               gridlinePositions: [0, 1, 2, 3, 4, 5]) { value -> String in
      let format = NSLocalizedString("%.2f tons",
                             comment: "Format string for values in tons")
      return String.localizedStringWithFormat(format, value)
  }

  let mpg = AXNumericDataAxisDescriptor(title: "Fuel Efficiency",
                                        range: 0...50,
                            gridlinePositions: [0, 10, 20, 30, 40, 50]) { value -> String in
      let format = NSLocalizedString("%ld miles per gallon",
                             comment: "Format string for values in miles per gallon")
      return String.localizedStringWithFormat(format, value)
  }

  let msrp = AXNumericDataAxisDescriptor(title: "MSRP",
                                         range: 0...150000,
                             gridlinePositions: []) { value -> String in
      let format = NSLocalizedString("%ld MSRP",
                             comment: "Format string for MSRP values")
      return String.localizedStringWithFormat(format, value)
  }

  let country = AXCategoricalDataAxisDescriptor(title: "Country",
                                        categoryOrder: cars.compactMap{ $0.country })

  // Write a localized title for the chart.
  let title = NSLocalizedString("Vehicle Weight vs Fuel Efficiency by Country and MSRP",
                                comment: "Chart title for fuel efficiency vs mpg chart")

  // Write a summary of the chart's data.
  let summary = NSLocalizedString("The chart shows that fuel efficiency decreases as vehicle weight increases.",
                                  comment: "Chart summary for fuel efficiency vs mpg chart")

  // Make and set the chart descriptor.
  accessibilityChartDescriptor = AXChartDescriptor(title: title,
                                                   summary: summary,
                                                   xAxis: weight,
                                                   yAxis: mpg,
                                                   additionalAxes: [msrp, country],
                                                   series: [series])
  // --- End of the documentation's code. ---
  return accessibilityChartDescriptor
}

@Suite("The documentation's sample")
struct DocumentationSampleTests {
  @Test func itBuildsTheFourAxisChart() throws {
    let chart = try ChartDescriptor(try #require(sampleChartDescriptor()))
    #expect(chart.title == "Vehicle Weight vs Fuel Efficiency by Country and MSRP")
    #expect(chart.xAxis.title == "Weight")
    #expect(chart.yAxis.title == "Fuel Efficiency")
    #expect(chart.additionalAxes.map(\.title) == ["MSRP", "Country"])
    // The sample lists a country per car; the chart keeps each once, in first-seen order.
    #expect(chart.additionalAxes[1].categorical?.categoryOrder == ["Japan", "USA", "Germany"])
    #expect(chart.series[0].dataPoints.count == 5)
    #expect(chart.series[0].dataPoints[1].label == "Toyota Prius")
  }

  @Test func theValueDescriptionProvidersWriteTheValues() throws {
    let chart = try ChartDescriptor(try #require(sampleChartDescriptor()))
    #expect(chart.xAxis.numeric?.describe(1.32) == "1.32 tons")
    // The sample formats a Double with %ld, which reads no integer argument: the closure is used as
    // written, and says what it says. ("%.0f miles per gallon" is what it means.)
    let mpgClosure = try #require(sampleChartDescriptor()?.yAxis).valueDescriptionProvider
    #expect(chart.yAxis.describe(34) == mpgClosure(34))
    // Markers in the MIDI file carry the closures' text.
    var options = SonificationOptions()
    options.markers = .labelled
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let markers = score.conductorEvents.compactMap { event -> String? in
      if case .marker(let text) = event.message { return text }
      return nil
    }
    #expect(markers.first == "Honda Civic: 1.32 tons, \(mpgClosure(34))")
  }

  @Test func theMappingRolesAreTimePitchDurationAndTimbre() throws {
    let descriptor = try #require(sampleChartDescriptor())
    let score = try ChartMapper().makeScore(for: descriptor)
    // Country splits the series into one track per country, each its own program.
    #expect(score.tracks.map(\.name) == ["Cars: Japan", "Cars: USA", "Cars: Germany", "Gridlines"])
    #expect(Set(score.tracks.prefix(3).map(\.program)).count == 3)
    // MSRP sets duration: 21,500 of 150,000 -> 0.1 + 0.143 × 0.7 s; 52,000 -> 0.1 + 0.347 × 0.7 s.
    func duration(of track: ScoreTrack) -> [Double] {
      var onsets: [UInt7: Double] = [:]
      var lengths: [Double] = []
      for event in track.events {
        if case .noteOn(let note, _) = event.message { onsets[note] = event.time }
        if case .noteOff(let note) = event.message, let onset = onsets[note] { lengths.append(event.time - onset) }
      }
      return lengths
    }
    let japan = duration(of: score.tracks[0])
    #expect(abs(japan[0] - (0.1 + 21500.0 / 150000 * 0.7)) < 1.0 / 960)
    // Weight sets time: 1.32 of 5 tons over 10 s.
    let firstOn = score.tracks[0].events.first { if case .noteOn = $0.message { true } else { false } }
    #expect(abs((firstOn?.time ?? 0) - 1.32 / 5 * 10) < 1.0 / 960)
  }

  @Test func itConvertsToTheSameChartAsTheEquivalentJSON() throws {
    let fromSwift = try ChartDescriptor(try #require(sampleChartDescriptor()))
    let json = """
      {"title": "Vehicle Weight vs Fuel Efficiency by Country and MSRP",
       "summary": "The chart shows that fuel efficiency decreases as vehicle weight increases.",
       "xAxis": {"type": "numeric", "title": "Weight", "range": [0, 5], "gridlinePositions": [0, 1, 2, 3, 4, 5]},
       "yAxis": {"type": "numeric", "title": "Fuel Efficiency", "range": [0, 50], "gridlinePositions": [0, 10, 20, 30, 40, 50]},
       "additionalAxes": [{"type": "numeric", "title": "MSRP", "range": [0, 150000], "gridlinePositions": []},
                          {"type": "categorical", "title": "Country", "categoryOrder": ["Japan", "USA", "Germany"]}],
       "series": [{"name": "Cars", "isContinuous": false, "dataPoints": [
         {"x": 1.32, "y": 34, "additionalValues": [21500, "Japan"], "label": "Honda Civic"},
         {"x": 1.38, "y": 52, "additionalValues": [25000, "Japan"], "label": "Toyota Prius"},
         {"x": 2.05, "y": 20, "additionalValues": [33000, "USA"], "label": "Ford F-150"},
         {"x": 1.6, "y": 28, "additionalValues": [43000, "Germany"], "label": "BMW 3 Series"},
         {"x": 2.65, "y": 17, "additionalValues": [52000, "USA"], "label": "Chevrolet Tahoe"}]}]}
      """
    let fromJSON = try ChartDescriptor(json: Data(json.utf8))
    // The Swift chart also carries the value closures, which JSON cannot; without them the two are
    // the same.
    var withoutClosures = fromSwift
    #expect(withoutClosures.yAxis.valueDescriptionProvider != nil)
    withoutClosures.yAxis.valueDescriptionProvider = nil
    withoutClosures.xAxis = .numeric(stripped(fromSwift.xAxis.numeric!))
    withoutClosures.additionalAxes[0] = .numeric(stripped(fromSwift.additionalAxes[0].numeric!))
    #expect(withoutClosures == fromJSON)
    #expect(fromSwift.xAxis.numeric?.describe(1.5) == "1.50 tons")
    #expect(fromJSON.xAxis.numeric?.describe(1.5) == "1.5")
    // Both play the same notes; only the markers' texts differ, written by the closures.
    #expect(try ChartMapper().makeScore(for: fromSwift).tracks == ChartMapper().makeScore(for: fromJSON).tracks)
  }

  func stripped(_ axis: NumericAxis) -> NumericAxis {
    var copy = axis
    copy.valueDescriptionProvider = nil
    return copy
  }
}
