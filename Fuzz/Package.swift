// swift-tools-version:6.0
// libFuzzer targets for gesturectl's parsers and engine (docs/reliability.md).
//
// A separate package, so that the main package's `swift build` and `swift test` never see them. Build and
// run with `make fuzz` from the repository root, or by hand:
//
//   swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   SWIFT_BACKTRACE=enable=no .build-fuzz/release/FuzzJSON -max_total_time=60 Fuzz/Corpus/json Fuzz/Seeds/json
import Foundation
import PackageDescription

// The main package is the parent directory; its identity is that directory's name, whatever the clone is called.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

/// One fuzz target: an executable whose `LLVMFuzzerTestOneInput` feeds one input to one reader.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "FuzzSupport",
            .product(name: "GestureKit", package: mainPackage),
            .product(name: "GestureTrace", package: mainPackage),
        ])
}

let package = Package(
    name: "gesturectl-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "GestureKit", package: mainPackage),
                .product(name: "GestureTrace", package: mainPackage),
            ]),
        fuzzTarget("FuzzJSON"),
        fuzzTarget("FuzzJSONLines"),
        fuzzTarget("FuzzCSV"),
        fuzzTarget("FuzzScene"),
        fuzzTarget("FuzzGetevent"),
        fuzzTarget("FuzzEvemu"),
        fuzzTarget("FuzzEngine"),
        fuzzTarget("FuzzWebDriver"),
        // The command line in process. GestureCLI is not a product of the main package, so this target
        // compiles its sources itself: Sources/FuzzAnalyze/GestureCLI links to ../../../Sources/GestureCLI.
        fuzzTarget("FuzzAnalyze"),
    ],
    swiftLanguageModes: [.v6]
)
