import FuzzSupport
import GestureKit
import GestureTrace

// An evemu recording (and the same text as a device description): a conversion that succeeds must be a valid trace that round-trips and keeps the engine invariants.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    _ = try? DeviceDescription(evemu: bytes, file: "device.desc")
    guard let conversion = try? EvemuConverter.convert(bytes: bytes, file: "rec.events", options: RecordingOptions()) else {
        return 0
    }
    checkConversion(conversion)
    return 0
}

@_cdecl("FuzzEvemu_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { testOneInput($0, $1) }
}
