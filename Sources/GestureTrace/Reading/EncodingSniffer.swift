/// Guesses the encoding of input that has no telling extension (standard input) from its first bytes.
///
/// The first byte that is not whitespace decides: `[` is a JSON document, anything but `{` is CSV. For `{`
/// the first object is scanned without being consumed: a `samples` key at its top level, or a line break
/// inside it, makes a JSON document; an object that closes on its line without `samples` is the first record
/// of JSON Lines (a sample or a header). Input that ends inside the first object is JSON Lines when that
/// object's first key is a sample's (a record cut short), a JSON document otherwise. Input undecided after
/// 1 MiB is a JSON document.
enum EncodingSniffer {
    /// How far the sniffer looks.
    static let lookahead = 1 << 20

    /// The encoding of the input ahead of `scanner` (after its byte order mark), consuming nothing.
    static func sniff(_ scanner: inout ByteScanner) throws(TraceError) -> TraceEncoding {
        var k = 0
        while true {
            guard let byte = try scanner.peek(at: k) else { return .csv }
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { break }
            k += 1
            if k > lookahead { return .csv }
        }
        switch try scanner.peek(at: k) {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): break
        default: return .csv
        }
        let samples = Array("samples".utf8)
        var depth = 0
        var expectKey = false
        // The first key of the first object, as far as it was read.
        var firstKey: [UInt8]?
        /// At the end of the input inside the first object.
        func cutShort() -> TraceEncoding {
            if let firstKey, SampleKey(firstKey) != nil { return .jsonl }
            return .json
        }
        while k < lookahead {
            guard let byte = try scanner.peek(at: k) else { return cutShort() }
            k += 1
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectKey = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return .jsonl }
            case UInt8(ascii: ","):
                expectKey = depth == 1
            case UInt8(ascii: ":"):
                expectKey = false
            case 0x0A:
                return .json
            case UInt8(ascii: "\""):
                let isKey = expectKey
                let isFirstKey = isKey && firstKey == nil
                var key: [UInt8] = []
                var matched = 0
                var matches = true
                while true {
                    guard let inner = try scanner.peek(at: k) else { return cutShort() }
                    k += 1
                    if inner == UInt8(ascii: "\"") { break }
                    if inner == 0x0A { return .json }
                    if inner == UInt8(ascii: "\\") {
                        k += 1
                        matches = false
                        continue
                    }
                    if isFirstKey && key.count < 16 { key.append(inner) }
                    if matched < samples.count && inner == samples[matched] {
                        matched += 1
                    } else {
                        matches = false
                    }
                }
                if isFirstKey { firstKey = key }
                if isKey && matches && matched == samples.count { return .json }
            default:
                break
            }
        }
        return .json
    }
}
