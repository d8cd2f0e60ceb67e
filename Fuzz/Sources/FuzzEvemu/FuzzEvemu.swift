import FuzzSupport
import GestureTrace

// An evemu recording (and the same text as a device description): a conversion that succeeds must be a valid trace that round-trips and keeps the engine invariants.

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzConversion(data, size) { bytes in
        _ = try? DeviceDescription(evemu: bytes, file: "device.desc")
        return try EvemuConverter.convert(bytes: bytes, file: "rec.events", options: RecordingOptions())
    }
}

@_cdecl("FuzzEvemu_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
