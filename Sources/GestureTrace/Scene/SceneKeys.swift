/// Recognizing a scene file read where a trace was expected (a scene in a corpus, `analyze
/// app-scene.json`), so that the message names it as a scene and says what to do with it instead
/// of reporting an unknown key of a trace.
enum SceneKeys {
    /// The top-level keys only a scene has.
    private static let keys: Set<String> = ["gesturectl-scene", "views", "controllers", "firstResponder", "recognizers"]

    /// Whether `key` (a key of a trace document or of a first sample) marks a scene.
    static func marksScene(_ key: [UInt8]) -> Bool {
        keys.contains(String(decoding: key, as: UTF8.self))
    }

    /// The message for a scene file read as a trace, whose top-level key `key` gave it away.
    static func message(key: [UInt8]) -> String {
        let name = String(decoding: key, as: UTF8.self)
        let what = name == "gesturectl-scene" ? "this is a scene file" : "this looks like a scene file (it has \"\(name)\")"
        return what + ", not a trace: give it to --scene FILE, name it scene.json beside the traces it applies to, "
            + "or keep it in a folder named scenes and name it in each trace's \"scene\" key "
            + "(check takes neither for a trace); 'gesturectl scene --check FILE' checks it"
    }
}
