import ArgumentParser

/// A flag whose value is one of a library choice's names (a scale, an arrangement, a frame rate):
/// the flag's help and completions list them from the choice itself. Any text parses here; the
/// library's one check judges it, so a mistake gets the sentence a chart's `sonification` object
/// gets for it, at the flag, before any chart is read.
struct Choice<Value: CaseIterable & RawRepresentable>: ExpressibleByArgument
where Value.RawValue == String {
  /// The text given.
  var text: String

  init?(argument: String) { text = argument }

  /// The choice's names, in its order.
  static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }

  /// The names, for completions.
  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
