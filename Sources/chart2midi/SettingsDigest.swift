import Chart2MIDIAudio
import Chart2MIDIOutputs
import Foundation

/// What a batch compares to decide whether a chart's outputs are up to date besides the chart
/// itself: the settings it is exported with as the library resolved them (the defaults, the
/// chart's own `sonification`, the flags), not as the command was spelled. Flags in another
/// order, `--scale=major` for `--scale major`, `3.0` for `3`, a default given explicitly or the
/// same soundfont by another path make the same digest; the soundfont's and a Piper model's
/// bytes, the program's version and `SOURCE_DATE_EPOCH` are in it.
enum SettingsDigest {
  /// The digest of `settings` for one chart, its outputs named relative to `folder`.
  static func of(_ settings: ExportSettings, in folder: URL) throws -> String {
    var settings = settings
    var text = "chart2midi \(Chart2MIDI.configuration.version)\n"
    // The soundfont by its bytes, where audio is made; never by its path.
    if settings.mix != nil || settings.stems != nil {
      text += "soundfont \(try FileDigests.shared.sha256(of: settings.locatedSoundFont()))\n"
    }
    settings.soundFont = nil
    // A Piper voice is its model: another model at the same path makes other speech.
    if case .piper(let model) = settings.narration.engine {
      text += "piper \((try? FileDigests.shared.sha256(of: model)) ?? "no model")\n"
      settings.narration.engine = .piper(model: URL(fileURLWithPath: "/model"))
    }
    if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
      text += "SOURCE_DATE_EPOCH \(epoch)\n"
    }
    text += CanonicalText.of(settings, relativeTo: folder.standardizedFileURL.path + "/")
    return Digest.sha256(Data(text.utf8))
  }
}

/// A value's stored properties written out the same way whatever made it: each field by its
/// name, a dictionary's and a set's entries sorted, a file's URL as its path relative to a folder.
/// Fields that only say where a setting came from, for messages (`origins`), what the export
/// reads (`inputs`), where an output made in memory goes (`sinks`) or how much an export may take
/// or read (`exportLimits`, `limits`: within them, the same bytes; the chart as read is in the
/// input's digest) are left out.
enum CanonicalText {
  static let ignored: Set<String> = ["origins", "inputs", "sinks", "exportLimits", "limits"]

  static func of(_ value: Any, relativeTo base: String) -> String {
    var text = ""
    write(value, into: &text, base: base)
    return text
  }

  private static func write(_ value: Any, into text: inout String, base: String) {
    switch value {
    case let url as URL:
      let path = url.standardizedFileURL.path
      text += "url(" + (path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path) + ")"
      return
    case let date as Date:
      text += "date(\(date.timeIntervalSince1970))"
      return
    case let string as String:
      text += string.debugDescription
      return
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let child = mirror.children.first {
        write(child.value, into: &text, base: base)
      } else {
        text += "nil"
      }
    case .dictionary, .set:
      let entries = mirror.children.map { of($0.value, relativeTo: base) }.sorted()
      text += "{" + entries.joined(separator: ",") + "}"
    case .collection:
      text += "["
      for child in mirror.children {
        write(child.value, into: &text, base: base)
        text += ","
      }
      text += "]"
    case .enum:
      text += "\(type(of: value))."
      if let payload = mirror.children.first {
        text += (payload.label ?? "") + "("
        write(payload.value, into: &text, base: base)
        text += ")"
      } else {
        text += "\(value)"
      }
    case .struct, .class, .tuple:
      text += "\(type(of: value))("
      for child in mirror.children where !ignored.contains(child.label ?? "") {
        text += (child.label ?? "") + ":"
        write(child.value, into: &text, base: base)
        text += ","
      }
      text += ")"
    default:
      // A number, a Boolean, a function: as Swift prints it (a Double shortest and exact).
      text += "\(value)"
    }
  }
}

/// The SHA-256 of files a batch reads for every chart (a soundfont of 150 MB), each read once a
/// process while it is unchanged: known by its device, inode, size and time of change.
final class FileDigests: @unchecked Sendable {
  static let shared = FileDigests()
  private var known: [String: String] = [:]
  private let lock = NSLock()

  func sha256(of url: URL) throws -> String {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return try Digest.sha256(file: url) }
    let key =
      "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    lock.lock()
    let digest = known[key]
    lock.unlock()
    if let digest { return digest }
    let computed = try Digest.sha256(file: url)
    lock.lock()
    known[key] = computed
    lock.unlock()
    return computed
  }
}
