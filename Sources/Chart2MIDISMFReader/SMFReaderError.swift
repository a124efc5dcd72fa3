import Chart2MIDIBase

/// The domain of the reader's errors.
public enum SMFReaderErrors: ErrorDomain {
  /// What is wrong with a MIDI file read.
  public enum Code: String, ErrorCode, CaseIterable {
    /// No file at the path.
    case missingFile
    /// A file that cannot be read: a folder, a device, no permission, too large.
    case unreadableFile
    /// Bytes that are not a Standard MIDI File: a broken header, chunk or event.
    case malformed
    /// A valid file the reader cannot read: one timed in SMPTE frames.
    case unsupported

    /// Every reader error is the input's.
    public var kind: ErrorKind {
      switch self {
      case .missingFile, .unreadableFile: .missingInput
      case .malformed, .unsupported: .invalidInput
      }
    }
  }

  /// A MIDI file's mistakes are most often its bytes.
  public static var commonCode: Code { .malformed }
}

/// A MIDI file that cannot be read, named in `file`, with why.
public typealias SMFReaderError = ModuleError<SMFReaderErrors>
