import Foundation

/// Values the recorder keeps once however many retained events name them, each with the number
/// of events (or other pooled values) that hold it, so a value leaves with the last of them and
/// memory stays flat once the ring is full (issue 10: interned references).
///
/// Slot 0 means "none" (an absent optional, an empty array) and is never stored. Not thread-safe:
/// the ``Recorder`` calls it under its lock.
struct InternPool<Value: Hashable> {
    private var values: [Value?] = [nil]
    private var counts: [UInt32] = [0]
    private var freeSlots: [UInt32] = []
    private var slots: [Value: UInt32] = [:]
    /// The last slots handed out, checked with `==` before hashing: consecutive events mostly
    /// repeat the same references and chain, and `==` on values sharing storage costs a few
    /// instructions where hashing costs hundreds.
    private var recent: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    private var recentNext = 0

    /// How many distinct values are held.
    var liveCount: Int { slots.count }

    /// The slot holding `value`, counting one more holder.
    mutating func retain(_ value: Value) -> UInt32 {
        if let s = recentSlot(of: value) {
            counts[Int(s)] += 1
            return s
        }
        let slot: UInt32
        if let s = slots[value] {
            slot = s
            counts[Int(s)] += 1
        } else if let s = freeSlots.popLast() {
            slot = s
            values[Int(s)] = value
            counts[Int(s)] = 1
            slots[value] = s
        } else {
            slot = UInt32(values.count)
            values.append(value)
            counts.append(1)
            slots[value] = slot
        }
        switch recentNext {
        case 0: recent.0 = slot
        case 1: recent.1 = slot
        case 2: recent.2 = slot
        default: recent.3 = slot
        }
        recentNext = (recentNext + 1) & 3
        return slot
    }

    private func recentSlot(of value: Value) -> UInt32? {
        // Bytes first, for all four: a miss there is a few instructions, where `==` copies the
        // stored value out of its optional (callgrind: most look-ups of a reference missed three
        // slots before finding its own).
        let hit: UInt32? = values.withUnsafeBufferPointer { buffer in
            withUnsafeBytes(of: value) { v -> UInt32? in
                func same(_ slot: UInt32) -> Bool {
                    guard slot != 0 else { return false }
                    let stored = UnsafeRawPointer(buffer.baseAddress! + Int(slot))
                    // One-word values (a reference's shared storage) and strings compared inline:
                    // a call to memcmp cost more than the comparison.
                    switch v.count {
                    case 8: return stored.loadUnaligned(as: UInt64.self) == v.loadUnaligned(as: UInt64.self)
                    case 16: return stored.loadUnaligned(as: UInt64.self) == v.loadUnaligned(as: UInt64.self)
                        && stored.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == v.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    default: return memcmp(stored, v.baseAddress!, v.count) == 0
                    }
                }
                if same(recent.0) { return recent.0 }
                if same(recent.1) { return recent.1 }
                if same(recent.2) { return recent.2 }
                if same(recent.3) { return recent.3 }
                return nil
            }
        }
        if let hit { return counts[Int(hit)] > 0 ? hit : nil }
        if equals(recent.0, value) { return recent.0 }
        if equals(recent.1, value) { return recent.1 }
        if equals(recent.2, value) { return recent.2 }
        if equals(recent.3, value) { return recent.3 }
        return nil
    }

    @inline(__always)
    private func equals(_ slot: UInt32, _ value: Value) -> Bool {
        guard slot != 0, counts[Int(slot)] > 0 else { return false }
        return values.withUnsafeBufferPointer { buffer in
            (buffer.baseAddress! + Int(slot)).withMemoryRebound(to: Value.self, capacity: 1) { $0.pointee == value }
        }
    }

    /// The slot holding `value`, or 0 for nil.
    mutating func retain(_ value: Value?) -> UInt32 {
        guard let value else { return 0 }
        return retain(value)
    }

    /// One holder fewer; the value is forgotten with its last holder.
    mutating func release(_ slot: UInt32) {
        guard slot != 0 else { return }
        let i = Int(slot)
        counts[i] -= 1
        guard counts[i] == 0, let value = values[i] else { return }
        slots[value] = nil
        values[i] = nil
        freeSlots.append(slot)
        if recent.0 == slot { recent.0 = 0 }
        if recent.1 == slot { recent.1 = 0 }
        if recent.2 == slot { recent.2 = 0 }
        if recent.3 == slot { recent.3 = 0 }
    }

    /// The value in `slot` (nil for slot 0).
    subscript(slot: UInt32) -> Value? { values[Int(slot)] }

    /// Forgets everything.
    mutating func removeAll() { self = InternPool() }
}

