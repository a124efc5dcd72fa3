// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chart2midi",
  products: [
    .library(name: "Descriptor", targets: ["Descriptor"]),
    .library(name: "MIDIMap", targets: ["MIDIMap"]),
    .library(name: "Synth", targets: ["Synth"]),
    .library(name: "Export", targets: ["Export"]),
    .library(name: "Exercise", targets: ["Exercise"]),
    // The whole library in one import.
    .library(name: "Chart2MIDIKit", targets: ["Chart2MIDIKit"]),
    .executable(name: "chart2midi", targets: ["chart2midi"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
  ],
  targets: [
    .systemLibrary(
      name: "CSMF",
      pkgConfig: "smf",
      providers: [.apt(["libsmf-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CFluidSynth",
      pkgConfig: "fluidsynth",
      providers: [.apt(["libfluidsynth-dev", "libglib2.0-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CEBUR128",
      pkgConfig: "libebur128",
      providers: [.apt(["libebur128-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CEspeakNG",
      pkgConfig: "espeak-ng",
      providers: [.apt(["libespeak-ng-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CSndFile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CSoxr",
      pkgConfig: "soxr",
      providers: [.apt(["libsoxr-dev", "pkg-config"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev", "pkg-config"])]
    ),
    // glibc's allocator settings, for the command line's own process.
    .systemLibrary(name: "CMalloc"),
    .target(name: "Descriptor"),
    // How text goes into each format chart2midi writes (HTML, XML, captions, GIFT, REAPER, file
    // names), scalar by scalar: one encoder per format, for every writer.
    .target(name: "TextEncoders"),
    // SHA-256 from the system's libcrypto, for the batch's manifests and shards and the practice
    // pages' checks.
    .target(name: "Hashing", dependencies: ["CCrypto"]),
    // From a chart to SMF bytes in Swift alone: no C module in its closure, so it builds on any
    // Swift platform.
    .target(name: "MIDIMap", dependencies: ["Descriptor", "TextEncoders"]),
    // The independent reader of Standard MIDI Files, on libsmf.
    .target(name: "SMFReader", dependencies: ["Descriptor", "MIDIMap", "CSMF"]),
    .target(
      name: "Synth",
      dependencies: [
        "Descriptor", "MIDIMap", "SMFReader", "TextEncoders", "CFluidSynth", "CEBUR128",
        "CEspeakNG", "CSoxr", "CSndFile", "SoundFontResource",
      ]),
    // The project's soundfont as a package resource: every program built with the package (this
    // one's, or a dependent package's) finds it beside itself.
    .target(
      name: "SoundFontResource", path: "soundfonts", exclude: ["README.md"],
      sources: ["BundledSoundFont.swift"], resources: [.copy("chart2midi.sf2")]),
    // The application layer: from a chart and its settings to the files, staged and committed.
    // The page's script and style are files the tests parse, compiled into the program.
    .target(
      name: "Export",
      dependencies: ["Descriptor", "MIDIMap", "SMFReader", "Synth", "TextEncoders"],
      resources: [.embedInCode("Page/Resources/page.js"), .embedInCode("Page/Resources/page.css")]),
    .target(
      name: "Exercise",
      dependencies: [
        "Descriptor", "MIDIMap", "Synth", "Export", "TextEncoders", "Hashing",
        .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      resources: [.embedInCode("Resources/practice.js"), .embedInCode("Resources/exercise.css")]),
    .target(
      name: "Chart2MIDIKit",
      dependencies: ["Descriptor", "MIDIMap", "SMFReader", "Synth", "Export", "Exercise"]),
    .executableTarget(
      name: "chart2midi",
      dependencies: [
        "Descriptor", "MIDIMap", "SMFReader", "Synth", "Export", "Exercise", "Hashing", "CMalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The project's own soundfont, made by code (see soundfonts/README.md).
    .target(name: "SoundFontMaker"),
    .executableTarget(name: "chart2midi-soundfont", dependencies: ["SoundFontMaker"]),
    .executableTarget(
      name: "chart2midi-bench",
      dependencies: ["Descriptor", "MIDIMap", "SMFReader", "Synth", "Export"],
      path: "Benchmarks/chart2midi-bench"
    ),
    // Where the project and its examples are, and the helpers every test target shares.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DescriptorTests", dependencies: ["Descriptor", "TestSupport"]),
    .testTarget(
      name: "MIDIMapTests",
      dependencies: ["Descriptor", "MIDIMap", "SMFReader", "TestSupport"]),
    .testTarget(
      name: "SynthTests",
      dependencies: [
        "Descriptor", "MIDIMap", "SMFReader", "Synth", "Export", "SoundFontMaker", "TestSupport",
        "CSoxr",
      ]),
    .testTarget(
      name: "ExportTests",
      dependencies: [
        "Descriptor", "MIDIMap", "SMFReader", "Synth", "Export", "Exercise", "TestSupport",
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "chart2midi", "Descriptor", "MIDIMap", "SMFReader", "Synth", "Hashing", "TextEncoders",
        "TestSupport",
      ]),
    .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
    .testTarget(name: "TextEncodersTests", dependencies: ["TextEncoders", "TestSupport"]),
    .testTarget(
      name: "ExerciseTests",
      dependencies: ["Descriptor", "MIDIMap", "SMFReader", "Exercise", "TestSupport"]),
    .testTarget(name: "APISampleTests", dependencies: ["Descriptor", "MIDIMap"]),
    .testTarget(name: "UmbrellaTests", dependencies: ["Chart2MIDIKit", "TestSupport"]),
  ]
)

// The fuzz targets (see `make fuzz`): built only with CHART2MIDI_FUZZ set, with
// `-sanitize=fuzzer,address`; each runs libFuzzer's driver around its test.
if Context.environment["CHART2MIDI_FUZZ"] != nil {
  package.targets.append(
    .target(
      name: "FuzzSupport", dependencies: ["Descriptor", "MIDIMap", "SMFReader"],
      path: "Fuzz/FuzzSupport"))
  for (name, dependencies) in [
    ("FuzzDescriptor", ["Descriptor", "MIDIMap"]), ("FuzzCSV", ["Descriptor", "MIDIMap"]),
    ("FuzzVegaLite", ["Descriptor", "MIDIMap"]), ("FuzzSMF", ["MIDIMap", "SMFReader"]),
    ("FuzzRender", ["MIDIMap", "SMFReader", "Synth", "Export"]),
    ("FuzzExpression", ["Descriptor", "MIDIMap"]),
    ("FuzzSMFTiming", ["MIDIMap", "SMFReader", "Synth"]),
  ] {
    package.targets.append(
      .executableTarget(
        name: name, dependencies: (dependencies + ["FuzzSupport"]).map { .target(name: $0) },
        path: "Fuzz/\(name)"))
  }
}
