/// How much a chart may make its reader hold. The defaults fit a server reading charts from
/// anyone; a trusted chart may be given more. Past a limit, reading stops with an error that names
/// the limit (`DescriptorError.limit`), before the memory is taken.
public struct ReadingLimits: Hashable, Sendable {
  /// A limit, by the name the command line gives it (`--limit rows=2000000`).
  public enum Limit: String, Hashable, Sendable, CaseIterable {
    /// `fileBytes`.
    case fileSize = "file-size"
    /// `rows`.
    case rows
    /// `values`.
    case values
    /// `stringBytes`.
    case stringSize = "string-size"
    /// `textBytes`.
    case textSize = "text-size"
    case pageText = "page-text"
    /// `work`.
    case work
  }

  /// The largest file read: a chart, a CSV file, a Vega-Lite data file. 256 MB.
  public var fileBytes = 256_000_000
  /// The most rows a Vega-Lite specification's data holds, as read and after each transform
  /// (a `sequence`, a `fold`): 1,000,000.
  public var rows = 1_000_000
  /// The most values (fields of its rows, in all) a Vega-Lite specification's data holds:
  /// 5,000,000 (a million rows of five fields), which keeps the rows under 300 MB as they are
  /// transformed.
  public var values = 5_000_000
  /// The longest string a Vega-Lite expression makes, in UTF-8 bytes: 1,000,000.
  public var stringBytes = 1_000_000
  /// The most text the `calculate` transforms of a Vega-Lite specification keep in its rows, in
  /// all, in UTF-8 bytes: 100,000,000.
  public var textBytes = 100_000_000
  /// The text a page of a chart carries, in bytes: its titles, names, categories and labels.
  public var pageTextBytes = 16_000_000
  /// The most work a Vega-Lite specification's transforms may take, counted before any runs: for
  /// each transform, the rows it may see times the operations it does on a row (an expression's
  /// terms, an aggregate's fields): 200,000,000, some seconds of work.
  public var work = 200_000_000

  /// The defaults.
  public init() {}

  /// The value of a limit.
  package subscript(limit: Limit) -> Int {
    get {
      switch limit {
      case .fileSize: fileBytes
      case .rows: rows
      case .values: values
      case .stringSize: stringBytes
      case .textSize: textBytes
      case .pageText: pageTextBytes
      case .work: work
      }
    }
    set {
      switch limit {
      case .fileSize: fileBytes = newValue
      case .rows: rows = newValue
      case .values: values = newValue
      case .stringSize: stringBytes = newValue
      case .textSize: textBytes = newValue
      case .pageText: pageTextBytes = newValue
      case .work: work = newValue
      }
    }
  }

  /// A size in bytes as people read it: "256 MB", "3.2 GB", "900 bytes".
  package static func size(_ bytes: Int) -> String {
    switch bytes {
    case ..<1000: "\(bytes) bytes"
    case ..<1_000_000: "\(NumberText.plain((Double(bytes) / 1e3 * 10).rounded() / 10)) kB"
    case ..<1_000_000_000: "\(NumberText.plain((Double(bytes) / 1e6 * 10).rounded() / 10)) MB"
    default: "\(NumberText.plain((Double(bytes) / 1e9 * 10).rounded() / 10)) GB"
    }
  }
}
