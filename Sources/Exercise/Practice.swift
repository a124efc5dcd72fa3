import Foundation
import Hashing

/// What a student page needs to check answers itself without holding them in plain text: per
/// question a salt, the SHA-256 of the salt and the right choice's number, and the feedback
/// (the facts and where to listen) encoded with a SHA-256 keystream of the salt. The page's
/// script hashes the choice made (SubtleCrypto) and compares; it decodes the feedback after any
/// answer. This keeps answers out of sight, not secret: it is for practice, not for grading.
struct Practice {
  /// One question's check.
  struct Check: Equatable {
    var salt: String
    var answer: String
    var feedback: String
  }

  /// The checks of every question, item by item, with salts drawn from `seed`: the same
  /// exercise makes the same page.
  static func checks(_ exercise: Exercise) -> [[Check]] {
    var generator = SeededGenerator(seed: exercise.seed ^ 0x5052_4143_5449_4345)
    return exercise.items.map { item in
      item.questions.map { question in
        let salt = (0..<2).map { _ in String(format: "%016llx", generator.next()) }.joined()
        return Check(
          salt: salt, answer: SHA256.hex(sha256("\(salt):\(question.answer + 1)")),
          feedback: encode(question.explanation + question.listening(in: exercise), salt: salt))
      }
    }
  }

  static func sha256(_ text: String) -> [UInt8] { SHA256.hash(data: Array(text.utf8)) }

  /// `text`'s UTF-8 bytes XORed with the blocks SHA-256("salt:explain:k"), k = 0, 1, ..., in
  /// base64.
  static func encode(_ text: String, salt: String) -> String {
    var bytes = Array(text.utf8)
    for start in stride(from: 0, to: bytes.count, by: 32) {
      let block = sha256("\(salt):explain:\(start / 32)")
      for offset in 0..<min(32, bytes.count - start) { bytes[start + offset] ^= block[offset] }
    }
    return Data(bytes).base64EncodedString()
  }

  /// The script that checks a question: the choice's hash against the right one, then the
  /// feedback decoded.
  static let script = #"""
    "use strict";
    (function () {
      async function sha(text) {
        return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
      }
      function hex(bytes) {
        return Array.from(bytes, function (b) { return b.toString(16).padStart(2, "0"); }).join("");
      }
      async function decode(salt, encoded) {
        const data = Uint8Array.from(atob(encoded), function (c) { return c.charCodeAt(0); });
        for (let start = 0; start < data.length; start += 32) {
          const block = await sha(salt + ":explain:" + start / 32);
          for (let i = 0; i < 32 && start + i < data.length; i++) { data[start + i] ^= block[i]; }
        }
        return new TextDecoder().decode(data);
      }
      document.querySelectorAll("fieldset[data-salt]").forEach(function (fieldset) {
        const button = fieldset.querySelector("button.check");
        const said = fieldset.querySelector(".feedback");
        button.addEventListener("click", async function () {
          const chosen = fieldset.querySelector("input:checked");
          if (!chosen) { said.textContent = fieldset.dataset.choose; return; }
          const salt = fieldset.dataset.salt;
          const right = hex(await sha(salt + ":" + chosen.value)) === fieldset.dataset.answer;
          const facts = await decode(salt, fieldset.dataset.feedback);
          said.textContent = (right ? fieldset.dataset.right : fieldset.dataset.wrong) + " " + facts;
        });
      });
    })();

    """#
}
