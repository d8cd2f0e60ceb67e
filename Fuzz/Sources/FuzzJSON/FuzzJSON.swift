import FuzzSupport
import GestureKit
import GestureTrace

// A JSON document trace: read (in two ways that must agree), then written in each encoding and read back.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let trace = readTrace(bytes, encoding: .json) { checkRoundTrips(trace) }
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { testOneInput($0, $1) }
}
