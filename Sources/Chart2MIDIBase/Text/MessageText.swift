/// A count with its noun, singular for one: "1 track", "3 tracks", "0 notes".
package func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// A string in double quotes, shortened when long, for messages.
package func quoted(_ text: String) -> String {
  let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
  return "\"\(shown)\""
}
