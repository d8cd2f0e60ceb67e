// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gesturectl",
    products: [
        .library(name: "GestureKit", targets: ["GestureKit"]),
        .library(name: "GestureTrace", targets: ["GestureTrace"]),
        .library(name: "GestureRecorder", targets: ["GestureRecorder"]),
        .library(name: "GestureUIKit", targets: ["GestureUIKit"]),
        .library(name: "GestureCLI", targets: ["GestureCLI"]),
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
        .executable(name: "gesturectl", targets: ["gesturectl"]),
    ],
    targets: [
        .target(name: "GestureKit", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "GestureTrace", dependencies: ["GestureKit"]),
        .target(name: "GestureRecorder", dependencies: ["GestureKit", "GestureTrace"]),
        .target(name: "GestureUIKit", dependencies: ["GestureKit"]),
        .target(name: "GestureCLI", dependencies: ["GestureKit", "GestureTrace"]),
        .target(name: "GestureTesting", dependencies: ["GestureKit", "GestureTrace", "GestureCLI"]),
        .executableTarget(name: "gesturectl", dependencies: ["GestureCLI"]),
        .testTarget(name: "GestureKitTests", dependencies: ["GestureKit", "GestureTrace"]),
        .testTarget(name: "GestureTraceTests", dependencies: ["GestureTrace", "GestureKit"]),
        .testTarget(name: "GestureCLITests", dependencies: ["GestureCLI", "GestureTrace", "GestureKit", "GestureRecorder"]),
        .testTarget(name: "GestureRecorderTests", dependencies: ["GestureRecorder", "GestureTrace", "GestureKit"]),
        .testTarget(
            name: "GestureUIKitTests", dependencies: ["GestureUIKit", "GestureTesting", "GestureCLI", "GestureTrace", "GestureKit"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
