import Foundation
import GestureKit
import GestureTesting
import GestureUIKit
import Testing

/// Every trace of traces/ with a golden, found from this file's place in the repository.
let corpusTraces: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let traces = root.appendingPathComponent("traces").path
    let all = FileManager.default.enumerator(atPath: traces)?.compactMap { $0 as? String } ?? []
    return all.filter { path in
        let name = (path as NSString).lastPathComponent
        guard !name.contains(".expected."), name != "scene.json", [".json", ".jsonl", ".csv"].contains(where: name.hasSuffix) else { return false }
        let stem = traces + "/" + path
        return FileManager.default.fileExists(atPath: stem + ".expected.jsonl")
            || FileManager.default.fileExists(atPath: (stem as NSString).deletingPathExtension + ".expected.jsonl")
    }.sorted().map { traces + "/" + $0 }
}()

@MainActor
@Suite("UIKit classes against the engine's built-ins")
struct CompatibilityTests {
    @Test("the corpus is found")
    func corpusIsFound() {
        #expect(corpusTraces.count >= 30)
    }

    @Test("super-only subclasses of every UIKit class give the built-ins' records on every trace", arguments: corpusTraces)
    func sameRecords(trace: String) throws {
        let builtIn = try Replay.trace(trace, registry: RecognizerRegistry(), deliveries: true)
        var unhosted: [String] = []
        let subclassed = try Replay.trace(trace, registry: superOnlyRegistry, deliveries: true) { engine in
            // A scroll view's own pan and pinch are the scroll view's, not the scene's.
            unhosted = engine.recognizers.filter { $0.host == nil && !($0.view is ScrollView) }.map { String(describing: type(of: $0)) }
        }
        // Every recognizer of a kind UIKit has was made through its UIKit class, which hosts it (a
        // scroll view's own pan is the scroll view's, not the scene's).
        #expect(
            unhosted.allSatisfy { $0.hasPrefix("Checkmark") || $0.hasPrefix("Template") || $0.hasPrefix("ScrollView") },
            "\(unhosted)")
        #expect(!builtIn.records.isEmpty)
        #expect(subclassed.records == builtIn.records, "\(subclassed.text)\nexpected:\n\(builtIn.text)")
        #expect(subclassed.text == builtIn.text)
    }
}
