import Foundation

/// A consistent copy of what a ``Recorder`` holds.
public struct RecordingSnapshot: Sendable {
    /// Retained events, oldest first.
    public var events: [Event]
    /// Events dropped from the front of the ring because it was full, or forgotten by ``Recorder/reset()``.
    public var droppedCount: Int
    /// Every event ever recorded (retained + dropped).
    public var totalRecorded: Int
}

/// Keeps the most recent events in a bounded ring buffer, thread-safely.
///
/// When the ring is full the oldest event is dropped and counted, so a reader always knows
/// how much is missing (``RecordingSnapshot/droppedCount``; sequence numbers stay gapless
/// from the first retained event). Subscribers see every event, in sequence order.
public final class Recorder: @unchecked Sendable {
    /// The default ring capacity.
    public static let defaultCapacity = 10_000

    /// How many events the ring retains.
    public let capacity: Int

    // Guarded by `lock`, so Swift's run-time exclusivity checks are off for them: they cost about
    // a tenth of recording an event (callgrind), and the lock already makes every access exclusive.
    private let lock: InspectorLock
    @exclusivity(unchecked) private var ring: [EventStore.Record]
    @exclusivity(unchecked) private var store = EventStore()
    @exclusivity(unchecked) private var head = 0  // index of the oldest event
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var nextSeq = 1
    @exclusivity(unchecked) private var dropped = 0
    @exclusivity(unchecked) private var liveLog: LiveLogWriter?
    @exclusivity(unchecked) private var factsTracker = ControllerFactsTracker()
    @exclusivity(unchecked) private var factsEpochValue = 0
    /// Facts noted for the call being handled, carried by the next event recorded.
    @exclusivity(unchecked) private var pendingFacts: [ControllerFacts] = []

    // Subscribers: guarded by `lock` (they share it); delivery is serialized by `deliveryLock`
    // (recursive, so a subscriber may record an event itself).
    private let subscribers: Subscribers
    private let deliveryLock = NSRecursiveLock()

    /// The largest ring a recorder allocates: the ring is allocated up front (about 100 bytes a
    /// slot; references, chains and explanations are pooled), so a mistyped capacity must not
    /// exhaust the host app's memory.
    public static let maximumCapacity = 1_000_000

    /// Creates a recorder that retains up to `capacity` events, clamped to
    /// 1 … ``maximumCapacity``.
    public init(capacity: Int = Recorder.defaultCapacity) {
        self.capacity = min(max(1, capacity), Recorder.maximumCapacity)
        ring = Array(repeating: EventStore.Record(), count: self.capacity)
        lock = InspectorLock()
        subscribers = Subscribers(lock: lock)
    }

    /// Stores `event`, giving it the next sequence number, and returns the stored event.
    @discardableResult
    public func record(_ event: Event) -> Event {
        var e = event
        keep(&e)
        return e
    }

    /// Stores `event` like ``record(_:)``, in place (its `seq` and `time` set as stored): the
    /// hooks' path, which hands over no copy of the event.
    @usableFromInline
    func record(inPlace event: inout Event) -> Int {
        keep(&event)
        return event.seq
    }

    private func keep(_ e: inout Event) {
        // Microsecond precision: what the log keeps, so a written and re-read event is equal.
        e.time = (e.time * 1_000_000).rounded() / 1_000_000
        lock.lock()
        if !pendingFacts.isEmpty {
            e.facts = pendingFacts + e.facts
            pendingFacts = []
        }
        e.seq = nextSeq
        nextSeq += 1
        if count == capacity {
            store.release(ring[head])
            ring[head] = store.store(e)
            head = head + 1 == capacity ? 0 : head + 1
            dropped += 1
        } else {
            let i = head + count
            ring[i >= capacity ? i - capacity : i] = store.store(e)
            count += 1
        }
        liveLog?.append(e)
        let targets = subscribers.deliveryTargets
        // Hand over to delivery before releasing the store, so subscribers see sequence order.
        deliveryLock.lock()
        lock.unlock()
        for t in targets { t.body(e) }
        deliveryLock.unlock()
    }

    /// Retained events, oldest first.
    public var events: [Event] { snapshot().events }

    /// Events dropped because the ring was full, or forgotten by ``reset()``.
    public var droppedCount: Int {
        lock.lock(); defer { lock.unlock() }
        return dropped
    }

    /// A consistent copy of the ring and its counters.
    public func snapshot() -> RecordingSnapshot {
        lock.lock(); defer { lock.unlock() }
        var out: [Event] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(store.event(ring[(head + i) % capacity])) }
        return RecordingSnapshot(events: out, droppedCount: dropped, totalRecorded: nextSeq - 1)
    }

    /// The retained event with this sequence number.
    public func event(seq: Int) -> Event? {
        lock.lock(); defer { lock.unlock() }
        guard count > 0 else { return nil }
        let offset = seq - ring[head].seq
        guard offset >= 0, offset < count else { return nil }
        return store.event(ring[(head + offset) % capacity])
    }

    /// Distinct values the ring's events share through the pools (tests: they leave with the
    /// last event that names them).
    var pooledValueCount: Int {
        lock.lock(); defer { lock.unlock() }
        return store.pooledValueCount
    }

    /// Forgets every event (subscribers and the live log stay). Numbering continues and the
    /// forgotten events count as dropped: a completion still in flight, the live log and the
    /// signpost planner refer to events by number, and a restarted count made a later event share
    /// its number with a forgotten one (a cleared overlay then ended the wrong signpost interval).
    public func reset() {
        lock.lock(); defer { lock.unlock() }
        ring = Array(repeating: EventStore.Record(), count: capacity)
        store.removeAll()
        head = 0; count = 0; dropped = nextSeq - 1
        factsTracker.removeAll()
        pendingFacts = []
        factsEpochValue &+= 1
    }

    /// Moves on at every ``reset()``, which forgets the controllers' facts recorded so far: a
    /// caller that skips facts it noted before (the simulator) notes them again after it.
    public var factsEpoch: Int {
        lock.lock(); defer { lock.unlock() }
        return factsEpochValue
    }

    /// Notes what the rules read about the controllers a hooked call involves, read before the
    /// call (``ControllerFacts``): those new to the recording or changed since it last kept them
    /// go onto the next event recorded, the call's own. The simulator and the UIKit hooks call
    /// it before handing the call to the hook handler.
    public func noteControllerFacts(_ facts: [ControllerFacts]) {
        guard !facts.isEmpty else { return }
        lock.lock(); defer { lock.unlock() }
        let changed = factsTracker.changes(facts)
        for f in changed {
            if let i = pendingFacts.firstIndex(where: { $0.id == f.id }) { pendingFacts[i] = pendingFacts[i].updated(by: f) } else { pendingFacts.append(f) }
        }
    }

    // MARK: Subscribers

    /// A live-update registration; call ``cancel()`` (or drop it) to stop receiving events.
    public final class Subscription: @unchecked Sendable {
        private let subscribers: Subscribers
        private let token: Int
        init(subscribers: Subscribers, token: Int) { self.subscribers = subscribers; self.token = token }
        /// Stops delivery. Safe to call more than once.
        public func cancel() { subscribers.remove(token) }
        deinit { cancel() }
    }

    /// The subscribers, in an object of their own that a subscription holds, not the recorder:
    /// a weak reference to the recorder gave it a side table, and every retain and release of it
    /// (the hooks' completions capture it) Swift's slow path (callgrind, issue 10).
    final class Subscribers: @unchecked Sendable {
        /// The recorder's lock, which guards the rest.
        let lock: InspectorLock
        @exclusivity(unchecked) private var handlers: [Int: Handler] = [:]
        /// The handlers in delivery order, kept ready (sorting per event cost an allocation).
        @exclusivity(unchecked) var deliveryTargets: [Handler] = []
        @exclusivity(unchecked) private var nextToken = 0

        init(lock: InspectorLock) { self.lock = lock }

        /// A subscriber's handler in an object: a closure stored in an array is called through a
        /// thunk that copied the whole event for each subscriber (callgrind, issue 10); one
        /// stored in a class's property is called as written.
        final class Handler: Sendable {
            let body: @Sendable (Event) -> Void
            init(_ body: @escaping @Sendable (Event) -> Void) { self.body = body }
        }

        /// Adds `handler`; the caller holds `lock`.
        func add(_ handler: @escaping @Sendable (Event) -> Void) -> Int {
            nextToken += 1
            handlers[nextToken] = Handler(handler)
            deliveryTargets = handlers.sorted { $0.key < $1.key }.map(\.value)
            return nextToken
        }

        func remove(_ token: Int) {
            lock.lock(); defer { lock.unlock() }
            guard handlers.removeValue(forKey: token) != nil else { return }
            deliveryTargets = handlers.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    /// Calls `handler` with every event recorded from now on, on the recording thread, in
    /// sequence order. Keep the returned subscription alive as long as you want updates.
    public func subscribe(_ handler: @escaping @Sendable (Event) -> Void) -> Subscription {
        lock.lock(); defer { lock.unlock() }
        return Subscription(subscribers: subscribers, token: subscribers.add(handler))
    }

    // MARK: Live log

    /// Starts writing every new event to a JSONL file at `path` (header first), one
    /// unbuffered write per line, so a crash loses at most the line being written.
    public func startLiveLog(path: String, header: LogHeader) throws {
        let writer = try LiveLogWriter(path: path, header: header)
        lock.lock(); defer { lock.unlock() }
        liveLog = writer
    }

    /// Stops the live log and closes its file.
    public func stopLiveLog() {
        lock.lock(); defer { lock.unlock() }
        liveLog = nil
    }
}
