#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Reports a failed check to whichever test framework is running it.
enum TestFailure {
    static func report(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail("\(filePath):\(line): \(message)")
        #else
        print("\(filePath):\(line): error: \(message)")
        #endif
    }
}
