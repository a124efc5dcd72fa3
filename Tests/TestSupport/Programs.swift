import Foundation

/// One row of `Scripts/programs.tsv`: a program (or a file) that the tests, scripts or packaging
/// use, the Debian packages that install it and the Makefile step that installs them.
public struct ListedProgram: Sendable, Equatable {
  /// The program's name, or an absolute path for a file.
  public var name: String
  /// The Debian packages that install it.
  public var packages: [String]
  /// The Makefile step that installs them: `test` or `package`.
  public var step: String
  /// What starts or reads it.
  public var usedBy: String
}

/// The rows of `Scripts/programs.tsv`, the list the Makefile installs from.
public let listedPrograms: [ListedProgram] = {
  let url = projectRoot.appendingPathComponent("Scripts/programs.tsv")
  guard let text = try? String(contentsOf: url, encoding: .utf8) else {
    fatalError("\(url.path) cannot be read; the tests take the programs they start from it")
  }
  return text.split(separator: "\n").compactMap { line in
    guard !line.hasPrefix("#") else { return nil }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count == 4 else { return nil }
    return ListedProgram(
      name: fields[0], packages: fields[1].split(separator: ",").map(String.init),
      step: fields[2], usedBy: fields[3])
  }
}()

/// Where a program is installed: the first folder that holds it, Debian's before `/usr/local`.
public func installedProgram(_ name: String) -> URL? {
  ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin"].lazy
    .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// A listed program that is not installed: says which step installs it.
public struct MissingProgram: Error, CustomStringConvertible {
  /// The program's name.
  public var name: String
  public var description: String {
    if let row = listedPrograms.first(where: { $0.name == name }) {
      return
        "\(name) is not installed: `make \(row.step)-deps` (which `make \(row.step == "test" ? "test" : "deb")` runs) installs \(row.packages.joined(separator: ", "))"
    }
    return "\(name) is not in Scripts/programs.tsv: add it with the Debian package that installs it"
  }
}

/// The program a test starts, by name: it must be a row of `Scripts/programs.tsv` (so that the
/// Makefile installs it on a new machine) and installed.
///
/// - Throws: `MissingProgram` naming the step that installs it.
public func tool(_ name: String) throws -> URL {
  guard listedPrograms.contains(where: { $0.name == name }), let url = installedProgram(name)
  else { throw MissingProgram(name: name) }
  return url
}
