import Foundation

/// Why a file cannot be read: "no such file or directory", "it is not a regular file", "it
/// holds 3.2 GB; at most 256 MB is read".
package struct FileReadFailure: Error {
  /// The reason, in lower case.
  package var reason: String
  /// `fileSize` when the file is larger than the limit.
  package var limit: ReadingLimits.Limit?
  /// Whether there is no file at the path.
  package var isMissing = false
}

/// The bytes of a regular file. It is opened without waiting (a FIFO or a device would block a
/// read, or never end) and refused unless it is a regular file.
///
/// - Throws: `FileReadFailure` saying why it cannot be read.
package func readRegularFile(_ path: String, maximumBytes: Int = ReadingLimits().fileBytes)
  throws(FileReadFailure) -> [UInt8]
{
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else {
    let number = errno
    throw FileReadFailure(
      reason: String(cString: strerror(number)).lowercased(), isMissing: number == ENOENT)
  }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
    throw FileReadFailure(reason: "it is not a regular file")
  }
  let size = Int(status.st_size)
  guard size <= maximumBytes else {
    throw FileReadFailure(
      reason:
        "it holds \(ReadingLimits.size(size)); at most \(ReadingLimits.size(maximumBytes)) is read",
      limit: .fileSize)
  }
  var failed = false
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = 0
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    while count < size {
      let got = read(descriptor, buffer.baseAddress! + count, size - count)
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    failed = count != size
  }
  if failed { throw FileReadFailure(reason: "a read error") }
  return bytes
}
