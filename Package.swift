// swift-tools-version:6.0
import PackageDescription

/// The library's modules, from the base to the exercises.
let libraryModules: [Target.Dependency] = [
  "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
  "Chart2MIDISonification", "Chart2MIDISMFReader", "Chart2MIDIAudio", "Chart2MIDIOutputs",
  "Chart2MIDIExercises",
]

let package = Package(
  name: "chart2midi",
  products: [
    .library(name: "Chart2MIDIBase", targets: ["Chart2MIDIBase"]),
    .library(name: "Chart2MIDIChart", targets: ["Chart2MIDIChart"]),
    .library(name: "Chart2MIDIInput", targets: ["Chart2MIDIInput"]),
    .library(name: "Chart2MIDIFacts", targets: ["Chart2MIDIFacts"]),
    .library(name: "Chart2MIDICore", targets: ["Chart2MIDICore"]),
    .library(name: "Chart2MIDISonification", targets: ["Chart2MIDISonification"]),
    .library(name: "Chart2MIDISMFReader", targets: ["Chart2MIDISMFReader"]),
    .library(name: "Chart2MIDIAudio", targets: ["Chart2MIDIAudio"]),
    .library(name: "Chart2MIDIOutputs", targets: ["Chart2MIDIOutputs"]),
    .library(name: "Chart2MIDIExercises", targets: ["Chart2MIDIExercises"]),
    // The whole library in one import.
    .library(name: "Chart2MIDIKit", targets: ["Chart2MIDIKit"]),
    .executable(name: "chart2midi", targets: ["chart2midi"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    // The service (`chart2midi serve`): its HTTP server, metrics and forms.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
    .package(url: "https://github.com/vapor/multipart-kit", from: "4.5.0"),
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
      name: "CLouis",
      pkgConfig: "liblouis",
      providers: [.apt(["liblouis-dev", "liblouis-data", "pkg-config"])]
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
    // What every module shares and that knows no chart: errors with their codes and places,
    // number formats, reading limits, message wording.
    .target(name: "Chart2MIDIBase"),
    // How text goes into each format chart2midi writes (HTML, XML, captions, GIFT, REAPER, file
    // names), scalar by scalar: one encoder per format, for every writer.
    .target(name: "TextEncoders"),
    // SHA-256 from the system's libcrypto, for the batch's manifests and shards and the practice
    // pages' checks.
    .target(name: "Hashing", dependencies: ["CCrypto"]),
    // The chart model (the audio-graph descriptor, its checks, dates) and the words of each
    // language it is described in.
    .target(name: "Chart2MIDIChart", dependencies: ["Chart2MIDIBase"]),
    // Charts read from descriptor JSON, CSV and Vega-Lite (with its expressions), within limits.
    .target(name: "Chart2MIDIInput", dependencies: ["Chart2MIDIBase", "Chart2MIDIChart"]),
    // What a chart says: statistics and descriptions, in every language.
    .target(name: "Chart2MIDIFacts", dependencies: ["Chart2MIDIBase", "Chart2MIDIChart"]),
    // MIDI that knows no chart: values, messages, timecode, the score of tracks and the SMF
    // encoder.
    .target(name: "Chart2MIDICore", dependencies: ["Chart2MIDIBase"]),
    // From a chart to a score: the settings, the mapping, the timeline. With the modules below it,
    // from a chart to SMF bytes in Swift alone: no C module in its closure, so it builds on any
    // Swift platform.
    .target(
      name: "Chart2MIDISonification",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIFacts", "Chart2MIDICore", "TextEncoders",
      ]),
    // The independent reader of Standard MIDI Files, on libsmf.
    .target(
      name: "Chart2MIDISMFReader", dependencies: ["Chart2MIDIBase", "Chart2MIDICore", "CSMF"]),
    // Audio from MIDI events and speech, which knows no chart: FluidSynth, loudness, the limiter,
    // speech, WAV and compressed files.
    .target(
      name: "Chart2MIDIAudio",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDICore", "Chart2MIDISMFReader", "TextEncoders", "CFluidSynth",
        "CEBUR128", "CEspeakNG", "CSoxr", "CSndFile", "SoundFontResource",
      ]),
    // The project's soundfont as a package resource: every program built with the package (this
    // one's, or a dependent package's) finds it beside itself.
    .target(
      name: "SoundFontResource", path: "soundfonts", exclude: ["README.md"],
      sources: ["BundledSoundFont.swift"], resources: [.copy("chart2midi.sf2")]),
    // One chart's Production (its score, timeline, facts, narration and audio, made once) and a
    // writer per output, staged and committed; braille through liblouis. The page's script and style are files the tests
    // parse, compiled into the program.
    .target(
      name: "Chart2MIDIOutputs",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts",
        "Chart2MIDICore", "Chart2MIDISonification", "Chart2MIDISMFReader", "Chart2MIDIAudio",
        "TextEncoders", "CLouis", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      resources: [.embedInCode("Page/Resources/page.js"), .embedInCode("Page/Resources/page.css")]),
    // Listening exercises on top of the outputs: questions, answer keys, practice pages, quizzes.
    .target(
      name: "Chart2MIDIExercises",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts",
        "Chart2MIDICore", "Chart2MIDISonification", "Chart2MIDIAudio", "Chart2MIDIOutputs",
        "TextEncoders", "Hashing", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ],
      resources: [.embedInCode("Resources/practice.js"), .embedInCode("Resources/exercise.css")]),
    .target(name: "Chart2MIDIKit", dependencies: libraryModules),
    .executableTarget(
      name: "chart2midi",
      dependencies: libraryModules + [
        "Hashing", "CMalloc", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "MultipartKit", package: "multipart-kit"),
      ]
    ),
    // The project's own soundfont, made by code (see soundfonts/README.md).
    .target(name: "SoundFontMaker"),
    .executableTarget(name: "chart2midi-soundfont", dependencies: ["SoundFontMaker"]),
    .executableTarget(
      name: "chart2midi-bench", dependencies: libraryModules, path: "Benchmarks/chart2midi-bench"),
    // Where the project and its examples are, and the helpers every test target shares.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // Each test target depends on what it tests: testing the chart or the mapping builds no audio.
    .testTarget(
      name: "ChartTests",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "TestSupport",
      ]),
    .testTarget(
      name: "SonificationTests",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
        "Chart2MIDISonification", "Chart2MIDISMFReader", "TestSupport",
      ]),
    .testTarget(
      name: "AudioTests",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDICore",
        "Chart2MIDISonification", "Chart2MIDISMFReader", "Chart2MIDIAudio", "Chart2MIDIOutputs",
        "SoundFontMaker", "TestSupport", "CSoxr",
      ]),
    .testTarget(
      name: "OutputsTests",
      dependencies: libraryModules + [
        "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
      ]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "chart2midi", "Chart2MIDIChart", "Chart2MIDICore", "Chart2MIDISonification",
        "Chart2MIDISMFReader", "Chart2MIDIAudio", "Hashing", "TextEncoders", "TestSupport",
      ]),
    .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
    .testTarget(name: "TextEncodersTests", dependencies: ["TextEncoders", "TestSupport"]),
    .testTarget(
      name: "ExercisesTests",
      dependencies: [
        "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
        "Chart2MIDISonification", "Chart2MIDIExercises", "TestSupport",
      ]),
    .testTarget(name: "APISampleTests", dependencies: ["Chart2MIDIKit"]),
    .testTarget(name: "UmbrellaTests", dependencies: ["Chart2MIDIKit", "TestSupport"]),
  ]
)

// The fuzz targets (see `make fuzz`): built only with CHART2MIDI_FUZZ set, with
// `-sanitize=fuzzer,address`; each runs libFuzzer's driver around its test.
if Context.environment["CHART2MIDI_FUZZ"] != nil {
  package.targets.append(
    .target(
      name: "FuzzSupport", dependencies: libraryModules,
      path: "Fuzz/FuzzSupport"))
  for name in [
    "FuzzDescriptor", "FuzzCSV", "FuzzVegaLite", "FuzzSMF", "FuzzRender", "FuzzExpression",
    "FuzzSMFTiming",
  ] {
    package.targets.append(
      .executableTarget(
        name: name, dependencies: libraryModules + ["FuzzSupport"],
        path: "Fuzz/\(name)"))
  }
}
