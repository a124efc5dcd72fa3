/// Text for HTML or XML content: `&`, `<` and `>` written as entities, and with `quotes` the
/// double and single quotes too, for attribute values. One function for every markup chart2midi
/// writes: pages, WebVTT captions, GIFT questions (HTML in Moodle), iXML.
package func markupEscaped(_ text: String, quotes: Bool = false) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"" where quotes: escaped += "&quot;"
    case "'" where quotes: escaped += "&#39;"
    default: escaped.append(character)
    }
  }
  return escaped
}
