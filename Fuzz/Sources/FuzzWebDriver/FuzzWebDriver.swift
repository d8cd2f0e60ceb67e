import FuzzSupport
import GestureKit
import GestureTrace

// A body of W3C WebDriver actions, converted at a rate chosen by the input's length (60 Hz, or far
// below one sample per move): a conversion that succeeds must be a valid trace that round-trips and keeps
// the engine invariants. A rate of 1e-20 trapped in the timeline's move (issue 30).

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let rates = [60.0, 1e-20, 0.5, 0.001]
    return fuzzConversion(data, size) { bytes in
        let options = WebDriverOptions(
            screen: Size(width: 390, height: 844), elements: ["e": Rect(x: 10, y: 20, width: 100, height: 50)],
            rate: rates[bytes.count % rates.count])
        return try WebDriverConverter.convert(bytes: bytes, file: "body.json", options: options)
    }
}

@_cdecl("FuzzWebDriver_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, testOneInput)
}
