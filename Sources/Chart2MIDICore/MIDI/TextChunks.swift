/// Text meta events are kept to at most 127 bytes, so that their length fits in one byte. libsmf 1.3
/// (Debian's) misreads meta events whose length needs a two-byte variable-length quantity, and so may
/// other readers built on it; a longer text becomes several events of the same type at the same time,
/// split at spaces where it can be, and a longer name is cut short.
package enum TextChunks {
  /// The most bytes of text in one meta event.
  static let limit = 127

  /// `text` in pieces of at most `limit` UTF-8 bytes, split after a space where possible and never
  /// inside a character; the pieces joined give the text back.
  package static func split(_ text: String, limit: Int = limit) -> [String] {
    guard text.utf8.count > limit else { return [text] }
    var pieces: [String] = []
    var current = ""
    var currentBytes = 0
    var lastSpace: String.Index?
    for character in text {
      let size = character.utf8.count
      if currentBytes + size > limit {
        if let space = lastSpace, space < current.endIndex {
          let cut = current.index(after: space)
          pieces.append(String(current[..<cut]))
          current = String(current[cut...])
        } else {
          pieces.append(current)
          current = ""
        }
        currentBytes = current.utf8.count
        lastSpace = current.lastIndex(of: " ")
      }
      current.append(character)
      currentBytes += size
      if character == " " { lastSpace = current.index(before: current.endIndex) }
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }

  /// `text` cut to at most `limit` UTF-8 bytes, never inside a character.
  static func truncate(_ text: String, limit: Int = limit) -> String {
    var result = ""
    var bytes = 0
    for character in text {
      bytes += character.utf8.count
      if bytes > limit { break }
      result.append(character)
    }
    return result
  }
}
