/// The last ancestry a present recorded, kept by the hook handler so that the next one from the
/// same place shares its arrays.
///
/// A present from 50 levels deep built two arrays of 50 (the ancestors' snapshots, and the types
/// the `walkedUp` step names) and freed them as soon as the recorder had matched them to the ones
/// it keeps (callgrind, issue 10). An adapter hands out the same snapshot object while nothing in
/// it changed, so a walk that meets, level by level, the very snapshots of the last walk ends
/// with that walk's arrays: nothing built, nothing freed, and the recorder's match is by identity.
@usableFromInline final class RecentAncestry: @unchecked Sendable {
    @usableFromInline let lock = InspectorLock()
    // Guarded by `lock` (run-time exclusivity checks off, as in ``Recorder``).
    @exclusivity(unchecked) @usableFromInline var refs: [ControllerRef] = []
    /// `refs`' types, when `refs` has more than one (a `walkedUp` step's path).
    @exclusivity(unchecked) @usableFromInline var types: [String] = []

    @usableFromInline init() {}

    @inlinable func last() -> (refs: [ControllerRef], types: [String]) {
        lock.lock(); defer { lock.unlock() }
        return (refs, types)
    }

    @inlinable func keep(_ refs: [ControllerRef], types: [String]) {
        lock.lock(); defer { lock.unlock() }
        self.refs = refs
        self.types = types
    }
}

/// An ancestry's snapshots, collected one level at a time: while each is the very snapshot the
/// previous ancestry has at that place, nothing is stored; from the first difference on, a new
/// array.
@usableFromInline struct AncestryBuilder {
    @usableFromInline let previous: [ControllerRef]
    /// How many leading snapshots were `previous`'s own.
    @usableFromInline var matched = 0
    /// Every snapshot so far, once one differed from `previous`.
    @usableFromInline var fresh: [ControllerRef]?

    @inlinable init(previous: [ControllerRef]) { self.previous = previous }

    /// How many snapshots were collected.
    @inlinable var count: Int { fresh?.count ?? matched }

    @inlinable mutating func append(_ ref: ControllerRef) {
        if fresh == nil {
            if matched < previous.count && previous[matched].storage === ref.storage {
                matched += 1
                return
            }
            var copy: [ControllerRef] = []
            copy.reserveCapacity(Swift.max(8, previous.count + 1))
            copy.append(contentsOf: previous[..<matched])
            fresh = copy
        }
        fresh!.append(ref)
    }

    /// The snapshots, and whether they are all of `previous` (its array, shared).
    @inlinable func finish() -> (refs: [ControllerRef], isPrevious: Bool) {
        if let fresh { return (fresh, false) }
        if matched == previous.count { return (previous, true) }
        return (Array(previous[..<matched]), false)
    }
}
