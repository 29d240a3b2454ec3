import Foundation

/// Interns values decoded from a span of a log line, found again by the same bytes (issue 10).
///
/// A log repeats itself: the same thread and window names, controller references, chains,
/// explanation sentences and diagnostics come back on line after line. The reader decodes a
/// span once, keeps the value under its exact bytes, and hands the same value (sharing its
/// storage) to every later line that holds those bytes: no new `String`, no new array.
///
/// It is a cache, not a dictionary: a fixed number of slots (two per hash bucket, the older
/// replaced), and spans longer than `maximumKeyLength` are never kept, so memory stays bounded
/// whatever a hostile log holds. A hit compares the whole key, never the hash alone: decoding
/// is a function of the bytes it reads, so the cached value is the value decoding would give.
struct SpanCache<Value> {
    private var hashes: [UInt64]
    private var keys: [[UInt8]]
    private var values: [Value?]
    private let mask: Int
    /// Spans longer than this are decoded every time, never kept.
    let maximumKeyLength: Int

    /// A cache of `capacity` slots (rounded up to a power of two, at least 2).
    init(capacity: Int, maximumKeyLength: Int) {
        var n = 2
        while n < capacity { n <<= 1 }
        hashes = [UInt64](repeating: 0, count: n)
        keys = [[UInt8]](repeating: [], count: n)
        values = [Value?](repeating: nil, count: n)
        mask = n - 1
        self.maximumKeyLength = maximumKeyLength
    }

    /// Whether a span of this length may be kept.
    @inline(__always)
    func accepts(_ count: Int) -> Bool { count <= maximumKeyLength }

    /// The value kept under exactly these bytes, if any.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        let slot = Int(truncatingIfNeeded: hash) & mask & ~1
        if let v = match(slot, key, hash) { return v }
        return match(slot | 1, key, hash)
    }

    @inline(__always)
    private func match(_ slot: Int, _ key: UnsafeBufferPointer<UInt8>, _ hash: UInt64) -> Value? {
        guard hashes[slot] == hash, let v = values[slot] else { return nil }
        let equal = keys[slot].withUnsafeBufferPointer { k in
            k.count == key.count && (k.count == 0 || memcmp(k.baseAddress!, key.baseAddress!, k.count) == 0)
        }
        return equal ? v : nil
    }

    /// The value kept under a key that `bytes` starts with, and that key's length: a value read
    /// from a prefix of the bytes is the value decoding reads there, since decoding a JSON value
    /// consumes exactly its own bytes. `hash` is that of the first bytes only (``prefixLength``),
    /// so long values are found without scanning for their end first.
    @inline(__always)
    func value(prefixOf bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (Value, Int)? {
        let slot = Int(truncatingIfNeeded: hash) & mask & ~1
        if let v = prefixMatch(slot, bytes, hash) { return v }
        return prefixMatch(slot | 1, bytes, hash)
    }

    @inline(__always)
    private func prefixMatch(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ hash: UInt64) -> (Value, Int)? {
        guard hashes[slot] == hash, let v = values[slot] else { return nil }
        let n = keys[slot].withUnsafeBufferPointer { k in
            k.count <= bytes.count && (k.count == 0 || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0) ? k.count : -1
        }
        return n >= 0 ? (v, n) : nil
    }

    /// How many first bytes ``value(prefixOf:hash:)`` keys are hashed over.
    static var prefixLength: Int { 128 }

    /// Keeps `value` under `key` (which must be accepted), replacing the bucket's older entry.
    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        let bucket = Int(truncatingIfNeeded: hash) & mask & ~1
        // The first slot of a bucket holds the newest entry; the one it displaces moves to the second.
        if values[bucket] != nil {
            hashes[bucket | 1] = hashes[bucket]
            keys.swapAt(bucket, bucket | 1)
            values[bucket | 1] = values[bucket]
        }
        hashes[bucket] = hash
        keys[bucket] = Array(key)
        values[bucket] = value
    }

    /// A 64-bit hash of `bytes`, eight bytes at a time; `tag` keeps kinds of span apart.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: UInt64 = 0) -> UInt64 {
        let m: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = (tag &+ UInt64(truncatingIfNeeded: bytes.count)) &* m
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var k = 0
        while k + 8 <= n {
            h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* m
            h ^= h >> 32
            k += 8
        }
        if k < n {
            var w: UInt64 = 0
            var shift: UInt64 = 0
            while k < n { w |= UInt64(base[k]) << shift; shift += 8; k += 1 }
            h = (h ^ w) &* m
            h ^= h >> 32
        }
        return h ^ (h >> 29)
    }
}
