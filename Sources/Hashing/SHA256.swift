import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4) from the system's libcrypto: the digest a batch manifest records for its
/// inputs and outputs, a shard ranks names by, and a practice page checks answers with.
///
/// One value owns one libcrypto digest context, which it frees when it ends; it cannot be copied,
/// so no two values share a context.
package struct SHA256: ~Copyable {
  /// The digest's length in bytes.
  package static let byteCount = 32

  /// The libcrypto context, freed in `deinit`.
  private let context: OpaquePointer

  /// A digest of no bytes yet.
  package init() {
    // Both calls fail only when memory runs out: then nothing else can go on either.
    guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
    guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
      fatalError("EVP_DigestInit_ex failed for SHA-256")
    }
    self.context = context
  }

  deinit { EVP_MD_CTX_free(context) }

  /// Adds `bytes` to what the digest covers.
  package mutating func update(bytes: UnsafeRawBufferPointer) {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
    guard EVP_DigestUpdate(context, start, bytes.count) == 1 else {
      fatalError("EVP_DigestUpdate failed for SHA-256")
    }
  }

  /// Adds the bytes of `data` (any contiguous bytes: `Data`, `[UInt8]`, a slice of one).
  package mutating func update(data: some DataProtocol) {
    for region in data.regions { region.withUnsafeBytes { update(bytes: $0) } }
  }

  /// The digest of everything added, 32 bytes; the value is used up.
  package consuming func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Self.byteCount)
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == Self.byteCount else {
      fatalError("EVP_DigestFinal_ex failed for SHA-256")
    }
    return digest
  }

  /// The digest of `data`.
  package static func hash(data: some DataProtocol) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(data: data)
    return hasher.finalize()
  }

  /// `digest` as lowercase hexadecimal.
  package static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(digest.count * 2)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
