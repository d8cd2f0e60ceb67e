import FuzzSupport
import GestureKit
import GestureTrace

// Any trace (encoding sniffed as for standard input) that reads is run through its inline scene, or the default scene, with the engine invariants checked.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let trace = readTrace(bytes, encoding: nil) else { return 0 }
    var scene = SceneDescription.defaultScene(screen: trace.header.screenOrDefault)
    if case .inline(let json) = trace.header.scene {
        guard let inline = try? SceneDecoder(file: "fuzz").decode(json) else { return 0 }
        scene = inline
    }
    checkEngine(trace.samples, scene: scene, screen: trace.header.screenOrDefault)
    return 0
}

@_cdecl("FuzzEngine_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
