#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GestureKit

/// Byte comparisons for the fast paths.
enum FastBytes {
    /// Whether `bytes` spell `word` (ASCII).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0)
    }

    /// The phase spelled by `bytes` (a switch on the length: the CSV column loop asks it for every row).
    @inline(__always)
    static func phase(_ bytes: UnsafeBufferPointer<UInt8>) -> TouchPhase? {
        switch bytes.count {
        case 5:
            if equal(bytes, "moved") { return .moved }
            if equal(bytes, "began") { return .began }
            return equal(bytes, "ended") ? .ended : nil
        case 10:
            return equal(bytes, "stationary") ? .stationary : nil
        case 9:
            return equal(bytes, "cancelled") ? .cancelled : nil
        default:
            return nil
        }
    }

    /// The phase whose name starts at `p` (before `end`) and its length; what follows is not checked.
    @inline(__always)
    static func phaseWord(at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> (TouchPhase, Int)? {
        guard end - p >= 16 else { return nil }
        let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        switch w & 0xFF_FFFF_FFFF {
        case 0x64_6576_6F6D: return (.moved, 5)  // moved
        case 0x6E_6167_6562: return (.began, 5)  // began
        case 0x64_6564_6E65: return (.ended, 5)  // ended
        default:
            let next = UInt64(littleEndian: UnsafeRawPointer(p + 8).loadUnaligned(as: UInt64.self))
            if w == 0x616E_6F69_7461_7473 && next & 0xFFFF == 0x7972 { return (.stationary, 10) }  // stationa ry
            if w == 0x656C_6C65_636E_6163 && next & 0xFF == 0x64 { return (.cancelled, 9) }  // cancelle d
            return nil
        }
    }

    /// A touch id of plain decimal digits at `p` (no sign, no leading zero, at most 18 digits) followed, before
    /// `end`, by a byte that cannot continue a number; nil otherwise.
    @inline(__always)
    static func smallInteger(at p: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> (Int, UnsafePointer<UInt8>)? {
        var q = p
        var value = 0
        while q < end {
            let digit = q.pointee &- 0x30
            if digit >= 10 { break }
            value = value &* 10 &+ Int(digit)
            q += 1
        }
        let count = q - p
        guard count > 0, count <= 18, q < end, !NumberParser.isNumberByte(q.pointee),
            count == 1 || p.pointee != UInt8(ascii: "0")
        else { return nil }
        return (value, q)
    }

    /// A touch id of plain decimal digits (no sign, no leading zero, at most 18 digits), nil otherwise.
    @inline(__always)
    static func smallInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard n > 0, n <= 18 else { return nil }
        let b = bytes.baseAddress!
        if b[0] == UInt8(ascii: "0") && n > 1 { return nil }
        var value = 0
        for i in 0..<n {
            let digit = b[i] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}
