/// Which of the source's additional axes set a note's duration, loudness and instrument: an
/// index into them, or nil for none.
package struct AxisRoles: Hashable, Sendable {
  /// The axis that sets note duration.
  package var duration: Int?
  /// The axis that sets loudness (velocity).
  package var loudness: Int?
  /// The categorical axis whose categories each play an instrument of their own.
  package var instrument: Int?

  /// No axis plays a role.
  package init() {}
}
