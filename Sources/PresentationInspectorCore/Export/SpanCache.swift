import Foundation

/// Interns values decoded from a span of a log line, found again by the same bytes.
///
/// A log repeats itself: the same thread and window names, controller references, chains,
/// explanation sentences and diagnostics come back on line after line. The reader decodes a
/// span once, keeps the value under its exact bytes, and hands the same value (sharing its
/// storage) to every later line that holds those bytes: no new `String`, no new array.
///
/// It is a cache, not a dictionary: a fixed number of slots in buckets of `ways` slots (newest
/// first, the oldest dropped when a bucket is full), and spans longer than `maximumKeyLength`
/// are never kept, so memory stays bounded whatever a hostile log holds. A hit compares the
/// whole key, never the hash alone: decoding is a function of the bytes it reads, so the cached
/// value is the value decoding would give.
///
/// Lists are looked up by a hash of their first bytes (``value(prefixOf:hash:)``), and lists
/// of one log often share those (explanations that start with the same sentence, chains with
/// the same root): their buckets need several ways, or the lists evict each other on every
/// line (with two ways, a fifth of the explanation lists of a typical log are decoded again;
/// with eight, none is).
struct SpanCache<Value> {
    private var hashes: [UInt64]
    private var keys: [[UInt8]]
    private var values: [Value?]
    private let mask: Int
    private let ways: Int
    /// Spans longer than this are decoded every time, never kept.
    let maximumKeyLength: Int

    /// A cache of `capacity` slots (rounded up to a power of two, at least `ways`), in buckets of
    /// `ways` slots (a power of two).
    init(capacity: Int, maximumKeyLength: Int, ways: Int = 2) {
        precondition(ways > 0 && ways & (ways - 1) == 0, "ways must be a power of two")
        var n = max(2, ways)
        while n < capacity { n <<= 1 }
        hashes = [UInt64](repeating: 0, count: n)
        keys = [[UInt8]](repeating: [], count: n)
        values = [Value?](repeating: nil, count: n)
        mask = n - 1
        self.ways = ways
        self.maximumKeyLength = maximumKeyLength
    }

    /// Whether a span of this length may be kept.
    @inline(__always)
    func accepts(_ count: Int) -> Bool { count <= maximumKeyLength }

    @inline(__always)
    private func bucket(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash) & mask & ~(ways - 1) }

    /// The value kept under exactly these bytes, if any.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        let first = bucket(hash)
        for slot in first..<(first + ways) {
            guard let v = values[slot] else { return nil }  // slots fill from the front
            guard hashes[slot] == hash else { continue }
            let equal = keys[slot].withUnsafeBufferPointer { k in
                k.count == key.count && (k.count == 0 || memcmp(k.baseAddress!, key.baseAddress!, k.count) == 0)
            }
            if equal { return v }
        }
        return nil
    }

    /// The value kept under a key that `bytes` starts with, and that key's length: a value read
    /// from a prefix of the bytes is the value decoding reads there, since decoding a JSON value
    /// consumes exactly its own bytes. `hash` is that of the first bytes only (``prefixLength``),
    /// so long values are found without scanning for their end first.
    @inline(__always)
    func value(prefixOf bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (Value, Int)? {
        let first = bucket(hash)
        for slot in first..<(first + ways) {
            guard let v = values[slot] else { return nil }
            guard hashes[slot] == hash else { continue }
            let n = keys[slot].withUnsafeBufferPointer { k in
                k.count <= bytes.count && (k.count == 0 || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0) ? k.count : -1
            }
            if n >= 0 { return (v, n) }
        }
        return nil
    }

    /// How many first bytes ``value(prefixOf:hash:)`` keys are hashed over.
    static var prefixLength: Int { 128 }

    /// Keeps `value` under `key` (which must be accepted) as the bucket's newest entry, dropping
    /// its oldest when the bucket is full.
    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        let first = bucket(hash)
        var last = first + ways - 1
        for slot in first..<(first + ways) where values[slot] == nil { last = slot; break }
        // Every entry before the free (or oldest) slot moves one way back.
        var slot = last
        while slot > first {
            hashes[slot] = hashes[slot - 1]
            keys.swapAt(slot, slot - 1)
            values.swapAt(slot, slot - 1)
            slot -= 1
        }
        hashes[first] = hash
        keys[first] = Array(key)
        values[first] = value
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
