/// A count with its noun, singular for one: "1 track", "3 tracks", "0 notes".
package func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
