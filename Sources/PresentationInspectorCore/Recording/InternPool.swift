import Foundation

/// Values the recorder keeps once however many retained events name them, each with the number
/// of events (or other pooled values) that hold it, so a value leaves with the last of them and
/// memory stays flat once the ring is full.
///
/// Slot 0 means "none" (an absent optional, an empty array) and is never stored. Not thread-safe:
/// the ``Recorder`` calls it under its lock.
struct InternPool<Value: Hashable> {
    private var values: [Value?] = [nil]
    private var counts: [UInt32] = [0]
    private var freeSlots: [UInt32] = []
    private var slots: [Value: UInt32] = [:]
    /// The last slots handed out, checked with `==` before hashing: consecutive events mostly
    /// repeat the same references and chain.
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
        func holds(_ slot: UInt32) -> Bool { slot != 0 && counts[Int(slot)] > 0 && values[Int(slot)] == value }
        if holds(recent.0) { return recent.0 }
        if holds(recent.1) { return recent.1 }
        if holds(recent.2) { return recent.2 }
        if holds(recent.3) { return recent.3 }
        return nil
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

