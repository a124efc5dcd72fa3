/// Where a mistake is, in a form a person can find: a place in a chart, in JSON or CSV text, or a
/// command-line flag.
public enum ErrorLocation: Hashable, Sendable, CustomStringConvertible {
  /// A place in a chart descriptor, as a path: `series[0].dataPoints[41].y`,
  /// `sonification.noteRange`.
  case path(String)
  /// A place in JSON text, line and column counted from 1.
  case json(line: Int, column: Int)
  /// A CSV row, counted from 1 with the header as row 1, and the column when one is at fault.
  case csv(row: Int, column: String?)
  /// A command-line flag, with what it names when it takes several: `--note-range`,
  /// `--program USA`.
  case flag(String)

  /// `series[0].y`, `line 3, column 14`, `row 12, column "price"`, `--note-range`.
  public var description: String {
    switch self {
    case .path(let path): path
    case .json(let line, let column): "line \(line), column \(column)"
    case .csv(let row, let column?): "row \(row), column \(quoted(column))"
    case .csv(let row, nil): "row \(row)"
    case .flag(let flag): flag
    }
  }

  /// Whether the place lies inside an input file (as opposed to the command line), so that the
  /// file's name belongs before it.
  package var isInInput: Bool {
    if case .flag = self { return false }
    return true
  }

  /// The place of a member inside this one: `sonification.programs.USA`, `--program USA`.
  package func appending(_ member: String) -> ErrorLocation {
    switch self {
    case .path(let path): .path(path.isEmpty ? member : "\(path).\(member)")
    case .flag(let flag): .flag("\(flag) \(member)")
    case .json, .csv: self
    }
  }

  /// The place of an element of an array inside this one: `sonification.series[2]`.
  package func appending(index: Int) -> ErrorLocation {
    switch self {
    case .path(let path): .path("\(path)[\(index)]")
    case .json, .csv, .flag: self
    }
  }
}

/// An error that says what was wrong, where, and in which file: the shape of every error the
/// project's modules throw, printed as one sentence `file: location: message`.
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
  /// The input file the mistake is in, when it is in one.
  var file: String? { get set }
  /// Where in the input (or on the command line) the mistake is.
  var location: ErrorLocation? { get }
  /// What was wrong, and how to put it right.
  var message: String { get }
  /// Whether the mistake lies in the input (a chart, a MIDI file), so that the input's name belongs
  /// before it: true unless it is on the command line or about something else, such as an output.
  var isAboutInput: Bool { get }
  /// Whose mistake it is: the input's, a setting's or the machine's.
  var source: ErrorSource { get }
  /// What kind of failure it is, which decides how it is reported.
  var kind: ErrorKind { get }
  /// The name of its code (`exceedsLimits`), as a client reads it.
  var codeName: String { get }
}

extension LocatedError {
  /// The same error, naming `file` when the mistake lies inside it and no file is named yet.
  package func located(in file: String) -> Self {
    guard self.file == nil, isAboutInput else { return self }
    var copy = self
    copy.file = file
    return copy
  }
}

/// Runs `body`, and names `file` in any `LocatedError` it throws about a place inside that file.
package func attributingErrors<T>(to file: String, _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as any LocatedError {
    throw error.located(in: file)
  }
}
