import Foundation

/// Writes a SoundFont 2.01 file: mono 16-bit samples, instruments of key-range zones that play them,
/// and presets at bank and program numbers that each play one instrument.
///
/// Layout (SoundFont 2.01 specification, section 4): `RIFF sfbk` holding `LIST INFO` (version,
/// engine, name, software, copyright, comment), `LIST sdta` (`smpl`: every sample followed by 46 zero
/// points), and `LIST pdta` (`phdr pbag pmod pgen inst ibag imod igen shdr`, each ending with a
/// terminal record).
struct SoundFontWriter: Sendable {
  /// A generator: an operator number and a 16-bit amount.
  struct Generator: Hashable, Sendable {
    var operation: UInt16
    var amount: UInt16

    /// `keyRange` (43): must come first in a zone.
    static func keyRange(_ range: ClosedRange<UInt8>) -> Generator {
      Generator(operation: 43, amount: UInt16(range.lowerBound) | UInt16(range.upperBound) << 8)
    }
    /// `attackVolEnv` (34), in seconds.
    static func attack(_ seconds: Double) -> Generator {
      Generator(operation: 34, amount: timecents(seconds))
    }
    /// `holdVolEnv` (35), in seconds.
    static func hold(_ seconds: Double) -> Generator {
      Generator(operation: 35, amount: timecents(seconds))
    }
    /// `decayVolEnv` (36), in seconds.
    static func decay(_ seconds: Double) -> Generator {
      Generator(operation: 36, amount: timecents(seconds))
    }
    /// `sustainVolEnv` (37): attenuation of the sustain in centibels.
    static func sustain(centibels: Int) -> Generator {
      Generator(operation: 37, amount: UInt16(clamping: centibels))
    }
    /// `releaseVolEnv` (38), in seconds.
    static func release(_ seconds: Double) -> Generator {
      Generator(operation: 38, amount: timecents(seconds))
    }
    /// `initialAttenuation` (48), in centibels.
    static func attenuation(centibels: Int) -> Generator {
      Generator(operation: 48, amount: UInt16(clamping: centibels))
    }
    /// `scaleTuning` (56): cents per key; 0 makes every key play the root pitch.
    static func scaleTuning(_ cents: Int) -> Generator {
      Generator(operation: 56, amount: UInt16(clamping: cents))
    }
    /// `sampleModes` (54): 0 plays once, 1 loops, 3 loops until the key is released.
    static func sampleModes(_ mode: UInt16) -> Generator {
      Generator(operation: 54, amount: mode)
    }
    /// `overridingRootKey` (58).
    static func rootKey(_ key: UInt8) -> Generator {
      Generator(operation: 58, amount: UInt16(key))
    }

    /// Seconds as timecents, 1200 × log2(seconds), as a signed 16-bit amount.
    static func timecents(_ seconds: Double) -> UInt16 {
      UInt16(bitPattern: Int16(max(-12000, min(8000, (1200 * log2(seconds)).rounded()))))
    }
  }

  /// One mono sample at 44.1 kHz or another rate.
  struct Sample: Sendable {
    var name: String
    var data: [Int16]
    var sampleRate: UInt32
    /// The key at which the sample plays at its own pitch.
    var rootKey: UInt8
    /// A pitch correction in cents.
    var correction: Int8
    /// The loop, as offsets into `data`; nil for a one-shot sample.
    var loop: Range<Int>?

    init(
      name: String, data: [Int16], sampleRate: UInt32 = 44100, rootKey: UInt8, correction: Int8 = 0,
      loop: Range<Int>? = nil
    ) {
      self.name = name
      self.data = data
      self.sampleRate = sampleRate
      self.rootKey = rootKey
      self.correction = correction
      self.loop = loop
    }
  }

  /// A key-range zone of an instrument: its generators and the sample it plays.
  struct Zone: Sendable {
    var generators: [Generator]
    var sample: Int
  }

  /// A named instrument: zones.
  struct Instrument: Sendable {
    var name: String
    var zones: [Zone]
  }

  /// A preset: a bank, a program and the instrument it plays.
  struct Preset: Sendable {
    var name: String
    var bank: UInt16
    var program: UInt16
    var instrument: Int
  }

  var name: String
  var comment: String
  var copyright: String
  var samples: [Sample] = []
  var instruments: [Instrument] = []
  var presets: [Preset] = []

  /// An empty soundfont.
  init(name: String, comment: String, copyright: String) {
    self.name = name
    self.comment = comment
    self.copyright = copyright
  }

  /// The file's bytes.
  func encode() -> [UInt8] {
    var info = Chunk()
    info.text("ifil", [2, 0, 1, 0])
    info.text("isng", zeroPadded("EMU8000"))
    info.text("INAM", zeroPadded(name))
    info.text("ISFT", zeroPadded("chart2midi"))
    info.text("ICOP", zeroPadded(copyright))
    info.text("ICMT", zeroPadded(comment))

    var sampleData: [UInt8] = []
    var headers: [UInt8] = []
    for sample in samples {
      let start = UInt32(sampleData.count / 2)
      for value in sample.data { le16(UInt16(bitPattern: value), &sampleData) }
      sampleData += [UInt8](repeating: 0, count: 46 * 2)
      headers += fixedName(sample.name)
      le32(start, &headers)
      le32(start + UInt32(sample.data.count), &headers)
      let loop = sample.loop ?? 0..<0
      le32(start + UInt32(loop.lowerBound), &headers)
      le32(start + UInt32(loop.upperBound), &headers)
      le32(sample.sampleRate, &headers)
      headers.append(sample.rootKey)
      headers.append(UInt8(bitPattern: sample.correction))
      le16(0, &headers)  // sample link
      le16(1, &headers)  // mono sample
    }
    headers += fixedName("EOS") + [UInt8](repeating: 0, count: 26)
    var sdta = Chunk()
    sdta.text("smpl", sampleData)

    var phdr: [UInt8] = []
    var pbag: [UInt8] = []
    var pgen: [UInt8] = []
    for (index, preset) in presets.enumerated() {
      phdr += fixedName(preset.name)
      le16(preset.program, &phdr)
      le16(preset.bank, &phdr)
      le16(UInt16(index), &phdr)
      phdr += [UInt8](repeating: 0, count: 12)
      le16(UInt16(pgen.count / 4), &pbag)
      le16(0, &pbag)
      le16(41, &pgen)  // instrument: the last generator of a preset zone
      le16(UInt16(preset.instrument), &pgen)
    }
    phdr += fixedName("EOP")
    le16(0, &phdr)
    le16(0, &phdr)
    le16(UInt16(presets.count), &phdr)
    phdr += [UInt8](repeating: 0, count: 12)
    le16(UInt16(pgen.count / 4), &pbag)
    le16(0, &pbag)
    pgen += [0, 0, 0, 0]

    var inst: [UInt8] = []
    var ibag: [UInt8] = []
    var igen: [UInt8] = []
    var bagCount = 0
    for instrument in instruments {
      inst += fixedName(instrument.name)
      le16(UInt16(bagCount), &inst)
      for zone in instrument.zones {
        le16(UInt16(igen.count / 4), &ibag)
        le16(0, &ibag)
        bagCount += 1
        for generator in zone.generators {
          le16(generator.operation, &igen)
          le16(generator.amount, &igen)
        }
        le16(53, &igen)  // sampleID: the last generator of an instrument zone
        le16(UInt16(zone.sample), &igen)
      }
    }
    inst += fixedName("EOI")
    le16(UInt16(bagCount), &inst)
    le16(UInt16(igen.count / 4), &ibag)
    le16(0, &ibag)
    igen += [0, 0, 0, 0]

    var pdta = Chunk()
    pdta.text("phdr", phdr)
    pdta.text("pbag", pbag)
    pdta.text("pmod", [UInt8](repeating: 0, count: 10))
    pdta.text("pgen", pgen)
    pdta.text("inst", inst)
    pdta.text("ibag", ibag)
    pdta.text("imod", [UInt8](repeating: 0, count: 10))
    pdta.text("igen", igen)
    pdta.text("shdr", headers)

    var body: [UInt8] = Array("sfbk".utf8)
    body += list("INFO", info.bytes)
    body += list("sdta", sdta.bytes)
    body += list("pdta", pdta.bytes)
    var file: [UInt8] = Array("RIFF".utf8)
    le32(UInt32(body.count), &file)
    return file + body
  }

  private struct Chunk {
    var bytes: [UInt8] = []
    mutating func text(_ id: String, _ data: [UInt8]) {
      bytes += Array(id.utf8)
      le32(UInt32(data.count), &bytes)
      bytes += data
      if data.count % 2 == 1 { bytes.append(0) }
    }
  }

  private func list(_ type: String, _ content: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = Array("LIST".utf8)
    le32(UInt32(content.count + 4), &bytes)
    return bytes + Array(type.utf8) + content
  }

  /// A zero-terminated string padded to an even length.
  private func zeroPadded(_ text: String) -> [UInt8] {
    var bytes = Array(text.utf8) + [0]
    if bytes.count % 2 == 1 { bytes.append(0) }
    return bytes
  }

  /// A name in a 20-byte field, zero-filled.
  private func fixedName(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8.prefix(19))
    return bytes + [UInt8](repeating: 0, count: 20 - bytes.count)
  }
}

private func le16(_ value: UInt16, _ bytes: inout [UInt8]) {
  bytes.append(UInt8(value & 0xFF))
  bytes.append(UInt8(value >> 8))
}

private func le32(_ value: UInt32, _ bytes: inout [UInt8]) {
  for shift in stride(from: 0, to: 32, by: 8) {
    bytes.append(UInt8((value >> UInt32(shift)) & 0xFF))
  }
}
