import FuzzSupport
import GestureKit
import GestureTrace

// A scene file: parsed and decoded; a scene that decodes is built and runs a probe trace with the engine invariants checked.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let json = try? parseJSON(bytes: bytes, file: "scene.json"),
        let scene = try? SceneDecoder(file: "scene.json").decode(json)
    else { return 0 }
    checkEngine(sceneProbeTrace, scene: scene, screen: .defaultScreen)
    return 0
}

@_cdecl("FuzzScene_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
