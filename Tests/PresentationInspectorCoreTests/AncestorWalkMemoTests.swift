import XCTest
@_spi(Adapter) @testable import PresentationInspectorCore

/// An adapter's kept walk up (`AdapterNodeMemory.ancestors`, what `UIKitNode.ancestorRefs`
/// runs): answered again, the very array, while every ancestor reads the same address, class and
/// title; anything else read is seen at once; and the resolver then shares its last ancestry
/// without looking at each snapshot (issue 10: a present from 50 levels deep).
final class AncestorWalkMemoTests: XCTestCase {
    /// What the adapter reads: a controller that counts its reads, and keeps its node (as a
    /// `UIViewController` keeps its `UIKitNode`, an associated object).
    class Controller {
        var parent: Controller?
        var title: String?
        var node: MemoNode?
        var style: PresentationStyle = .fullScreen
        var defines = false
        var window: String?
        let settings: Settings
        private(set) var parentReads = 0, titleReads = 0
        init(_ title: String?, _ settings: Settings) { self.title = title; self.settings = settings }
        func readParent() -> Controller? { parentReads += 1; return parent }
        func readTitle() -> String? { titleReads += 1; return title }
        func resetReads() { parentReads = 0; titleReads = 0 }
    }
    final class OtherController: Controller {}
    final class Settings { var recordsTitles = true; var nodesMade = 0 }

    /// An adapter node over `Controller`, built as `UIKitNode` is.
    final class MemoNode: PresentationNode {
        weak var controller: Controller?
        let id: String, typeName: String
        let memory = AdapterNodeMemory<MemoNode>()
        unowned let settings: Settings

        private init(_ c: Controller) {
            controller = c
            id = ObjectAddressText.of(c)
            typeName = String(describing: type(of: c))
            settings = c.settings
        }
        static func node(for c: Controller) -> MemoNode {
            if let n = c.node { return n }
            c.settings.nodesMade += 1
            let n = MemoNode(c)
            c.node = n
            return n
        }

        var ref: ControllerRef {
            memory.ref(id: id, type: typeName, freshTitle: controller.map { c -> String? in c.title }, recordsTitles: settings.recordsTitles)
        }
        var parentNode: MemoNode? { controller?.parent.map(MemoNode.node) }
        func ancestorRefs(limit: Int) -> (refs: [ControllerRef], root: MemoNode)? {
            guard let start = controller else { return ([], self) }
            let recordsTitles = settings.recordsTitles
            return memory.ancestors(
                from: start, startNode: self, limit: limit, recordsTitles: recordsTitles,
                parent: { $0.readParent() }, title: { $0.readTitle() },
                step: { node, p, title in
                    let up = node.memory.node(of: .parent, p, node: MemoNode.node)
                    return (up, up.memory.ref(id: up.id, type: up.typeName, freshTitle: title, recordsTitles: recordsTitles))
                },
                node: MemoNode.node)
        }
        var childNodes: [MemoNode] { [] }
        var presentingNode: MemoNode? { nil }
        var ownPresentedNode: MemoNode? { nil }
        var rootOfWindow: String? { controller?.window }
        var modalPresentationStyle: PresentationStyle { controller?.style ?? .fullScreen }
        var modalTransitionStyle: TransitionStyle { .coverVertical }
        var definesPresentationContext: Bool { controller?.defines ?? false }
        var providesPresentationContextTransitionStyle: Bool { false }
        var isModalInPresentation: Bool { false }
        var hasPopoverAnchor: Bool { true }
        var isViewInWindow: Bool { true }
        var horizontalSizeClass: SizeClass { .compact }
        var isTransitionInProgress: Bool { false }
        static var keepsNoControllerAlive: Bool { true }
        func makeLivenessProbe() -> LivenessProbe { LivenessProbe { false } }
    }

    private let settings = Settings()
    /// c[0] (a window's root) ← c[1] ← … ← c[5], each the child of the one before.
    private var c: [Controller] = []

    override func setUp() {
        c = (0...5).map { Controller("Title \($0)", settings) }
        c[0].window = "w"
        for i in 1...5 { c[i].parent = c[i - 1] }
    }

    private func walk(from i: Int = 5, limit: Int = 10_000) -> (refs: [ControllerRef], root: MemoNode) {
        MemoNode.node(for: c[i]).ancestorRefs(limit: limit)!
    }
    /// The snapshots a walk must answer: read from the controllers as they are now.
    private func expected(from controller: Controller, limit: Int = 10_000) -> [ControllerRef] {
        var out: [ControllerRef] = [], p = controller.parent
        while let up = p, out.count < limit {
            out.append(ControllerRef(id: ObjectAddressText.of(up), type: String(describing: type(of: up)),
                                     title: settings.recordsTitles ? up.title : nil))
            p = up.parent
        }
        return out
    }
    private func same(_ a: [ControllerRef], _ b: [ControllerRef]) -> Bool { AncestryBuilder.sameStorage(a, b) }
    private func resetReads() { c.forEach { $0.resetReads() } }
    private var parentReads: Int { c.map(\.parentReads).reduce(0, +) }
    private var titleReads: Int { c.map(\.titleReads).reduce(0, +) }

    func testASecondWalkThatReadsTheSameAnswersTheSameArray() {
        let first = walk()
        XCTAssertEqual(first.refs, expected(from: c[5]))
        XCTAssertTrue(first.root === c[0].node)
        resetReads()
        let made = settings.nodesMade
        let second = walk()
        XCTAssertTrue(same(second.refs, first.refs), "the very array")
        XCTAssertTrue(second.root === first.root)
        XCTAssertEqual(parentReads, 6, "each parent read once, and the root's (nil) once")
        XCTAssertEqual(titleReads, 5, "each title read once")
        XCTAssertEqual(settings.nodesMade, made, "no node looked up")
    }

    func testAChangedTitleIsSeenAndTheUnchangedSnapshotsStayTheSame() {
        let first = walk()
        c[2].title = "Renamed"
        let second = walk()
        XCTAssertFalse(same(second.refs, first.refs))
        XCTAssertEqual(second.refs, expected(from: c[5]))
        XCTAssertEqual(second.refs[2].title, "Renamed")
        for i in [0, 1, 3, 4] { XCTAssertTrue(second.refs[i].storage === first.refs[i].storage, "level \(i): the same snapshot") }
        XCTAssertTrue(same(walk().refs, second.refs), "kept again")
    }

    func testAReplacedInsertedOrRemovedAncestorIsSeen() {
        _ = walk()
        // The same class and title at the same place, another object.
        let replacement = Controller(c[3].title, settings)
        replacement.parent = c[2]
        c[4].parent = replacement
        let held = c[3]
        c[3] = replacement
        XCTAssertEqual(walk().refs, expected(from: c[5]))
        XCTAssertEqual(walk().refs[1].id, ObjectAddressText.of(replacement))
        _ = held
        // Another class, the same title.
        let other = OtherController(c[3].title, settings)
        other.parent = c[2]
        c[4].parent = other
        c[3] = other
        XCTAssertEqual(walk().refs[1].type, "OtherController")
        // A level more, then two fewer.
        let inserted = Controller("Inserted", settings)
        inserted.parent = c[4]
        c[5].parent = inserted
        XCTAssertEqual(walk().refs.map(\.title), ["Inserted", "Title 4", "Title 3", "Title 2", "Title 1", "Title 0"])
        c[5].parent = c[2]
        XCTAssertEqual(walk().refs, expected(from: c[5]))
        XCTAssertEqual(walk().refs.count, 3)
        XCTAssertTrue(walk().root === c[0].node)
        // A new root above the old one.
        let top = Controller("Top", settings)
        c[0].parent = top
        XCTAssertEqual(walk().refs.last?.title, "Top")
        XCTAssertTrue(walk().root === top.node)
    }

    /// A controller freed and another made in its place, of the same class or not (the allocator
    /// often hands out the same address: without the sanitizers, most rounds here): whatever the
    /// addresses, the snapshots are what the controllers read now.
    func testAFreedAncestorsPlaceTakenByAnotherReadsAsTheNewOne() {
        for round in 0..<20 {
            _ = walk()
            let title = c[3].title
            c[4].parent = nil
            c[3] = c[2]  // the old c[3] is freed here
            let fresh = round % 3 == 2 ? OtherController(title, settings) : Controller(title, settings)
            c[3] = fresh
            fresh.parent = c[2]
            c[4].parent = c[3]
            let now = walk()
            XCTAssertEqual(now.refs, expected(from: c[5]))
            XCTAssertEqual(now.refs[1].id, ObjectAddressText.of(c[3]))
        }
    }

    func testTheLimitIsKept() {
        let two = walk(limit: 2)
        XCTAssertEqual(two.refs, expected(from: c[5], limit: 2))
        XCTAssertTrue(two.root === c[3].node)
        resetReads()
        XCTAssertTrue(same(walk(limit: 2).refs, two.refs))
        XCTAssertEqual(parentReads, 2, "no read past the limit")
        XCTAssertEqual(walk(limit: 10).refs, expected(from: c[5]))
        XCTAssertEqual(walk(limit: 0).refs, [])
        XCTAssertTrue(walk(limit: 0).root === c[5].node)
    }

    func testTitlesFollowTheSetting() {
        let with = walk()
        settings.recordsTitles = false
        resetReads()
        let without = walk()
        XCTAssertEqual(without.refs, expected(from: c[5]))
        XCTAssertTrue(without.refs.allSatisfy { $0.title == nil })
        XCTAssertEqual(titleReads, 0, "no title read")
        XCTAssertTrue(same(walk().refs, without.refs))
        settings.recordsTitles = true
        XCTAssertEqual(walk().refs, with.refs)
    }

    /// A title read elsewhere (another event's snapshot) and changed back: the walk does not answer
    /// the kept array, so each node keeps the last title read, which its snapshots off the main
    /// thread report.
    func testATitleSeenChangingElsewhereLeavesEveryNodeWithTheLastTitleRead() {
        let first = walk()
        c[2].title = "Elsewhere"
        XCTAssertEqual(MemoNode.node(for: c[2]).ref.title, "Elsewhere")
        c[2].title = "Title 2"
        let again = walk()
        XCTAssertEqual(again.refs, first.refs)
        let offMain = MemoNode.node(for: c[2]).memory.ref(id: "x", type: "y", freshTitle: nil, recordsTitles: true)
        XCTAssertEqual(offMain.title, "Title 2", "the last title read, not the one read before it")
    }

    /// Through the resolver: the second present from the same place ends with the first's arrays,
    /// with a context walk too (the adapter's array from the provider up).
    func testTheResolverSharesTheLastAncestryThroughTheAdaptersArray() {
        let presented = Controller("Presented", settings)
        let recent = RecentAncestry()
        func resolve() -> PresentResolution<MemoNode> {
            let s = MemoNode.node(for: c[5]), p = MemoNode.node(for: presented)
            return PresentationResolver.resolvePresent(source: s, presented: p, refs: (s.ref, p.ref), options: ResolverOptions(),
                                                       chains: nil, recentAncestry: recent)
        }
        for contextAt in [nil, 3] {
            if let contextAt { presented.style = .currentContext; c[contextAt].defines = true }
            let first = resolve(), second = resolve()
            let ids = [c[5]] .map(ObjectAddressText.of) + expected(from: c[5]).map(\.id)
            XCTAssertEqual(first.ancestryRefs.map(\.id), ids)
            XCTAssertTrue(same(second.ancestryRefs, first.ancestryRefs), "context at \(String(describing: contextAt)): shared")
            XCTAssertTrue(second.presenting === (contextAt.map { c[$0].node } ?? c[0].node))
            // A title changed elsewhere: the adapter walks again, into a new array of the same
            // snapshots. The ancestry is still shared, and the new array kept for the next present.
            let elsewhere = Controller("Elsewhere", settings)
            _ = MemoNode.node(for: elsewhere).ref
            elsewhere.title = "Elsewhere, renamed"
            _ = MemoNode.node(for: elsewhere).ref
            let fourth = resolve()
            XCTAssertTrue(same(fourth.ancestryRefs, first.ancestryRefs))
            let adapterArray = MemoNode.node(for: c[contextAt ?? 5]).memory.lastWalk!.refs
            XCTAssertTrue(same(recent.last().tail!.refs, adapterArray), "the adapter's new array kept")
            c[1].title = "Changed \(String(describing: contextAt))"
            let third = resolve()
            XCTAssertFalse(same(third.ancestryRefs, first.ancestryRefs))
            XCTAssertEqual(third.ancestryRefs[4].title, c[1].title)
            XCTAssertEqual(Hierarchy.ancestryRefs(of: MemoNode.node(for: c[5]), first: MemoNode.node(for: c[5]).ref), third.ancestryRefs)
        }
    }
}
