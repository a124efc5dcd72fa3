/// Memory a large step has let go of, given back to the system. glibc keeps freed small blocks in
/// its heap for later use (and the command line asks it to keep large ones too), while other
/// arrays may be mapped apart: after a million rows are freed, their pages would stay resident
/// beside the points and notes made from them. The module knows no allocator; the program that
/// sets the allocator's settings says how (the command line: glibc's `malloc_trim`).
package enum FreedMemory {
  /// What gives the heap's wholly free pages back; nothing unless the program sets it.
  nonisolated(unsafe) package static var giveBackHook: @Sendable () -> Void = {}

  /// Gives the heap's wholly free pages back to the system, as the program says.
  package static func giveBack() { giveBackHook() }
}
