import FuzzSupport
import GestureTrace

// An Android getevent log: a conversion that succeeds must be a valid trace that round-trips and keeps the engine invariants.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzConversion(data, size) { try GeteventConverter.convert(bytes: $0, file: "log.txt", options: RecordingOptions()) }
}

@_cdecl("FuzzGetevent_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
