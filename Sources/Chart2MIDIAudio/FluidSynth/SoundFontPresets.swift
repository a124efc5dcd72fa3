import Foundation

/// The names a SoundFont 2 file gives its presets (its `pdta` list's `phdr` records), by bank and
/// program, read from the file's chunk headers and its preset headers alone: a soundfont of a
/// gigabyte costs a few reads.
package enum SoundFontPresets {
  /// A preset's bank and program.
  package struct Key: Hashable, Sendable {
    /// The bank: 0 for melodic General MIDI, 128 for drum kits.
    package var bank: Int
    /// The program, 0 to 127.
    package var program: Int

    /// A key.
    package init(bank: Int, program: Int) {
      self.bank = bank
      self.program = program
    }
  }

  /// The preset names of the soundfont at `url`; empty when it is not a SoundFont 2 file that can
  /// be read.
  package static func names(in url: URL) -> [Key: String] {
    guard let file = try? FileHandle(forReadingFrom: url) else { return [:] }
    defer { try? file.close() }
    func read(_ count: Int) -> [UInt8]? {
      guard let data = try? file.read(upToCount: count), data.count == count else { return nil }
      return [UInt8](data)
    }
    func u32(_ bytes: [UInt8], _ at: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
    guard let header = read(12), String(decoding: header[0..<4], as: UTF8.self) == "RIFF",
      String(decoding: header[8..<12], as: UTF8.self) == "sfbk"
    else { return [:] }
    let end = 8 + u32(header, 4)
    var position = 12
    // The LIST chunks: INFO, sdta, pdta; the preset headers are in pdta.
    while position + 12 <= end {
      guard (try? file.seek(toOffset: UInt64(position))) != nil, let chunk = read(12) else { break }
      let size = u32(chunk, 4)
      if String(decoding: chunk[0..<4], as: UTF8.self) == "LIST",
        String(decoding: chunk[8..<12], as: UTF8.self) == "pdta"
      {
        var inner = position + 12
        while inner + 8 <= position + 8 + size {
          guard (try? file.seek(toOffset: UInt64(inner))) != nil, let sub = read(8) else { break }
          let length = u32(sub, 4)
          if String(decoding: sub[0..<4], as: UTF8.self) == "phdr" {
            guard length % 38 == 0, length <= 38 * 65536, let records = read(length) else {
              return [:]
            }
            var names: [Key: String] = [:]
            // The last record is the terminal one, "EOP".
            for index in 0..<max(0, length / 38 - 1) {
              let record = records[(38 * index)..<(38 * index + 38)]
              let raw = record.prefix(20).prefix { $0 != 0 }
              let name = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
              let program =
                Int(record[record.startIndex + 20])
                | Int(record[record.startIndex + 21]) << 8
              let bank =
                Int(record[record.startIndex + 22]) | Int(record[record.startIndex + 23]) << 8
              let key = Key(bank: bank, program: program)
              if names[key] == nil { names[key] = name }
            }
            return names
          }
          inner += 8 + length + length % 2
        }
        return [:]
      }
      position += 8 + size + size % 2
    }
    return [:]
  }
}
