// swift-tools-version:6.0
// Three recognizers written against UIKit's API, compiled on Linux through GestureUIKit, named in
// scene files through a team gesturectl, and tested with GestureTesting (docs/your-recognizers.md).
import PackageDescription

let package = Package(
    name: "GestureExamples",
    dependencies: [.package(name: "gesturectl", path: "..")],
    targets: [
        // The recognizers, as they are in the app (only the import lines differ).
        .target(name: "MyGestures", dependencies: [
            .product(name: "GestureUIKit", package: "gesturectl"),
            .product(name: "GestureKit", package: "gesturectl"),
        ]),
        // App code compiled in the Swift 5 language mode, as many projects still are.
        .target(
            name: "SwiftFiveMode", dependencies: [.product(name: "GestureUIKit", package: "gesturectl")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // A gesturectl that knows them: `swift run team-gesturectl analyze Traces/vertical-drag.jsonl`.
        .executableTarget(name: "team-gesturectl", dependencies: [
            "MyGestures", .product(name: "GestureCLI", package: "gesturectl"),
        ]),
        .testTarget(name: "MyGesturesTests", dependencies: [
            "MyGestures", "SwiftFiveMode",
            .product(name: "GestureTesting", package: "gesturectl"),
            .product(name: "GestureUIKit", package: "gesturectl"),
            .product(name: "GestureKit", package: "gesturectl"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
