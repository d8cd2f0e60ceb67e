// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gesturectl",
    products: [
        .library(name: "GestureKit", targets: ["GestureKit"]),
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .executable(name: "gesturectl", targets: ["gesturectl"]),
    ],
    targets: [
        .target(name: "GestureKit", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "GestureTrace", dependencies: ["GestureKit"]),
        .target(name: "GestureCLI", dependencies: ["GestureKit", "GestureTrace"]),
        .executableTarget(name: "gesturectl", dependencies: ["GestureCLI"]),
        .testTarget(name: "GestureKitTests", dependencies: ["GestureKit"]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace", "GestureKit"]),
        .testTarget(name: "GestureCLITests", dependencies: ["GestureCLI", "GestureTrace", "GestureKit"]),
    ],
    swiftLanguageModes: [.v6]
)
