import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import Hashing

/// What a student page needs to check answers itself without holding them in plain text: per
/// question a salt, the SHA-256 of the salt and the right choice's number, and the feedback
/// (the facts and where to listen) encoded with a SHA-256 keystream of the salt; for a number,
/// the number and its tolerance encoded the same way. The page's script hashes the choice made
/// (SubtleCrypto, or its own SHA-256) and compares, or decodes the number and compares; it
/// decodes the feedback after any answer. This keeps answers out of sight, not secret: it is for practice, not for grading.
struct Practice {
  /// One question's check.
  struct Check: Equatable {
    var salt: String
    var answer: String
    var feedback: String
    /// For a number: "value:tolerance", encoded as the feedback is.
    var number: String?
  }

  /// The checks of every question, item by item, with salts drawn from `seed`: the same
  /// exercise makes the same page.
  static func checks(_ exercise: Exercise) -> [[Check]] {
    var generator = SeededGenerator(seed: exercise.seed ^ 0x5052_4143_5449_4345)
    return exercise.items.map { item in
      item.questions.map { question in
        let salt = (0..<2).map { _ in String(format: "%016llx", generator.next()) }.joined()
        // A number's answer and tolerance are encoded with their own keystream.
        let number = question.numeric.map {
          encode(
            "\(Question.number($0.value)):\(Question.number($0.tolerance))", salt: salt,
            purpose: "number")
        }
        return Check(
          salt: salt, answer: SHA256.hex(sha256("\(salt):\(question.answer + 1)")),
          feedback: encode(question.facts(in: exercise), salt: salt), number: number)
      }
    }
  }

  static func sha256(_ text: String) -> [UInt8] { SHA256.hash(data: Array(text.utf8)) }

  /// `text`'s UTF-8 bytes XORed with the blocks SHA-256("salt:purpose:k"), k = 0, 1, ..., in
  /// base64.
  static func encode(_ text: String, salt: String, purpose: String = "explain") -> String {
    var bytes = Array(text.utf8)
    for start in stride(from: 0, to: bytes.count, by: 32) {
      let block = sha256("\(salt):\(purpose):\(start / 32)")
      for offset in 0..<min(32, bytes.count - start) { bytes[start + offset] ^= block[offset] }
    }
    return Data(bytes).base64EncodedString()
  }

  /// The script that checks a question: the choice's hash against the right one, then the
  /// feedback decoded.
  static let script = String(decoding: PackageResources.practice_js, as: UTF8.self)
}
