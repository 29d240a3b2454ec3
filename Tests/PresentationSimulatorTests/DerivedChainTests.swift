@testable import PresentationInspectorCore
@testable import PresentationSimulator
import XCTest

/// The handler works a window's chain out from the one before a present or dismiss (issue 10)
/// only when it can check that the call did just that; where UIKit did something else (here the
/// simulation's `observed` answers), the chain is walked, and the events say what happened.
final class DerivedChainTests: XCTestCase {
    private var sim: Simulation!
    private var root: SimController!, a: SimController!, b: SimController!

    override func setUpWithError() throws {
        sim = Simulation(recorder: Recorder(capacity: 64), configuration: HandlerConfiguration(leakCheckDelay: nil))
        root = SimController(id: "root", type: "Root")
        a = SimController(id: "a", type: "A")
        b = SimController(id: "b", type: "B")
        for c in [root!, a!, b!] { c.modalPresentationStyle = .fullScreen; try sim.add(c) }
        try sim.addWindow(id: "w", root: root, isKey: true)
        sim.present(a, from: root, animated: false)
        sim.present(b, from: a, animated: false)
    }

    private func lastChain(_ kind: EventKind) throws -> [String] {
        try XCTUnwrap(sim.recorder.events.last { $0.kind == kind }).chain.map(\.id)
    }

    func testPresentsAndDismissalsOnTheTopAreWorkedOut() throws {
        let derived = sim.handler.chains.derivedChains
        XCTAssertEqual(try lastChain(.present), ["root", "a", "b"])
        sim.dismiss(b, animated: false)
        XCTAssertEqual(try lastChain(.dismissCompleted), ["root", "a"])
        XCTAssertEqual(sim.handler.chains.derivedChains, derived + 1)
        sim.present(b, from: a, animated: false)
        XCTAssertEqual(try lastChain(.present), ["root", "a", "b"])
        XCTAssertEqual(sim.handler.chains.derivedChains, derived + 2)
    }

    /// The dismissal monitor (the `viewWillDisappear` hook's report) leaves the chains of a
    /// hooked, non-interactive dismiss to the call, which brings them up to date when its
    /// transition ends; invalidating them as well made every such dismissal walk again.
    func testTheDismissalMonitorLeavesAHookedDismissCallsChainsToTheCall() throws {
        let monitor = InteractiveDismissMonitor(handler: sim.handler)
        monitor.start()
        defer { monitor.stop() }
        let chains = sim.handler.chains
        sim.dismiss(b, animated: true)
        let seq = try XCTUnwrap(sim.recorder.events.last { $0.kind == .dismiss }).seq
        let generation = chains.generation
        XCTAssertEqual(monitor.dismissalWillBegin(b!, isInteractive: false), .dismissCall(seq: seq))
        XCTAssertEqual(chains.generation, generation)
        sim.advance(by: 1)
        monitor.dismissalDidEnd(b!, cancelled: false)
        XCTAssertEqual(try lastChain(.dismissCompleted), ["root", "a"])
        XCTAssertEqual(chains.look(from: root!).refs.map(\.id), ["root", "a"])
    }

    /// Any other dismissal the monitor hears of (no hooked call, or an interactive one) can change
    /// a chain without a hooked call finishing it: the chains are invalidated at its start and end.
    func testTheDismissalMonitorInvalidatesTheChainsForOtherDismissals() throws {
        let monitor = InteractiveDismissMonitor(handler: sim.handler)
        monitor.start()
        defer { monitor.stop() }
        let chains = sim.handler.chains
        var generation = chains.generation
        XCTAssertEqual(monitor.dismissalWillBegin(b!, isInteractive: false), .withoutDismissCall)
        XCTAssertGreaterThan(chains.generation, generation)
        generation = chains.generation
        monitor.dismissalDidEnd(b!, cancelled: true)
        XCTAssertGreaterThan(chains.generation, generation)

        sim.dismiss(b, animated: true)
        generation = chains.generation
        XCTAssertNotEqual(monitor.dismissalWillBegin(b!, isInteractive: true), .ignored)
        XCTAssertGreaterThan(chains.generation, generation)
        generation = chains.generation
        monitor.dismissalDidEnd(b!, cancelled: true)
        XCTAssertGreaterThan(chains.generation, generation)
    }

    func testUIKitDismissingMoreThanPredictedIsWalked() throws {
        var observed = ResolvedObservation()
        observed.dismissed = [b, a]
        let derived = sim.handler.chains.derivedChains
        sim.dismiss(b, animated: false, context: .main, observed: observed)
        XCTAssertEqual(try lastChain(.dismissCompleted), ["root"])
        XCTAssertEqual(sim.handler.chains.derivedChains, derived)
    }

    func testUIKitDismissingNothingIsWalked() throws {
        var observed = ResolvedObservation()
        observed.dismissed = []
        let derived = sim.handler.chains.derivedChains
        sim.dismiss(b, animated: false, context: .main, observed: observed)
        XCTAssertEqual(try lastChain(.dismissCompleted), ["root", "a", "b"])
        XCTAssertEqual(sim.handler.chains.derivedChains, derived)
    }

    func testAPresentNotOnTheTopIsNotWorkedOut() throws {
        let chains = sim.handler.chains
        let before = chains.look(from: root!)
        XCTAssertEqual(before.refs.map(\.id), ["root", "a", "b"])
        // `a` presents `b`, and `root` presents `a`: neither is on the chain's top.
        XCTAssertNil(chains.change(before, afterPresenting: b))
        XCTAssertNil(chains.change(before, afterPresenting: a))
    }

    func testAPresentedControllerThatPresentsItselfIsNotWorkedOut() throws {
        let chains = sim.handler.chains
        let w2 = SimController(id: "w2", type: "Root"), nav = SimController(id: "nav", type: "UINavigationController")
        let child = SimController(id: "child", type: "Child"), top = SimController(id: "top", type: "Top")
        for c in [w2, nav, child, top] { try sim.add(c) }
        try sim.addChild(child, to: nav)
        try sim.addWindow(id: "w2", root: w2)
        let before = chains.look(from: w2)
        // `nav` on `w2`, as a present would leave them:
        nav.presenting = w2; w2.presented = nav
        XCTAssertEqual(chains.change(before, afterPresenting: nav)?.refs.map(\.id), ["w2", "nav"])
        // and `nav`'s child presenting `top`: appending `nav` alone would lose `top`.
        top.presenting = child; child.presented = top
        XCTAssertNil(chains.change(before, afterPresenting: nav))
    }

    func testADismissalWhoseControllersAreNotTheTopIsNotWorkedOut() throws {
        let chains = sim.handler.chains
        let before = chains.look(from: root!)
        // What UIKit leaves after dismissing `b`, made without the hooks (the chain stays current).
        b.presenting = nil; a.presented = nil
        XCTAssertNil(chains.change(before, afterDismissing: [a], observed: nil))  // not the top
        XCTAssertEqual(chains.change(before, afterDismissing: [b], observed: nil)?.refs.map(\.id), ["root", "a"])
        // Seen by UIKit to dismiss something else.
        XCTAssertNil(chains.change(before, afterDismissing: [b], observed: [a.ref]))
        XCTAssertNotNil(chains.change(before, afterDismissing: [b], observed: [b.ref]))
        // `b` still presented: not dismissed after all.
        b.presenting = a; a.presented = b
        XCTAssertNil(chains.change(before, afterDismissing: [b], observed: nil))
        // Once something else invalidated the chains, a change worked out before is not applied.
        b.presenting = nil; a.presented = nil
        let change = try XCTUnwrap(chains.change(before, afterDismissing: [b], observed: nil))
        let derived = chains.derivedChains
        chains.invalidate()
        chains.invalidate(after: before.generation, applying: change)
        XCTAssertEqual(chains.derivedChains, derived)
        XCTAssertEqual(before.entry?.refs.map(\.id), ["root", "a", "b"])
        chains.invalidate(after: chains.look(from: root!).generation, applying: change)  // the entry is not the current one
        XCTAssertEqual(chains.derivedChains, derived)
    }
}
