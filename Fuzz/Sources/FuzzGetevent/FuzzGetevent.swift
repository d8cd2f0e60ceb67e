import FuzzSupport
import GestureKit
import GestureTrace

// An Android getevent log: a conversion that succeeds must be a valid trace that round-trips and keeps the engine invariants.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let conversion = try? GeteventConverter.convert(bytes: bytes, file: "log.txt", options: RecordingOptions()) else {
        return 0
    }
    checkConversion(conversion)
    return 0
}

@_cdecl("FuzzGetevent_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { testOneInput($0, $1) }
}
