// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chart2midi",
  products: [
    .library(name: "Descriptor", targets: ["Descriptor"]),
    .library(name: "MIDIMap", targets: ["MIDIMap"]),
    .library(name: "Synth", targets: ["Synth"]),
    .executable(name: "chart2midi", targets: ["chart2midi"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
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
      providers: [.apt(["libfluidsynth-dev", "pkg-config"])]
    ),
    .target(name: "Descriptor"),
    .target(name: "MIDIMap", dependencies: ["Descriptor", "CSMF"]),
    .target(name: "Synth", dependencies: ["MIDIMap", "CFluidSynth"]),
    .executableTarget(
      name: "chart2midi",
      dependencies: [
        "Descriptor", "MIDIMap", "Synth",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "chart2midi-soundfont", dependencies: ["Synth"]),
    .executableTarget(
      name: "chart2midi-bench",
      dependencies: ["Descriptor", "MIDIMap", "Synth"],
      path: "Benchmarks/chart2midi-bench"
    ),
    // Where the project and its examples are, for every test target.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DescriptorTests", dependencies: ["Descriptor", "TestSupport"]),
    .testTarget(name: "MIDIMapTests", dependencies: ["Descriptor", "MIDIMap", "TestSupport"]),
    .testTarget(name: "SynthTests", dependencies: ["MIDIMap", "Synth", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["chart2midi", "MIDIMap", "TestSupport"]),
    .testTarget(name: "APISampleTests", dependencies: ["Descriptor", "MIDIMap"]),
  ]
)
