import Foundation

/// The release build of `chart2midi`, when `make test` built it (`CHART2MIDI_RELEASE` names it):
/// what a test of the memory a long render takes runs, since a debug build spends minutes where
/// the release build spends seconds.
public let releaseExecutable: URL? = ProcessInfo.processInfo.environment["CHART2MIDI_RELEASE"]
  .map { URL(fileURLWithPath: $0) }
  .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }

/// A run under a limit of address space, and the most memory it held.
public struct MeasuredRun: Sendable {
  /// How it ended and what it printed.
  public var run: Run
  /// Its peak resident memory, in bytes (the kernel's `ru_maxrss` of the process).
  public var peakMemory: Int
}

/// Runs `program` with `arguments` in `folder` under `prlimit --as=LIMIT` (the process may map at
/// most `addressSpace` bytes: an allocation past it fails), and reads its peak resident memory.
/// `env` and `prlimit` each become the next program (they execute it in their own process). A
/// small Python process starts them and reads their peak with `getrusage(RUSAGE_CHILDREN)`:
/// Linux carries a process's peak across `exec` into the program it becomes, so a program
/// started straight from the test process, which holds hundreds of megabytes, would report the
/// test's peak rather than its own.
public func runMeasured(
  _ arguments: [String], program: URL = executable, in folder: URL, addressSpace: Int
) throws -> MeasuredRun {
  let output = folder.appendingPathComponent(".stdout")
  let error = folder.appendingPathComponent(".stderr")
  defer {
    try? FileManager.default.removeItem(at: output)
    try? FileManager.default.removeItem(at: error)
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, error.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  // `env -C` moves to the folder, then becomes `prlimit`, which becomes the program.
  let peakFile = folder.appendingPathComponent(".peak")
  defer { try? FileManager.default.removeItem(at: peakFile) }
  let launcher = """
    import resource, subprocess, sys
    status = subprocess.call(sys.argv[2:])
    with open(sys.argv[1], "w") as peak:
        peak.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    sys.exit(status if status >= 0 else 128 - status)
    """
  let words =
    [
      "python3", "-c", launcher, peakFile.path, "env", "-C", folder.path, "prlimit",
      "--as=\(addressSpace)", "--", program.path,
    ] + arguments
  let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
  defer { for word in argv { free(word) } }
  var pid: pid_t = 0
  let spawned = posix_spawnp(&pid, "python3", &actions, nil, argv, environ)
  guard spawned == 0 else {
    throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "python3: \(spawned)"])
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  // Exited: its code; killed by a signal: 128 plus the signal, as a shell reports it.
  let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  let read = { (url: URL) in
    String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
  }
  let peak = Int(read(peakFile).trimmingCharacters(in: .whitespacesAndNewlines)) ?? Int.max
  return MeasuredRun(
    run: Run(status: code, output: read(output), error: read(error)), peakMemory: peak * 1024)
}
