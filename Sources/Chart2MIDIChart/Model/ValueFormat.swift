import Chart2MIDIBase
import Foundation

/// A printf-style format with exactly one numeric conversion, such as `%.2f tons`, `$%.0f` or
/// `%'d people` (the `'` flag groups thousands with commas).
public struct ValueFormat: Hashable, Sendable, CustomStringConvertible {
  /// The format as written.
  public let description: String
  private let prefix: String
  private let suffix: String
  /// The conversion rebuilt for `String(format:)`, without the grouping flag.
  private let conversion: String
  private let isInteger: Bool
  private let groupsThousands: Bool
  /// The largest width or precision a conversion may ask for.
  package static let maximumSize = 99

  /// Parses a format.
  ///
  /// - Throws: `DescriptorError` (without a location) when the format has no numeric conversion,
  ///   more than one, or one that is not numeric.
  public init(_ format: String) throws {
    description = format
    let scalars = Array(format.unicodeScalars)
    var literal = String.UnicodeScalarView()
    var before: String?
    var conversion = ""
    var isInteger = false
    var groups = false
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "%" else {
        literal.append(scalar)
        index += 1
        continue
      }
      if index + 1 < scalars.count, scalars[index + 1] == "%" {
        literal.append("%")
        index += 2
        continue
      }
      guard before == nil else {
        throw DescriptorError(
          "\(quoted(format)) has more than one conversion; use exactly one, such as %.2f")
      }
      before = String(literal)
      literal = String.UnicodeScalarView()
      index += 1
      var spec = "%"
      while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
        if scalars[index] == "'" {
          groups = true
        } else {
          spec.unicodeScalars.append(scalars[index])
        }
        index += 1
      }
      var sizes = ""
      while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
        spec.unicodeScalars.append(scalars[index])
        sizes.unicodeScalars.append(scalars[index])
        index += 1
      }
      // A width or precision past what a number needs would make the system's formatter fail.
      for size in sizes.split(separator: ".") where size.count > 2 {
        throw DescriptorError(
          "\(quoted(format)) asks for \(size.count > 6 ? "a width or precision of \(size.count) digits" : "a width or precision of \(size)"); use at most \(Self.maximumSize)"
        )
      }
      while index < scalars.count, "hlLqjzt".unicodeScalars.contains(scalars[index]) { index += 1 }
      guard index < scalars.count else {
        throw DescriptorError(
          "\(quoted(format)) ends inside a conversion; finish it with a letter such as f or d")
      }
      let letter = scalars[index]
      index += 1
      switch letter {
      case "d", "i", "u":
        spec += "ld"
        isInteger = true
      case "f", "F", "e", "E", "g", "G":
        spec.unicodeScalars.append(letter)
      default:
        throw DescriptorError(
          "\(quoted(format)) uses %\(letter), which is not a numeric conversion; use one of %d, %f, %e or %g"
        )
      }
      conversion = spec
    }
    guard let before else {
      throw DescriptorError(
        "\(quoted(format)) has no numeric conversion; add one such as %.2f or %d")
    }
    prefix = before
    suffix = String(literal)
    self.conversion = conversion
    self.isInteger = isInteger
    groupsThousands = groups
  }

  /// The value written with this format. Integer conversions round to the nearest whole number.
  public func format(_ value: Double) -> String {
    var number: String
    if isInteger {
      let rounded = value.rounded()
      let clamped = Swift.min(Swift.max(rounded, Double(Int.min / 2)), Double(Int.max / 2))
      number = String(format: conversion, Int(clamped))
    } else {
      number = String(format: conversion, value)
    }
    if groupsThousands { number = NumberText.groupThousands(number) }
    return prefix + number + suffix
  }

  /// The value written with this format, unless the format writes whole numbers and would round
  /// the value into another one, which a reader takes for a different thing ("%.0f" writes
  /// 2007.75 as "2008", another year; day 14.5 as "day 15"): then with as many decimals as keep
  /// it true (at most 6), in the same words ("2007.75"). A format with decimals, or in `e` or
  /// `g` notation, states a measure's precision and is kept as it is.
  package func truthfulFormat(_ value: Double) -> String {
    let written = format(value)
    guard value.isFinite, let decimals, decimals == 0, !Self.has(value, decimals: 0) else {
      return written
    }
    let needed = (decimals + 1...6).first { Self.has(value, decimals: $0) } ?? 6
    var number = String(format: "%.\(needed)f", value)
    if groupsThousands { number = NumberText.groupThousands(number) }
    return prefix + number + suffix
  }

  /// The decimals the conversion writes: 0 for an integer conversion, the precision of an `f`
  /// conversion (6 when it gives none); nil for `e` and `g`.
  private var decimals: Int? {
    if isInteger { return 0 }
    guard conversion.hasSuffix("f") || conversion.hasSuffix("F") else { return nil }
    guard let dot = conversion.firstIndex(of: ".") else { return 6 }
    let digits = conversion[conversion.index(after: dot)...].prefix { $0.isNumber }
    return Int(digits) ?? 0
  }

  /// Whether `value` is written exactly with `decimals` decimals.
  private static func has(_ value: Double, decimals: Int) -> Bool {
    let scaled = value * pow(10, Double(decimals))
    return abs(scaled - scaled.rounded()) <= 1e-9 * Swift.max(1, abs(scaled))
  }

  /// A number with no more digits than it needs: `268`, `1.32`, `0.001`.
  package static func plain(_ value: Double) -> String { NumberText.plain(value) }

  /// A count with commas between groups of three digits: "1,000,000".
  package static func grouped(_ count: Int) -> String { NumberText.grouped(count) }
}
