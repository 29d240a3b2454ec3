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
    /// The adapter's array (``PresentationNode/ancestorRefs(limit:)``) that `refs` ends with.
    @exclusivity(unchecked) @usableFromInline var tail: AncestryBuilder.Tail?

    @usableFromInline init() {}

    @inlinable func last() -> (refs: [ControllerRef], types: [String], tail: AncestryBuilder.Tail?) {
        lock.lock(); defer { lock.unlock() }
        return (refs, types, tail)
    }

    @inlinable func keep(_ refs: [ControllerRef], types: [String], tail: AncestryBuilder.Tail?) {
        lock.lock(); defer { lock.unlock() }
        self.refs = refs
        self.types = types
        self.tail = tail
    }
}

/// An ancestry's snapshots, collected one level at a time: while each is the very snapshot the
/// previous ancestry has at that place, nothing is stored; from the first difference on, a new
/// array.
@usableFromInline struct AncestryBuilder {
    /// An adapter's array of snapshots that an ancestry ends with, and where in the ancestry it starts.
    @usableFromInline struct Tail {
        @usableFromInline let start: Int
        @usableFromInline let refs: [ControllerRef]
        @inlinable init(start: Int, refs: [ControllerRef]) { self.start = start; self.refs = refs }
    }

    @usableFromInline let previous: [ControllerRef]
    @usableFromInline let previousTail: Tail?
    /// How many leading snapshots were `previous`'s own.
    @usableFromInline var matched = 0
    /// Every snapshot so far, once one differed from `previous`.
    @usableFromInline var fresh: [ControllerRef]?
    /// The adapter's array appended last, for the next ancestry.
    @usableFromInline var tail: Tail?
    /// Whether `tail` is the previous ancestry's, shared without a look at each snapshot.
    @usableFromInline var tailShared = false

    @inlinable init(previous: [ControllerRef], tail: Tail? = nil) {
        self.previous = previous
        previousTail = tail
    }

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

    /// Appends an adapter's array of snapshots (``PresentationNode/ancestorRefs(limit:)``): when it
    /// is the very array the previous ancestry ended with, at the same place, nothing is compared.
    @inlinable mutating func append(adapterRefs refs: [ControllerRef]) {
        let start = count
        tail = Tail(start: start, refs: refs)
        if fresh == nil, let previousTail, previousTail.start == start, start + refs.count == previous.count,
           Self.sameStorage(previousTail.refs, refs) {
            matched += refs.count
            tailShared = true
            return
        }
        for r in refs { append(r) }
    }

    /// Whether two arrays are one (the same storage), which makes them equal element by element.
    @inlinable static func sameStorage(_ a: [ControllerRef], _ b: [ControllerRef]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    /// The snapshots, and whether they are all of `previous` (its array, shared).
    @inlinable func finish() -> (refs: [ControllerRef], isPrevious: Bool) {
        if let fresh { return (fresh, false) }
        if matched == previous.count { return (previous, true) }
        return (Array(previous[..<matched]), false)
    }
}
