import Foundation
import Hashing
import Testing

/// SHA-256 from libcrypto gives the digests of FIPS 180-4's examples (NIST's published values), in
/// one piece or in many.
@Suite("SHA-256")
struct SHA256Tests {
  @Test(
    "the examples of FIPS 180-4",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
    ])
  func examples(text: String, digest: String) {
    #expect(SHA256.hex(SHA256.hash(data: Array(text.utf8))) == digest)
    #expect(SHA256.hex(SHA256.hash(data: Data(text.utf8))) == digest)
  }

  @Test func aMillionAsInPiecesOfEverySize() {
    // FIPS 180-4's long example: one million "a", here added in pieces of 1 to 997 bytes.
    var hasher = SHA256()
    var left = 1_000_000
    var size = 1
    while left > 0 {
      let piece = [UInt8](repeating: UInt8(ascii: "a"), count: min(size, left))
      hasher.update(data: piece)
      left -= piece.count
      size = size % 997 + 1
    }
    #expect(
      SHA256.hex(hasher.finalize())
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func aSliceHashesAsItsBytes() {
    let bytes = Array("xxabcxx".utf8)
    #expect(SHA256.hash(data: bytes[2..<5]) == SHA256.hash(data: Array("abc".utf8)))
    #expect(SHA256.hash(data: Data()) == SHA256.hash(data: [UInt8]()))
  }
}
