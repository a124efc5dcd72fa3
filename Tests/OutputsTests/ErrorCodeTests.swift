import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIExercises
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// A one-series chart on x 0...10 and y 0...100.
private func oneSeriesChart(points: [DataPoint]) -> ChartDescriptor {
  ChartDescriptor(
    title: "T", xAxis: .numeric(NumericAxis(title: "X", range: 0...10)),
    yAxis: NumericAxis(title: "Y", range: 0...100),
    series: [DataSeries(name: "S", isContinuous: false, dataPoints: points)])
}

/// Each module's errors carry a code to switch on, and say whose mistake they are.
@Suite("error codes and their sources")
struct ErrorCodeTests {
  @Test func aSettingsMistakeIsTheChartsWhenTheChartMadeIt() throws {
    let chart = oneSeriesChart(points: [DataPoint(x: .number(1), y: 1)])
    let flag = #expect(throws: MIDIMapError.self) {
      try SonificationOptions().applying([.commandLine(.scale, ["lydian"], flag: "--scale")])
    }
    #expect(flag?.code == .invalidSetting)
    #expect(flag?.source == .settings)
    var sonified = chart
    sonified.sonification = .object([("scale", .string("lydian"))])
    let json = #expect(throws: MIDIMapError.self) { try SonificationOptions.forChart(sonified) }
    #expect(json?.code == .invalidSetting)
    #expect(json?.source == .input)
  }

  @Test func aChartTooBigForMIDIIsTheInputs() throws {
    var chart = oneSeriesChart(points: [])
    chart.series = (0..<241).map {
      DataSeries(name: "s\($0)", isContinuous: false, dataPoints: [DataPoint(x: .number(1), y: 1)])
    }
    let error = #expect(throws: MIDIMapError.self) { try ChartMapper().makeScore(for: chart) }
    #expect(error?.code == .exceedsMIDI)
    #expect(error?.source == .input)
  }

  @Test func readingErrorsSayWhatKind() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = #expect(throws: DescriptorError.self) {
      try ChartDescriptor(contentsOf: folder.appendingPathComponent("none.json"))
    }
    #expect(missing?.code == .missingFile)
    let malformed = #expect(throws: DescriptorError.self) {
      try ChartDescriptor(json: Data(#"{"title": "#.utf8))
    }
    #expect(malformed?.code == .malformed)
    let spec = folder.appendingPathComponent("layered.vl.json")
    try Data(
      #"{"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "layer": [{"mark": "point"}]}"#
        .utf8
    ).write(to: spec)
    let layered = #expect(throws: DescriptorError.self) {
      try ChartDescriptor(contentsOf: spec)
    }
    #expect(layered?.code == .unsupported)
    let midi = #expect(throws: SMFReaderError.self) {
      try MIDIFile(bytes: Array("not midi".utf8), name: "x.mid")
    }
    #expect(midi?.code == .malformed)
    #expect(midi?.source == .input)
  }

  @Test func outputsThatCannotBeMadeAreTheMachines() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    var settings = try ExportSettings.forChart(chart)
    settings.midi = folder.appendingPathComponent("no/such/c.mid")
    let error = #expect(throws: ExportError.self) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(error?.code == .cannotWrite)
    #expect(error?.source == .machine)
    settings.midi = folder.appendingPathComponent("c.mid")
    settings.captions = folder.appendingPathComponent("c.mid")
    let conflict = #expect(throws: ExportError.self) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(conflict?.code == .outputConflict)
    #expect(conflict?.source == .settings)
  }

  @Test func aMissingSoundFontIsTheMachinesAndABrokenOneTheInputs() throws {
    let missing = #expect(throws: SynthError.self) {
      try SoundFontLocator.locate("/nonexistent.sf2")
    }
    #expect(missing?.code == .soundFontMissing)
    #expect(missing?.source == .machine)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    var settings = try ExportSettings.forChart(chart)
    settings.soundFont = example("cars").path
    settings.mix = folder.appendingPathComponent("c.wav")
    let notSoundFont = #expect(throws: SynthError.self) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(notSoundFont?.code == .soundFontUnusable)
    #expect(notSoundFont?.source == .input)
  }
}
