import XCTest
import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// A main thread and a main queue the test controls: which thread the cache believes it is on,
/// the work scheduled on the main queue (run when the test says), how often chains were computed.
private final class FakeMainThread: @unchecked Sendable {
    private let lock = NSLock()
    private var main = true
    private var queue: [@Sendable () -> Void] = []
    private var computed = 0
    var isMain: Bool {
        get { lock.lock(); defer { lock.unlock() }; return main }
        set { lock.lock(); main = newValue; lock.unlock() }
    }
    var pending: Int { lock.lock(); defer { lock.unlock() }; return queue.count }
    var computations: Int { lock.lock(); defer { lock.unlock() }; return computed }
    func schedule(_ work: @escaping @Sendable () -> Void) { lock.lock(); queue.append(work); lock.unlock() }
    func didCompute() { lock.lock(); computed += 1; lock.unlock() }
    /// One turn of the main queue: runs what was scheduled before it.
    func runQueue() {
        lock.lock(); let work = queue; queue = []; lock.unlock()
        let wasMain = isMain
        isMain = true
        for w in work { w() }
        isMain = wasMain
    }
}

/// ``DeferredWindowChains``: the window chains the debugger reads off the main thread, refreshed
/// once per main-queue turn after events instead of inside every event.
final class IntegrationWindowChainTests: XCTestCase {
    /// A simulation recording into a session, with the cache fed as the iOS layer feeds it.
    private func makeSession() throws -> (Simulation, DeferredWindowChains, FakeMainThread, Recorder.Subscription, SimController, SimController) {
        let session = InspectorSession(configuration: InspectorConfiguration(), header: LogHeader(app: [:]),
                                       scheduler: StillScheduler())
        let sim = Simulation(recorder: session.recorder, configuration: session.configuration.handlerConfiguration)
        let root = SimController(id: "root", type: "RootViewController")
        let sheet = SimController(id: "sheet", type: "SheetViewController")
        try sim.add(root)
        try sim.add(sheet)
        try sim.addWindow(id: "w", root: root)
        let main = FakeMainThread()
        let box = ChainSimulationBox(sim)
        let chains = DeferredWindowChains(compute: { main.didCompute(); return box.simulation.windowChains() },
                                          isMainThread: { main.isMain }, scheduleOnMain: { main.schedule($0) })
        let subscription = session.recorder.subscribe { _ in chains.markStale() }
        return (sim, chains, main, subscription, root, sheet)
    }

    private func ids(_ chains: [WindowChain]) -> [[String]] { chains.map { $0.chain.map(\.id) } }

    func testEventsScheduleOneRefreshAndComputeNothingThemselves() throws {
        let (sim, chains, main, subscription, root, sheet) = try makeSession()
        defer { subscription.cancel() }
        chains.refreshNow()
        XCTAssertEqual(main.computations, 1)
        sim.present(sheet, from: root, animated: false)
        sim.dismiss(sheet, animated: false)
        sim.present(sheet, from: root, animated: false)
        XCTAssertGreaterThanOrEqual(sim.recorder.snapshot().totalRecorded, 6)
        // Six events: no walk inside any of them, one refresh waiting for the main queue.
        XCTAssertEqual(main.computations, 1)
        XCTAssertEqual(main.pending, 1)
        XCTAssertTrue(chains.isStaleForOtherThreads)

        // Off the main thread before that turn: the copy of the last refresh.
        main.isMain = false
        XCTAssertEqual(ids(chains.current()), [["root"]])
        XCTAssertEqual(main.computations, 1)

        // The turn refreshes once; readers elsewhere then see the sheet.
        main.runQueue()
        XCTAssertEqual(main.computations, 2)
        XCTAssertFalse(chains.isStaleForOtherThreads)
        XCTAssertEqual(ids(chains.current()), [["root", "sheet"]])
        XCTAssertEqual(main.computations, 2)

        // Nothing recorded since: no further refresh is scheduled; the next event schedules one.
        main.runQueue()
        XCTAssertEqual(main.computations, 2)
        sim.dismiss(sheet, animated: false)
        XCTAssertEqual(main.pending, 1)
        main.runQueue()
        XCTAssertEqual(ids(chains.current()), [["root"]])
    }

    func testMainThreadReadsAreAlwaysFresh() throws {
        let (sim, chains, main, subscription, root, sheet) = try makeSession()
        defer { subscription.cancel() }
        sim.present(sheet, from: root, animated: false)
        // No main-queue turn yet: a main-thread reader (the overlay, LLDB on the main thread) computes.
        XCTAssertEqual(ids(chains.current()), [["root", "sheet"]])
        XCTAssertFalse(chains.isStaleForOtherThreads)
        main.isMain = false
        XCTAssertEqual(ids(chains.current()), [["root", "sheet"]])
    }

    func testAChangeDuringTheRefreshLeavesTheCopyStale() {
        let main = FakeMainThread()
        let holder = ChainsHolder()
        let chains = DeferredWindowChains(compute: { holder.chains?.markStale(); return [] },
                                          isMainThread: { main.isMain }, scheduleOnMain: { main.schedule($0) })
        holder.chains = chains
        chains.refreshNow()
        XCTAssertTrue(chains.isStaleForOtherThreads)
        XCTAssertEqual(main.pending, 1)
    }
}

/// A clock at 0 that never runs delayed work (the leak checks).
private final class StillScheduler: InspectorScheduler, @unchecked Sendable {
    var now: Double { 0 }
    func schedule(after seconds: Double, _ work: @escaping @Sendable () -> Void) {}
}

private final class ChainsHolder: @unchecked Sendable {
    var chains: DeferredWindowChains?
}

private struct ChainSimulationBox: @unchecked Sendable {
    let simulation: Simulation
    init(_ simulation: Simulation) { self.simulation = simulation }
}
