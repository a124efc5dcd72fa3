import Foundation

/// Writes all of `bytes` to `descriptor`: at `offset` (`pwrite`), or where the file stands
/// (`write`, for a pipe or a device), as many calls as it takes, again after an interruption.
///
/// - Returns: false, with `errno` saying why, when a write fails.
package func writeFully(
  _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil
) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  var done = 0
  while done < bytes.count {
    let count =
      offset.map { pwrite(descriptor, base + done, bytes.count - done, off_t($0 + done)) }
      ?? write(descriptor, base + done, bytes.count - done)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return false }
    done += count
  }
  return true
}
