import Foundation

/// A consistent copy of what a ``Recorder`` holds.
@_spi(Package) public struct RecordingSnapshot: Sendable {
    /// Retained events, oldest first.
    @_spi(Package) public var events: [Event]
    /// Events dropped from the front of the ring because it was full, or forgotten by ``Recorder/reset()``.
    @_spi(Package) public var droppedCount: Int
    /// Every event ever recorded (retained + dropped).
    @_spi(Package) public var totalRecorded: Int
}

/// Keeps the most recent events in a bounded ring buffer, thread-safely.
///
/// When the ring is full the oldest event is dropped and counted, so a reader always knows
/// how much is missing (``RecordingSnapshot/droppedCount``; sequence numbers stay gapless
/// from the first retained event); what it said that still holds (controllers' facts, the
/// presentations standing) passes to the oldest event kept. Subscribers see every event, in
/// sequence order.
@_spi(Package) public final class Recorder: @unchecked Sendable {
    /// The default ring capacity.
    @_spi(Package) public static let defaultCapacity = 10_000

    /// How many events the ring retains.
    @_spi(Package) public let capacity: Int

    /// The ring, its pools and counters, the live log and the subscribers, behind one lock.
    private struct State {
        var ring: [EventStore.Record]
        var store = EventStore()
        var head = 0  // index of the oldest event
        var count = 0
        var nextSeq = 1
        var dropped = 0
        var liveLog: LiveLogWriter?
        /// What the recording has kept of each controller's facts.
        var factsTracker = ControllerFactsTracker()
        /// What the dropped events said that still holds, for the oldest event kept.
        var carried = CarriedFacts()
        var factsEpoch = 0
        /// Facts noted for the call being handled, carried by the next event recorded.
        var pendingFacts: [ControllerFacts] = []
        /// Subscribers in the order they subscribed, with their tokens.
        var handlers: [(token: Int, handler: Handler)] = []
        var nextToken = 0
    }
    private let state: Locked<State>
    /// Serializes recording and delivery, so subscribers see events in sequence order. Taken
    /// before the state's lock and never while holding it, so a subscriber may read the recorder
    /// or record an event itself (it is recursive for that) while another thread records.
    private let deliveryLock = NSRecursiveLock()
    /// Events recorded but not yet delivered, and whether a delivery is running; touched only
    /// with ``deliveryLock`` held.
    private let delivery = Delivery()

    /// What ``Recorder/record(_:)`` has yet to deliver. Guarded by the recorder's delivery lock.
    private final class Delivery: @unchecked Sendable {
        var queue: [(event: Event, to: [Handler])] = []
        var isRunning = false
    }

    /// The largest ring a recorder allocates: the ring is allocated up front (about 100 bytes a
    /// slot; references, chains and explanations are pooled), so a mistyped capacity must not
    /// exhaust the host app's memory.
    @_spi(Package) public static let maximumCapacity = 1_000_000

    /// Creates a recorder that retains up to `capacity` events, clamped to
    /// 1 … ``maximumCapacity``.
    @_spi(Package) public init(capacity: Int = Recorder.defaultCapacity) {
        self.capacity = min(max(1, capacity), Recorder.maximumCapacity)
        state = Locked(State(ring: Array(repeating: EventStore.Record(), count: self.capacity)))
    }

    /// Stores `event`, giving it the next sequence number, and returns the stored event.
    @discardableResult
    @_spi(Package) public func record(_ event: Event) -> Event {
        var e = event
        // Microsecond precision: what the log keeps, so a written and re-read event is equal.
        e.time = (e.time * 1_000_000).rounded() / 1_000_000
        let capacity = capacity
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        let targets = state.withLock { s -> [Handler] in
            if !s.pendingFacts.isEmpty {
                e.facts = s.pendingFacts + e.facts
                s.pendingFacts = []
            }
            e.seq = s.nextSeq
            s.nextSeq += 1
            if s.count == capacity {
                // What the dropped event said still holds: the oldest kept event says it when read.
                s.store.carry(from: s.ring[s.head], into: &s.carried)
                s.store.release(s.ring[s.head])
                s.ring[s.head] = s.store.store(e)
                s.head = s.head + 1 == capacity ? 0 : s.head + 1
                s.dropped += 1
            } else {
                let i = s.head + s.count
                s.ring[i >= capacity ? i - capacity : i] = s.store.store(e)
                s.count += 1
            }
            s.liveLog?.append(e)
            return s.handlers.map { $0.handler }
        }
        // An event a subscriber records reaches every subscriber after the one it is handling.
        guard !delivery.isRunning else {
            delivery.queue.append((e, targets))
            return e
        }
        delivery.isRunning = true
        for h in targets { h.body(e) }
        var next = 0
        while next < delivery.queue.count {
            let (event, handlers) = delivery.queue[next]
            next += 1
            for h in handlers { h.body(event) }
        }
        delivery.queue.removeAll(keepingCapacity: true)
        delivery.isRunning = false
        return e
    }

    /// Retained events, oldest first.
    @_spi(Package) public var events: [Event] { snapshot().events }

    /// Events dropped because the ring was full, or forgotten by ``reset()``.
    @_spi(Package) public var droppedCount: Int { state.withLock { $0.dropped } }

    /// A consistent copy of the ring and its counters.
    @_spi(Package) public func snapshot() -> RecordingSnapshot {
        let capacity = capacity
        return state.withLock { s in
            var events = (0..<s.count).map { i in s.store.event(s.ring[(s.head + i) % capacity]) }
            if !s.carried.isEmpty, !events.isEmpty { events[0].facts = s.carried.given(to: events[0].facts) }
            return RecordingSnapshot(events: events, droppedCount: s.dropped, totalRecorded: s.nextSeq - 1)
        }
    }

    /// The retained event with this sequence number.
    @_spi(Package) public func event(seq: Int) -> Event? {
        let capacity = capacity
        return state.withLock { s in
            guard s.count > 0 else { return nil }
            let (offset, overflow) = seq.subtractingReportingOverflow(s.ring[s.head].seq)
            guard !overflow else { return nil }
            guard offset >= 0, offset < s.count else { return nil }
            var e = s.store.event(s.ring[(s.head + offset) % capacity])
            if offset == 0 { e.facts = s.carried.given(to: e.facts) }
            return e
        }
    }

    /// Distinct values the ring's events share through the pools (tests: they leave with the
    /// last event that names them).
    var pooledValueCount: Int { state.withLock { $0.store.pooledValueCount } }

    /// Controllers whose facts the ring carries for its oldest event (tests: bounded by the
    /// controllers the dropped events named, however many events it replaces).
    var carriedControllerCount: Int { state.withLock { $0.carried.count } }

    /// Forgets every event (subscribers and the live log stay). Numbering continues and the
    /// forgotten events count as dropped: a completion still in flight, the live log and the
    /// signpost planner refer to events by number, and a restarted count made a later event share
    /// its number with a forgotten one (a cleared overlay then ended the wrong signpost interval).
    @_spi(Package) public func reset() { reset(numberingFrom: 0) }

    /// ``reset()``, numbering the next event `seq` when that is later than the next number: a
    /// replay that rebuilt the state a recording started in (`pinspect scenario`) forgets the
    /// events that rebuilt it and numbers its own as the recording did.
    @_spi(Package) public func reset(numberingFrom seq: Int) {
        let capacity = capacity
        state.withLock { s in
            s.nextSeq = max(s.nextSeq, seq)
            s.ring = Array(repeating: EventStore.Record(), count: capacity)
            s.store.removeAll()
            s.head = 0
            s.count = 0
            s.dropped = s.nextSeq - 1
            s.factsTracker.removeAll()
            s.carried.removeAll()
            s.pendingFacts = []
            s.factsEpoch &+= 1
        }
    }

    /// Moves on at every ``reset()``, which forgets the controllers' facts recorded so far: a
    /// caller that skips facts it noted before (the simulator) notes them again after it.
    @_spi(Package) public var factsEpoch: Int { state.withLock { $0.factsEpoch } }

    /// Notes what the rules read about the controllers a hooked call involves, read before the
    /// call (``ControllerFacts``): those new to the recording or changed since it last kept them
    /// go onto the next event recorded, the call's own. The simulator and the UIKit hooks call
    /// it before handing the call to the hook handler.
    @_spi(Package) public func noteControllerFacts(_ facts: [ControllerFacts]) {
        guard !facts.isEmpty else { return }
        state.withLock { s in
            for f in s.factsTracker.changes(facts) {
                if let i = s.pendingFacts.firstIndex(where: { $0.id == f.id }) {
                    s.pendingFacts[i] = s.pendingFacts[i].updated(by: f)
                } else {
                    s.pendingFacts.append(f)
                }
            }
        }
    }

    // MARK: Subscribers

    /// A subscriber's handler.
    final class Handler: Sendable {
        let body: @Sendable (Event) -> Void
        init(_ body: @escaping @Sendable (Event) -> Void) { self.body = body }
    }

    /// A live-update registration; call ``cancel()`` (or drop it) to stop receiving events.
    @_spi(Package) public final class Subscription: Sendable {
        private let cancelBody: @Sendable () -> Void
        init(cancel: @escaping @Sendable () -> Void) { cancelBody = cancel }
        /// Stops delivery. Safe to call more than once.
        @_spi(Package) public func cancel() { cancelBody() }
        deinit { cancel() }
    }

    /// Calls `handler` with every event recorded from now on, on the recording thread, in
    /// sequence order. Keep the returned subscription alive as long as you want updates.
    @_spi(Package) public func subscribe(_ handler: @escaping @Sendable (Event) -> Void) -> Subscription {
        let token = state.withLock { s in
            s.nextToken += 1
            s.handlers.append((s.nextToken, Handler(handler)))
            return s.nextToken
        }
        // The subscription holds the state, not the recorder.
        return Subscription { [state] in state.withLock { $0.handlers.removeAll { $0.token == token } } }
    }

    // MARK: Live log

    /// Starts writing every new event to a JSONL file at `path` (header first), one
    /// unbuffered write per line, so a crash loses at most the line being written.
    @_spi(Package) public func startLiveLog(path: String, header: LogHeader) throws {
        let writer = try LiveLogWriter(path: path, header: header)
        state.withLock { $0.liveLog = writer }
    }

    /// Whether the live log is the file at `path` (by file identity, not by spelling).
    @_spi(Package) public func isLiveLog(path: String) -> Bool {
        state.withLock { $0.liveLog?.writes(toFileAt: path) ?? false }
    }

    /// Stops the live log and closes its file.
    @_spi(Package) public func stopLiveLog() {
        state.withLock { $0.liveLog = nil }
    }
}
