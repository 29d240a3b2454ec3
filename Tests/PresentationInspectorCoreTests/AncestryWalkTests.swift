import XCTest
import Foundation
@_spi(Adapter) @testable import PresentationInspectorCore

/// The walk up a present's source (rule 2, and every present event's `ancestry`): one read per
/// ancestor through the adapter's own walk, the context check handing over to it at the provider,
/// the last walk's arrays shared while its snapshots are the same objects, and the hook's window
/// read answering the window check (issue 10: a present from 50 levels deep).
final class AncestryWalkTests: XCTestCase {
    /// An adapter-like node that counts how the resolver walks it. Its snapshot is one object,
    /// as an adapter's is while nothing in it changes.
    final class WalkNode: PresentationNode {
        var snapshot: ControllerRef
        var parent: WalkNode?
        var ref: ControllerRef { snapshot }
        var parentNode: WalkNode? { parentReads += 1; return parent }
        var childNodes: [WalkNode] = []
        var presentingNode: WalkNode?
        var ownPresentedNode: WalkNode?
        var rootOfWindow: String?
        var modalPresentationStyle: PresentationStyle = .fullScreen
        var modalTransitionStyle: TransitionStyle = .coverVertical
        var definesPresentationContext = false
        var providesPresentationContextTransitionStyle = false
        var isModalInPresentation = false
        var hasPopoverAnchor = true
        var inWindow = true
        var isViewInWindow: Bool { windowReads += 1; return inWindow }
        var horizontalSizeClass: SizeClass = .compact
        var isTransitionInProgress = false
        private(set) var parentReads = 0, parentWithRefCalls = 0, walkUpCalls = 0, windowReads = 0

        init(_ id: String, window: String? = nil) {
            snapshot = ControllerRef(id: id, type: "T\(id)")
            rootOfWindow = window
        }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }

        func parentWithRef() -> (node: WalkNode, ref: ControllerRef)? {
            parentWithRefCalls += 1
            return parent.map { ($0, $0.snapshot) }
        }
        func walkUp(limit: Int, _ visit: (ControllerRef) -> Void) -> WalkNode {
            walkUpCalls += 1
            var node = self, visited = 0
            while visited < limit, let p = node.parent { visit(p.snapshot); node = p; visited += 1 }
            return node
        }
    }

    /// c0 (the window's root) ← c1 ← … ← c5, each the child of the one before; c5 is the leaf.
    private func hierarchy() -> [WalkNode] {
        let nodes = (0...5).map { WalkNode("c\($0)", window: $0 == 0 ? "w" : nil) }
        for i in 1...5 { nodes[i].parent = nodes[i - 1] }
        return nodes
    }
    private func ids(_ refs: [ControllerRef]) -> [String] { refs.map(\.id) }

    func testAPresentWalksUpOnceThroughTheAdaptersWalk() {
        let c = hierarchy(), p = WalkNode("p")
        let r = PresentationResolver.resolvePresent(source: c[5], presented: p)
        XCTAssertEqual(ids(r.ancestryRefs), ["c5", "c4", "c3", "c2", "c1", "c0"])
        XCTAssertTrue(r.presenting === c[0])
        XCTAssertEqual(c[5].walkUpCalls, 1, "the source's adapter walks the whole way")
        XCTAssertEqual(c.map(\.parentWithRefCalls).reduce(0, +), 0, "no level asked one at a time")
        XCTAssertEqual(c.dropFirst().map(\.walkUpCalls).reduce(0, +), 1)
        guard case .walkedUp(let path, let root, _)? = r.steps.first(where: { if case .walkedUp = $0 { true } else { false } }) else {
            return XCTFail("no walkedUp step")
        }
        XCTAssertEqual(path, ["Tc5", "Tc4", "Tc3", "Tc2", "Tc1", "Tc0"])
        XCTAssertEqual(root.id, "c0")
        // The public nodes, walked again when asked, name the same controllers.
        XCTAssertEqual(r.ancestry.map(\.ref.id), ids(r.ancestryRefs))
    }

    /// A context style looks at each level up to the provider, then the adapter walks the rest:
    /// every ancestor once, none twice.
    func testAContextWalkHandsOverToTheAdapterAtTheProvider() {
        let c = hierarchy(), p = WalkNode("p")
        p.modalPresentationStyle = .currentContext
        c[3].definesPresentationContext = true
        let r = PresentationResolver.resolvePresent(source: c[5], presented: p)
        XCTAssertEqual(ids(r.ancestryRefs), ["c5", "c4", "c3", "c2", "c1", "c0"])
        XCTAssertTrue(r.contextProvider === c[3])
        XCTAssertTrue(r.presenting === c[3])
        XCTAssertEqual(c[5].parentWithRefCalls + c[4].parentWithRefCalls, 2, "c5 → c4 → c3, one level at a time")
        XCTAssertEqual(c[3].walkUpCalls, 1, "the rest from the provider")
        guard case .contextFound(_, let walk, let provider)? = r.steps.first(where: { if case .contextFound = $0 { true } else { false } }) else {
            return XCTFail("no contextFound step")
        }
        XCTAssertEqual(walk.map(\.type), ["Tc5", "Tc4", "Tc3"])
        XCTAssertEqual(walk.map(\.defines), [false, false, true])
        XCTAssertEqual(provider.id, "c3")
    }

    func testAContextWalkWithNoProviderLooksAtEveryLevel() {
        let c = hierarchy(), p = WalkNode("p")
        p.modalPresentationStyle = .overCurrentContext
        let r = PresentationResolver.resolvePresent(source: c[5], presented: p)
        XCTAssertEqual(ids(r.ancestryRefs), ["c5", "c4", "c3", "c2", "c1", "c0"])
        XCTAssertTrue(r.presenting === c[0])
        guard case .contextNotFound(_, let walk, _)? = r.steps.first(where: { if case .contextNotFound = $0 { true } else { false } }) else {
            return XCTFail("no contextNotFound step")
        }
        XCTAssertEqual(walk.count, 6)
        XCTAssertEqual(c[0].walkUpCalls, 1, "handed over at the root, which has no parent")
    }

    /// The second present from the same place ends with the first one's arrays; a changed
    /// snapshot or a shorter walk does not.
    func testTheNextPresentSharesTheLastAncestryWhileItIsTheSame() {
        let c = hierarchy(), p = WalkNode("p")
        let recent = RecentAncestry()
        func resolve() -> PresentResolution<WalkNode> {
            PresentationResolver.resolvePresent(source: c[5], presented: p, refs: (c[5].ref, p.ref), options: ResolverOptions(),
                                                chains: nil, recentAncestry: recent)
        }
        func path(_ r: PresentResolution<WalkNode>) -> [String] {
            for case .walkedUp(let path, _, _) in r.steps { return path }
            return []
        }
        func storage<T>(_ a: [T]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }

        let first = resolve(), second = resolve()
        XCTAssertEqual(ids(second.ancestryRefs), ids(first.ancestryRefs))
        XCTAssertEqual(storage(second.ancestryRefs), storage(first.ancestryRefs), "the same array, shared")
        XCTAssertEqual(storage(path(second)), storage(path(first)), "and the same path of types")

        // A new snapshot halfway up (a title changed): a new array with the new snapshot.
        c[2].snapshot = ControllerRef(id: "c2", type: "Tc2", title: "Renamed")
        let third = resolve()
        XCTAssertNotEqual(storage(third.ancestryRefs), storage(first.ancestryRefs))
        XCTAssertEqual(ids(third.ancestryRefs), ["c5", "c4", "c3", "c2", "c1", "c0"])
        XCTAssertEqual(third.ancestryRefs[3].title, "Renamed")
        XCTAssertEqual(third.ancestryRefs[2].storage === first.ancestryRefs[2].storage, true, "the unchanged ones are the same snapshots")

        // The same leading snapshots, fewer of them: c2 is now a window's root.
        c[2].parent = nil
        c[2].rootOfWindow = "w2"
        let fourth = resolve()
        XCTAssertEqual(ids(fourth.ancestryRefs), ["c5", "c4", "c3", "c2"])
        XCTAssertEqual(path(fourth), ["Tc5", "Tc4", "Tc3", "Tc2"])
        XCTAssertTrue(fourth.presenting === c[2])
    }

    /// The hook read the source's window for the exclusions: the resolver's window check takes
    /// that answer and does not ask again.
    func testTheHooksWindowReadAnswersTheWindowCheck() {
        for (hookSaw, rejected) in [(false, true), (true, false)] {
            let c = hierarchy(), p = WalkNode("p")
            c[5].inWindow = !hookSaw  // the node would answer the opposite: the hook's read wins
            let h = PresentationHooksHandler(recorder: Recorder(), scheduler: ManualScheduler(),
                                             configuration: HandlerConfiguration(leakCheckDelay: nil))
            h.handlePresent(source: c[5], presented: p, checkedRefs: (c[5].ref, p.ref), sourceViewInWindow: hookSaw, animated: false,
                            context: .main, completion: nil, observe: nil) { completion in
                // UIKit as the hook saw it: presents when the source is in a window.
                if hookSaw { c[0].ownPresentedNode = p; p.presentingNode = c[0] }
                completion?()
            }
            let e = h.recorder.events[0]
            XCTAssertEqual(e.outcome, rejected ? .rejected : .presented, "hook saw a window: \(hookSaw)")
            XCTAssertEqual(e.diagnostics.contains { $0.code == .notInWindowHierarchy }, rejected)
            XCTAssertEqual(c[5].windowReads, 0, "not asked again")
        }
        // Without the hook's read, the node is asked.
        let c = hierarchy(), p = WalkNode("p")
        c[5].inWindow = false
        let r = PresentationResolver.resolvePresent(source: c[5], presented: p)
        XCTAssertEqual(r.rejection?.code, .notInWindowHierarchy)
        XCTAssertEqual(c[5].windowReads, 1)
    }

    /// The protocol's own walk (a node that does not walk itself) asks each level for its parent
    /// and snapshot, and stops at the limit.
    func testTheDefaultWalkAsksEachLevelAndStopsAtTheLimit() {
        let root = FakeNode("root", window: "w")
        var last = root
        for i in 1...4 { let n = FakeNode("n\(i)"); last.addChild(n); last = n }
        var seen: [String] = []
        let reached = last.walkUp(limit: 2) { seen.append($0.id) }
        XCTAssertEqual(seen, ["n3", "n2"])
        XCTAssertEqual(reached.ref.id, "n2")
        seen = []
        XCTAssertTrue(last.walkUp(limit: 100) { seen.append($0.id) } === root)
        XCTAssertEqual(seen, ["n3", "n2", "n1", "root"])
        XCTAssertEqual(Hierarchy.ancestryRefs(of: last, first: last.ref).map(\.id), ["n4", "n3", "n2", "n1", "root"])
    }
}
