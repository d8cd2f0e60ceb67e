import FuzzSupport
import GestureTrace

// A JSON Lines trace: read (in two ways that must agree), then written in each encoding and read back.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzTrace(data, size, encoding: .jsonl) }

@_cdecl("FuzzJSONLines_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
