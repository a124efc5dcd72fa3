import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// The chart a command reads: a JSON descriptor, or a CSV file and its columns.
struct ChartInput: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The chart: a descriptor (JSON) or a CSV file.", valueName: "chart.json|data.csv"))
  var input: String

  @OptionGroup(title: "CSV input")
  var csv: CSVOptions

  /// Reads the chart; errors name the file.
  func load() throws -> ChartDescriptor { try csv.loadChart(input) }
}

/// A CSV input: its columns and its chart's title.
struct CSVOptions: ParsableArguments {
  @OptionGroup
  var columns: CSVColumnOptions

  @Option(
    name: .long,
    help: ArgumentHelp("CSV: the chart title (default: the file's name).", valueName: "text"))
  var title: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: the chart's summary, its one takeaway (default: one made from the data).",
      valueName: "text"))
  var summary: String?

  @Option(
    name: .long,
    help: ArgumentHelp("CSV: the x axis title (default: the x column's name).", valueName: "text"))
  var xTitle: String?

  @Option(
    name: .long,
    help: ArgumentHelp("CSV: the y axis title (default: the y column's name).", valueName: "text"))
  var yTitle: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: how y values are written and spoken, a printf format with one number and its unit, such as \"%.0f thousand jobs\".",
      valueName: "format"))
  var yFormat: String?

  /// Reads a chart file: a CSV file with these columns, title and words, or a JSON descriptor
  /// (which has its own words: the options are for CSV only).
  func loadChart(_ path: String) throws -> ChartDescriptor {
    var chart = try columns.loadChart(path, title: title)
    guard columns.readsAsCSV(path) else {
      let given = [
        ("--summary", summary), ("--x-title", xTitle), ("--y-title", yTitle),
        ("--y-format", yFormat),
      ].filter { $0.1 != nil }
      if let flag = given.first?.0 {
        throw CommandFailure(
          "\(path): \(flag) names the words of a CSV chart; a descriptor or Vega-Lite file has its own",
          status: .usage)
      }
      return chart
    }
    try Self.setWords(
      of: &chart, summary: summary, xTitle: xTitle, yTitle: yTitle, yFormat: yFormat)
    return chart
  }

  /// Gives a CSV chart its words: the summary, the axes' titles and the y values' format, each
  /// when given.
  ///
  /// - Throws: `CommandFailure` for a format that is not one.
  static func setWords(
    of chart: inout ChartDescriptor, summary: String?, xTitle: String?, yTitle: String?,
    yFormat: String?
  ) throws {
    if let summary { chart.summary = summary }
    if let xTitle {
      switch chart.xAxis {
      case .numeric(var axis):
        axis.title = xTitle
        chart.xAxis = .numeric(axis)
      case .categorical(var axis):
        axis.title = xTitle
        chart.xAxis = .categorical(axis)
      }
    }
    if let yTitle { chart.yAxis.title = yTitle }
    if let yFormat {
      do {
        chart.yAxis.valueFormat = try ValueFormat(yFormat)
      } catch let error as DescriptorError {
        throw CommandFailure("--y-format \(quoted(yFormat)): \(error.message)", status: .usage)
      }
    }
  }

  /// The chart files that `inputs` name (see `CSVColumnOptions.chartFiles(in:)`).
  func chartFiles(in inputs: [String]) throws -> [String] { try columns.chartFiles(in: inputs) }

  /// The chart files that `inputs` name, with their names in a batch (see
  /// `CSVColumnOptions.chartEntries(in:skipping:)`).
  func chartEntries(in inputs: [String], skipping: [String]) throws -> [(
    path: String, name: String
  )] { try columns.chartEntries(in: inputs, skipping: skipping) }
}

/// The columns of a CSV input, and where a Vega-Lite specification's data is found.
struct CSVColumnOptions: ParsableArguments {
  @Option(
    name: .customLong("x"), help: ArgumentHelp("CSV: the column for x (time).", valueName: "column")
  )
  var x: String?

  @Option(
    name: .customLong("y"),
    help: ArgumentHelp("CSV: the column for y (pitch).", valueName: "column"))
  var y: String?

  @Option(
    name: .customLong("series-column"),
    help: ArgumentHelp("CSV: the column that names the series.", valueName: "column"))
  var series: String?

  @Option(
    name: .long, help: ArgumentHelp("CSV: a numeric column for note duration.", valueName: "column")
  )
  var durationColumn: String?

  @Option(name: .long, help: ArgumentHelp("CSV: a column for the instrument.", valueName: "column"))
  var instrumentColumn: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Vega-Lite: where a data url is looked for when it is not beside the specification.",
      valueName: "dir"))
  var dataDir: String?

  @Flag(
    name: .long,
    help:
      "Vega-Lite: let a data url lead anywhere this program can read (an absolute path, .., a link), for specifications you trust. By default data is read only beside the specification or in --data-dir."
  )
  var allowDataAnywhere = false

  @Option(
    name: .customLong("limit"),
    help: ArgumentHelp(
      "Raise (or lower) a reading limit, for charts you trust: file-size (default 256M bytes, any chart or data file), and for Vega-Lite data rows (1M), values (10M), string-size (1M bytes, one string an expression makes) and text-size (100M bytes, all the text calculate steps keep); page-text (16M bytes, the titles, names, categories and labels a page carries). K, M and G stand for thousands, millions and billions. Repeat for several.",
      valueName: "name=number"))
  var limitSettings: [LimitSetting] = []

  /// The reading limits, with those given.
  var limits: ReadingLimits {
    var limits = ReadingLimits()
    for setting in limitSettings { limits[setting.limit] = setting.value }
    return limits
  }

  /// Whether `path` is read as CSV: by its extension, or because columns are named (a `.json`
  /// file is always a descriptor or a specification, so a folder of both reads each as it is).
  func readsAsCSV(_ path: String) -> Bool {
    let kind = URL(fileURLWithPath: path).pathExtension.lowercased()
    return kind == "csv" || (x != nil && kind != "json")
  }

  /// Reads a chart file: a CSV file with these columns (its title given, or its file's name),
  /// or a JSON descriptor.
  func loadChart(_ path: String, title: String? = nil) throws -> ChartDescriptor {
    let url = URL(fileURLWithPath: path)
    do {
      guard readsAsCSV(path) else {
        return try ChartDescriptor(
          contentsOf: url,
          dataFolder: dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) },
          allowsDataAnywhere: allowDataAnywhere, limits: limits)
      }
      guard let x, let y else {
        throw CommandFailure(
          "\(path): a CSV file needs --x COLUMN and --y COLUMN to name its x and y columns",
          status: .usage)
      }
      let columns = CSVColumns(
        x: x, y: y, series: series, duration: durationColumn, instrument: instrumentColumn,
        title: title)
      return try ChartDescriptor(contentsOf: url, columns: columns, limits: limits)
    } catch var error as DescriptorError {
      // A limit passed: how to raise it, for a chart that is trusted.
      if let limit = error.limit {
        error.message += "; raise the limit with --limit \(limit.rawValue)=N for a chart you trust"
      }
      throw error
    }
  }

  /// The chart files that `inputs` name, in order: files as given, and from each folder its .json
  /// files (and its .csv files when --x names a column) at any depth, sorted by path. Hidden files
  /// and folders, links to folders, and the folders in `skipping` (a batch's output folder inside
  /// an input) are passed over.
  func chartFiles(in inputs: [String], skipping: [String] = []) throws -> [String] {
    try chartEntries(in: inputs, skipping: skipping).map(\.path)
  }

  /// The chart files that `inputs` name, each with its name in a batch: its path inside the folder
  /// it was found in (or its file name, for a file given), without the extension.
  func chartEntries(in inputs: [String], skipping: [String] = []) throws -> [(
    path: String, name: String
  )] {
    var files: [(path: String, name: String)] = []
    let fileManager = FileManager.default
    let skipped = Set(skipping.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    let wanted = x == nil ? ["json"] : ["json", "csv"]
    func isChart(_ name: String) -> Bool {
      !name.hasPrefix(".") && wanted.contains(URL(fileURLWithPath: name).pathExtension.lowercased())
    }
    for input in inputs {
      var isFolder: ObjCBool = false
      guard fileManager.fileExists(atPath: input, isDirectory: &isFolder) else {
        throw CommandFailure("\(input): no such file or folder", status: .noInput)
      }
      guard isFolder.boolValue else {
        files.append((input, URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent))
        continue
      }
      var found: [String] = []
      // Depth first, never through a link (a link to a folder could lead in a circle).
      func walk(_ relative: String) {
        let folder = relative.isEmpty ? input : (input as NSString).appendingPathComponent(relative)
        guard !skipped.contains(URL(fileURLWithPath: folder).standardizedFileURL.path) else {
          return
        }
        for name in (try? fileManager.contentsOfDirectory(atPath: folder)) ?? []
        where !name.hasPrefix(".") {
          let path = relative.isEmpty ? name : relative + "/" + name
          var status = stat()
          guard lstat((input as NSString).appendingPathComponent(path), &status) == 0 else {
            continue
          }
          if status.st_mode & S_IFMT == S_IFDIR {
            walk(path)
          } else if isChart(name) {
            found.append(path)
          }
        }
      }
      walk("")
      files += found.sorted().map { relative in
        (
          URL(fileURLWithPath: input).appendingPathComponent(relative).path,
          (relative as NSString).deletingPathExtension
        )
      }
    }
    guard !files.isEmpty else {
      throw CommandFailure(
        "no chart files found in \(inputs.joined(separator: ", "))", status: .noInput)
    }
    return files
  }
}

/// `--limit NAME=NUMBER`: a reading limit and its value, with K, M or G for thousands, millions or
/// billions.
struct LimitSetting: ExpressibleByArgument {
  var limit: ReadingLimits.Limit
  var value: Int

  init?(argument: String) {
    let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let limit = ReadingLimits.Limit(rawValue: parts[0]) else { return nil }
    var number = parts[1].uppercased()
    var scale = 1
    if let unit = number.last, let multiple = ["K": 1000, "M": 1_000_000, "G": 1_000_000_000][unit]
    {
      scale = multiple
      number.removeLast()
    }
    guard let count = Int(number), count > 0 else { return nil }
    let (value, overflow) = count.multipliedReportingOverflow(by: scale)
    guard !overflow else { return nil }
    self.limit = limit
    self.value = value
  }
}
