import Foundation
import TestSupport
import Testing

/// Every program the tests, the scripts and the Makefile start is installed by a Makefile step on
/// a new machine: it is a row of `Scripts/programs.tsv` (the list the Makefile installs from), or
/// it comes with every Debian system (an Essential or required package), or it is the project's
/// own. The rows are checked against the system: each program is installed, by the packages named.
@Suite("The programs the tests start", .serialized)
struct ProgramListTests {
  /// A program started somewhere: its name and where.
  struct Start: Hashable, CustomStringConvertible {
    var name: String
    var place: String
    var description: String { "\(name) (\(place))" }
  }

  /// Words at a command's start that are the shell's own, not programs.
  static let shellWords: Set<String> = [
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
    "function", "select", "time", "!", "[", "[[", "]]", "test", "echo", "printf", "cd", "set",
    "export", "local", "read", "return", "exit", "shift", "trap", "wait", "eval", "source", ".",
    "true", "false", ":", "unset", "declare", "readonly", "let", "break", "continue", "type",
    "umask", "ulimit", "pushd", "popd", "exec", "command", "builtin", "hash", "kill", "mapfile",
    "getopts",
  ]

  /// Words that start another command after them.
  static let prefixes: Set<String> = [
    "sudo", "%SUDO%", "env", "exec", "command", "nice", "nohup", "timeout", "xargs", "!", "time",
    "if", "then", "else", "elif", "while", "until", "do",
  ]

  /// The first words of the commands in a shell text (a script, or a Makefile's recipes): split at
  /// `|`, `;`, `&`, `(`, `{`, `}`, new lines and command substitutions, never inside quotes
  /// (single-quoted text is an argument, such as an awk program), `${...}`, `$((...))`, an array
  /// `(...)` or a `case` pattern.
  static func commandWords(_ text: String) -> [(word: String, line: Int)] {
    var found: [(String, Int)] = []
    var line = 1
    // One level per command substitution: whether inside double quotes, the words of the command.
    var levels: [(quoted: Bool, words: [String], current: String, line: Int)] = [
      (false, [], "", 1)
    ]
    // Whether a `case` pattern comes next (after `case WORD in`, and after each `;;`).
    var patternNext = false
    let characters = Array(text)
    var index = 0
    func endWord() {
      let word = levels[levels.count - 1].current
      if !word.isEmpty { levels[levels.count - 1].words.append(word) }
      levels[levels.count - 1].current = ""
    }
    func endCommand() {
      endWord()
      var words = levels[levels.count - 1].words[...]
      while let first = words.first,
        first.contains("=") && !first.hasPrefix("=") || prefixes.contains(first)
      {
        words = words.dropFirst()
      }
      if let first = words.first {
        found.append((first, levels[levels.count - 1].line))
        if first == "case" { patternNext = true }
      }
      levels[levels.count - 1].words = []
    }
    /// The index after the bracket that closes the one at `start` (`(` or `{`), quotes skipped.
    func closing(from start: Int) -> Int {
      let open = characters[start]
      let close: Character = open == "(" ? ")" : "}"
      var depth = 0
      var position = start
      var quote: Character?
      while position < characters.count {
        let character = characters[position]
        if character == "\n" { line += 1 }
        if let open = quote {
          if character == open { quote = nil }
        } else if character == "'" || character == "\"" {
          quote = character
        } else if character == open {
          depth += 1
        } else if character == close {
          depth -= 1
          if depth == 0 { return position + 1 }
        }
        position += 1
      }
      return position
    }
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      var level: Int { levels.count - 1 }
      if levels[level].words.isEmpty && levels[level].current.isEmpty {
        levels[level].line = line
      }
      if patternNext && !levels[level].quoted {
        // A pattern, to its `)`; or `esac`, which ends the case.
        let rest = String(characters[index..<min(index + 5, characters.count)])
        if character == " " || character == "\t" || character == "\n" {
          if character == "\n" { line += 1 }
          index += 1
          continue
        }
        if rest.hasPrefix("esac") {
          patternNext = false
        } else {
          while index < characters.count && characters[index] != ")" {
            if characters[index] == "\n" { line += 1 }
            index += 1
          }
          patternNext = false
          index += 1
          continue
        }
      }
      if character == "\n" { line += 1 }
      if character == "\\" {
        if next == "\n" { line += 1 }
        index += 2
        continue
      }
      if character == "'" && !levels[level].quoted {
        // A single-quoted argument: taken whole, never split.
        var end = index + 1
        while end < characters.count && characters[end] != "'" {
          if characters[end] == "\n" { line += 1 }
          end += 1
        }
        levels[level].current += "'"
        index = end + 1
        continue
      }
      let afterNext = index + 2 < characters.count ? characters[index + 2] : " "
      if character == "$" && (next == "{" || next == "(" && afterNext == "(") {
        // A parameter or an arithmetic expansion: part of the word.
        index = closing(from: index + 1)
        levels[level].current += "$"
        continue
      }
      if character == "(" && levels[level].current.hasSuffix("=") && !levels[level].quoted {
        // An array assigned: part of the word.
        index = closing(from: index)
        levels[level].current += "()"
        continue
      }
      if character == "$" && next == "(" {
        levels.append((false, [], "", line))
        index += 2
        continue
      }
      if character == ")" && levels.count > 1 && !levels[level].quoted {
        endCommand()
        levels.removeLast()
        levels[levels.count - 1].current += "$"
        index += 1
        continue
      }
      if character == "\"" {
        levels[level].quoted.toggle()
        levels[level].current += "\""
        index += 1
        continue
      }
      if levels[level].quoted {
        levels[level].current.append(character)
      } else if character == "#" && levels[level].current.isEmpty {
        // A comment, to the end of the line.
        while index < characters.count && characters[index] != "\n" { index += 1 }
        continue
      } else if character == ";" && next == ";" {
        endCommand()
        patternNext = true
        index += 2
        continue
      } else if "|;&(){}\n".contains(character) {
        endCommand()
      } else if character == " " || character == "\t" {
        endWord()
      } else {
        levels[level].current.append(character)
      }
      index += 1
    }
    endCommand()
    return found
  }

  /// The programs a Python text starts: the first item of a list given to `subprocess`, and
  /// `shutil.which`.
  static func pythonStarts(_ text: String) -> [(word: String, offset: String.Index)] {
    let patterns = [
      #/subprocess\.\w+\(\s*\[\s*["']([\w.+-]+)["']/#,
      #/shutil\.which\(\s*["']([\w.+-]+)["']/#,
    ]
    return patterns.flatMap { pattern in
      text.matches(of: pattern).map { (String($0.output.1), $0.range.lowerBound) }
    }
  }

  /// Every program started by the tests, the scripts and the Makefile, with where.
  static func starts() throws -> [Start] {
    var starts: [Start] = []
    func lineNumber(_ text: String, _ index: String.Index) -> Int {
      text[..<index].reduce(1) { $0 + ($1 == "\n" ? 1 : 0) }
    }
    let tests = FileManager.default.enumerator(
      at: projectRoot.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
    let swiftFiles = (tests?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    let scripts = try FileManager.default.contentsOfDirectory(
      at: projectRoot.appendingPathComponent("Scripts"), includingPropertiesForKeys: nil)
    for file in swiftFiles + scripts.filter({ $0.pathExtension == "py" }) {
      let text = try String(contentsOf: file, encoding: .utf8)
      let name = file.path.dropFirst(projectRoot.path.count + 1)
      for match in text.matches(of: #/tool\("([^"]+)"\)/#) {
        starts.append(
          Start(
            name: String(match.output.1),
            place: "\(name):\(lineNumber(text, match.range.lowerBound))"))
      }
      // A program named by its path in the system's folders.
      for match in text.matches(of: #/["'](?:/usr)?/s?bin/([\w.+-]+)["']/#) {
        starts.append(
          Start(
            name: String(match.output.1),
            place: "\(name):\(lineNumber(text, match.range.lowerBound))"))
      }
      for (word, offset) in pythonStarts(text) {
        starts.append(Start(name: word, place: "\(name):\(lineNumber(text, offset))"))
      }
    }
    // Shell scripts: their commands, and the Python of their here-documents.
    var functions: Set<String> = []
    for file in scripts.filter({ $0.pathExtension == "sh" }) {
      let text = try String(contentsOf: file, encoding: .utf8)
      let name = file.path.dropFirst(projectRoot.path.count + 1)
      var shell: [Substring] = []
      var document: [Substring] = []
      var tag: Substring?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if let open = tag {
          if line.trimmingCharacters(in: .whitespaces) == open {
            tag = nil
            shell.append("")
          } else {
            document.append(line)
            shell.append("")
          }
          continue
        }
        shell.append(line)
        document.append("")
        if let match = line.firstMatch(of: #/^\s*([\w-]+)\s*\(\)/#) {
          functions.insert(String(match.output.1))
        }
        if let match = line.firstMatch(of: #/<<-?\s*'?"?(\w+)'?"?/#) { tag = match.output.1 }
      }
      for (word, line) in commandWords(shell.joined(separator: "\n")) {
        starts.append(Start(name: word, place: "\(name):\(line)"))
      }
      let python = document.joined(separator: "\n")
      for (word, offset) in pythonStarts(python) {
        starts.append(Start(name: word, place: "\(name):\(lineNumber(python, offset))"))
      }
    }
    // The Makefile's recipes and its $(shell ...) calls.
    let makefile = try String(
      contentsOf: projectRoot.appendingPathComponent("Makefile"), encoding: .utf8)
    var recipes: [String] = []
    var continued = false
    var defining = false
    for line in makefile.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("define ") || line == "endef" {
        defining = line != "endef"
        recipes.append("")
        continue
      }
      let isRecipe =
        defining || line.hasPrefix("\t") || (continued && recipes.last?.isEmpty == false)
      let body = line.drop { $0 == "\t" || $0 == "@" || $0 == "-" || $0 == "+" }
      if isRecipe {
        recipes.append(String(body))
      } else {
        // Each $(shell ...) call, to its balanced parenthesis.
        var calls: [String] = []
        var rest = line[...]
        while let call = rest.range(of: "$(shell ") {
          var depth = 1
          var end = call.upperBound
          while end < rest.endIndex && depth > 0 {
            if rest[end] == "(" { depth += 1 }
            if rest[end] == ")" { depth -= 1 }
            end = rest.index(after: end)
          }
          calls.append(String(rest[call.upperBound..<rest.index(before: end)]))
          rest = rest[end...]
        }
        recipes.append(calls.joined(separator: "; "))
      }
      continued = line.hasSuffix("\\") && isRecipe
    }
    // Make's own references, $(NAME), become %NAME% (the project's programs and settings); the
    // shell's $$( is a command substitution.
    var shellText = recipes.joined(separator: "\n").replacingOccurrences(of: "$$", with: "\u{1}")
    // Make's functions, $(call ...), $(if ...), innermost first, become %MAKE%.
    while true {
      let before = shellText
      shellText = shellText.replacing(#/\$\((\w+)\)/#) { "%\($0.output.1)%" }
        .replacing(#/\$\([a-z-]+ [^()]*\)/#) { _ in "%MAKE%" }
      if shellText == before { break }
    }
    shellText = shellText.replacingOccurrences(of: "\u{1}", with: "$")
    for (word, line) in commandWords(shellText) {
      starts.append(Start(name: word, place: "Makefile:\(line)"))
    }
    return starts.filter { start in
      let word = start.name
      return !shellWords.contains(word) && word.first.map { $0.isLetter } == true
        && !word.contains("$") && !word.contains("/") && !word.contains("\"")
        && !word.contains("'") && !word.hasPrefix("chart2midi") && word != "swift"
        && !functions.contains(word)
    }
  }

  /// The Debian package that owns each path, where one does (with merged /usr, dpkg may know a
  /// program by its /bin path).
  static func owners(_ paths: [String]) throws -> [String: String] {
    var owners: [String: String] = [:]
    let variants = paths.flatMap { path in
      path.hasPrefix("/usr/") ? [path, String(path.dropFirst(4))] : [path]
    }
    let said = try run(["-S"] + variants, program: URL(fileURLWithPath: "/usr/bin/dpkg-query"))
    for line in said.output.split(separator: "\n") {
      guard let colon = line.range(of: ": ") else { continue }
      let path = String(line[colon.upperBound...])
      let package = String(line[..<colon.lowerBound].split(separator: ":")[0])
      let full = path.hasPrefix("/usr/") ? path : "/usr" + path
      for key in [path, full] where paths.contains(key) { owners[key] = package }
    }
    return owners
  }

  /// Each installed package's Essential flag, priority and dependencies.
  static func installedPackages() throws -> [String: (base: Bool, depends: Set<String>)] {
    let said = try run(
      ["-W", "-f", "${Package}\t${Essential}\t${Priority}\t${Depends}\t${db:Status-Status}\n"],
      program: URL(fileURLWithPath: "/usr/bin/dpkg-query"))
    var packages: [String: (Bool, Set<String>)] = [:]
    for line in said.output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, fields[4] == "installed" else { continue }
      let depends = fields[3].split(whereSeparator: { ",|".contains($0) }).compactMap {
        $0.split(separator: " ").first.map { String($0.split(separator: ":")[0]) }
      }
      packages[fields[0]] = (fields[1] == "yes" || fields[2] == "required", Set(depends))
    }
    return packages
  }

  @Test func everyProgramStartedIsListedOrComesWithDebian() throws {
    let starts = try Self.starts()
    // The scanner finds what it must: programs started in each of the ways used.
    let names = Set(starts.map(\.name))
    for known in ["ffmpeg", "ffprobe", "timidity", "aubioonset", "mscore3", "python3", "apt-get"] {
      #expect(names.contains(known), "the scan no longer finds \(known)")
    }
    let listed = Set(listedPrograms.map(\.name))
    let unlisted = starts.filter { !listed.contains($0.name) }
    let paths = Dictionary(
      Set(unlisted.map(\.name)).compactMap { name in installedProgram(name).map { (name, $0) } },
      uniquingKeysWith: { first, _ in first })
    let owners = try Self.owners(paths.values.map { $0.resolvingSymlinksInPath().path })
    let packages = try Self.installedPackages()
    var problems: [String] = []
    for start in unlisted {
      guard let path = paths[start.name] else {
        problems.append("\(start) is not installed and not in Scripts/programs.tsv")
        continue
      }
      guard let owner = owners[path.resolvingSymlinksInPath().path] else {
        problems.append("\(start) is in no Debian package and not in Scripts/programs.tsv")
        continue
      }
      if packages[owner]?.base != true {
        problems.append(
          "\(start) comes from \(owner), which no Makefile step installs: add it to Scripts/programs.tsv"
        )
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyListedProgramIsInstalledByItsPackages() throws {
    let packages = try Self.installedPackages()
    let programs = listedPrograms.filter { !$0.name.hasPrefix("/") }
    let paths = programs.compactMap { installedProgram($0.name)?.resolvingSymlinksInPath().path }
    let owners = try Self.owners(paths + listedPrograms.map(\.name).filter { $0.hasPrefix("/") })
    #expect(listedPrograms.count >= 15)
    for row in listedPrograms {
      for package in row.packages {
        #expect(packages[package] != nil, "\(package) (for \(row.name)) is not installed")
      }
      let path: String
      if row.name.hasPrefix("/") {
        #expect(FileManager.default.fileExists(atPath: row.name), "\(row.name) is missing")
        path = row.name
      } else {
        let installed = try tool(row.name)
        path = installed.resolvingSymlinksInPath().path
      }
      // A program outside dpkg's database (a toolchain's own python3) is checked for presence.
      guard let owner = owners[path] else { continue }
      // The packages named, and what they depend on, three levels down (python3 → python3.11 →
      // python3.11-minimal, which holds the program).
      var providers = Set(row.packages)
      for _ in 0..<3 {
        providers.formUnion(providers.flatMap { packages[$0]?.depends ?? [] })
      }
      #expect(providers.contains(owner), "\(row.name) comes from \(owner), not \(row.packages)")
    }
  }

  @Test func theMakefileInstallsEachStepsPackagesFromTheList() throws {
    for step in ["test", "package", "engines"] {
      let said = try run(
        ["--no-print-directory", "-s", "-C", projectRoot.path, "list-packages", "STEP=\(step)"],
        program: try tool("make"))
      #expect(said.status == 0, "\(said.error)")
      let expected = Set(listedPrograms.filter { $0.step == step }.flatMap(\.packages))
      #expect(!expected.isEmpty)
      #expect(Set(said.output.split(whereSeparator: \.isWhitespace).map(String.init)) == expected)
    }
  }

  @Test func theShellScanFindsCommandsAndSkipsArguments() {
    let text = """
      set -e
      out=$(mktemp -d)  # a comment: ffmpeg
      for n in 1 2; do python3 x.py "$(dirname "$0")"; done
      awk '/a/ { printf "x"; system("y") }' file | sort -u
      X=1 sudo apt-get install -y \\
        debootstrap
      [ -f a ] || timidity -Ow a.mid
      list=(a b c); n=${list[0]}; echo $((n + 1))
      case $n in
        a | b) ffmpeg -i x ;;
        *) true ;;
      esac
      """
    let words = Self.commandWords(text).map(\.word)
    #expect(
      words == [
        "set", "mktemp", "for", "dirname", "python3", "done", "awk", "sort", "apt-get", "[",
        "timidity", "echo", "case", "ffmpeg", "true", "esac",
      ], "\(words)")
  }
}
