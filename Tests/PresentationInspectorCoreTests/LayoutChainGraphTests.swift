@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// The chain graph (nodes, the four edge kinds, state at a seq) and its layered layout.
final class LayoutChainGraphTests: XCTestCase {
    private func describe(_ g: ChainGraph) -> [String] {
        g.edges.map { e in
            "\(e.kind.rawValue) \(e.from)->\(e.to) " + e.intervals.map { "\($0.start)-\($0.end.map(String.init) ?? "")" }.joined(separator: ",")
        }
    }

    func testHistoryGraphOfTheCameraScenario() throws {
        let g = ChainGraph.make(events: try ExportFixtures.events(BuiltInScenarios.camera))
        XCTAssertNil(g.seq)
        XCTAssertEqual(describe(g), [
            "presentation camera->photos 1-10",
            "container photos->library 3-",
            "presentation photos->peoplePicker 3-5,7-10",
            "source library->peoplePicker 3-5,7-10",
            "rejected photos->share 9-10",
        ])
        XCTAssertEqual(g.windows, ["camera-window"])
        XCTAssertEqual(g.nodes.filter(\.isWindowRoot).map(\.ref.id), ["camera"])
        XCTAssertEqual(g.node("library")?.ref.title, "Photos")
        XCTAssertEqual(g.nodes.filter(\.isPresented).count, 0, "everything was dismissed by the end")
    }

    func testStateAfterAnEventKeepsOnlyWhatHeldThen() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        let at7 = ChainGraph.make(events: events, at: 7)
        XCTAssertEqual(at7.seq, 7)
        XCTAssertEqual(describe(at7), [
            "presentation camera->photos 1-", "container photos->library 3-",
            "presentation photos->peoplePicker 3-5,7-", "source library->peoplePicker 3-5,7-",
        ])
        XCTAssertEqual(Set(at7.nodes.map(\.ref.id)), ["camera", "photos", "library", "peoplePicker"])
        XCTAssertEqual(Set(at7.nodes.filter(\.isPresented).map(\.ref.id)), ["photos", "peoplePicker"])
        let at5 = ChainGraph.make(events: events, at: 5)
        XCTAssertFalse(at5.edges.contains { $0.to == "peoplePicker" }, "the picker was dismissed by #5")
        XCTAssertFalse(at5.nodes.contains { $0.ref.id == "peoplePicker" })
        let end = ChainGraph.make(events: events, at: try XCTUnwrap(events.last).seq)
        XCTAssertEqual(end.nodes.map(\.ref.id), ["camera"])
        XCTAssertTrue(end.edges.isEmpty)
    }

    func testContextStyleMarksTheProviderThatDefinesTheContext() throws {
        let g = ChainGraph.make(events: try ExportFixtures.events(BuiltInScenarios.tabContext))
        XCTAssertEqual(g.node("homeNav")?.definesContext, true)
        XCTAssertEqual(g.node("shopTabs")?.definesContext, false)
        XCTAssertTrue(describe(g).contains("presentation homeNav->filter 1-7"), describe(g).joined(separator: "\n"))
        XCTAssertTrue(describe(g).contains("container homeNav->product 1-"))
        XCTAssertTrue(describe(g).contains("presentation shopTabs->promo 3-5"))
    }

    func testContextEdgeAppearsOnlyWhenTheProviderIsNotThePresentingController() {
        // Device data can disagree with the model (custom presentation controllers): keep all four kinds apart.
        let root = ControllerRef(id: "0x1", type: "RootVC"), nav = ControllerRef(id: "0x2", type: "UINavigationController")
        let list = ControllerRef(id: "0x3", type: "ListVC"), sheet = ControllerRef(id: "0x4", type: "SheetVC")
        let e = Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: list, presented: sheet,
                      presenting: root, contextProvider: nav, requestedStyle: .overCurrentContext, effectiveStyle: .overCurrentContext,
                      chain: [root, sheet])
        let g = ChainGraph.make(events: [e])
        XCTAssertEqual(Set(g.edges.map(\.kind)), Set(ChainGraph.EdgeKind.allCases).subtracting([.rejected]))
        XCTAssertEqual(g.edges.first { $0.kind == .context }.map { "\($0.from)->\($0.to)" }, "0x2->0x4")
        XCTAssertEqual(g.edges.first { $0.kind == .source }.map { "\($0.from)->\($0.to)" }, "0x3->0x4")
        XCTAssertEqual(g.edges.first { $0.kind == .container }.map { "\($0.from)->\($0.to)" }, "0x2->0x3")
    }

    func testSourceEdgeIsOmittedWhenTheSourcePresents() throws {
        let g = ChainGraph.make(events: try ExportFixtures.events(BuiltInScenarios.camera))
        XCTAssertFalse(g.edges.contains { $0.kind == .source && $0.to == "photos" }, "the camera presents the library itself")
    }

    func testLayoutNeverOverlapsNodesAndKeepsWindowsApart() throws {
        var graphs = try BuiltInScenarios.all.map { ChainGraph.make(events: try ExportFixtures.events($0)) }
        let demo = try ExportFixtures.demoEvents()
        graphs.append(ChainGraph.make(events: demo))
        for seq in stride(from: 1, through: demo.count, by: 7) { graphs.append(ChainGraph.make(events: demo, at: seq)) }
        graphs.append(ChainGraph.make(events: ExportFixtures.largeRecording(events: 600)))
        graphs.append(randomGraph(nodes: 120, edges: 260, seed: 7))
        for g in graphs {
            let layout = ChainGraphLayout.make(graph: g)
            XCTAssertEqual(layout.nodes.count, g.nodes.count)
            assertNoOverlaps(layout)
            for (a, b) in zip(layout.windows, layout.windows.dropFirst()) { XCTAssertFalse(a.frame.overlaps(b.frame)) }
            for n in layout.nodes {
                let box = try XCTUnwrap(layout.windows.first { $0.window == n.node.window })
                XCTAssertTrue(box.frame.contains(n.frame), "\(n.node.ref.id) outside its window box")
                XCTAssertTrue(LayoutRect(x: 0, y: 0, width: layout.size.width, height: layout.size.height).contains(box.frame))
            }
        }
    }

    func testDownwardEdgesDoNotCrossOtherNodes() throws {
        for g in [ChainGraph.make(events: try ExportFixtures.demoEvents()), randomGraph(nodes: 60, edges: 90, seed: 3)] {
            let layout = ChainGraphLayout.make(graph: g)
            let frames = Dictionary(layout.nodes.map { ($0.node.ref.id, $0.frame) }, uniquingKeysWith: { a, _ in a })
            for e in layout.edges where e.end.y > e.start.y {
                var p = e.start
                for s in e.segments {
                    for k in 1...9 {
                        let t = Double(k) / 10, u = 1 - t
                        let x = u * u * u * p.x + 3 * u * u * t * s.control1.x + 3 * u * t * t * s.control2.x + t * t * t * s.end.x
                        let y = u * u * u * p.y + 3 * u * u * t * s.control1.y + 3 * u * t * t * s.control2.y + t * t * t * s.end.y
                        for (id, f) in frames where id != e.edge.from && id != e.edge.to {
                            let inside = x > f.x + 1 && x < f.maxX - 1 && y > f.y + 1 && y < f.maxY - 1
                            XCTAssertFalse(inside, "edge \(e.edge.from)->\(e.edge.to) crosses \(id)")
                        }
                    }
                    p = s.end
                }
            }
        }
    }

    func testCyclesInTheHistoryStillLayOut() {
        // A presents B; later, after B's dismissal, B presents A: a cycle in the history graph.
        let a = ControllerRef(id: "a", type: "AVC"), b = ControllerRef(id: "b", type: "BVC")
        let events = [
            Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "w", source: a, presented: b, presenting: a, chain: [a, b]),
            Event(seq: 2, time: 1, kind: .dismiss, outcome: .dismissed, window: "w", receiver: a, handledBy: a, dismissed: [b], chain: [a]),
            Event(seq: 3, time: 2, kind: .present, outcome: .presented, window: "w", source: b, presented: a, presenting: b, chain: [b, a]),
        ]
        let g = ChainGraph.make(events: events)
        XCTAssertEqual(g.edges.count, 2)
        let layout = ChainGraphLayout.make(graph: g)
        XCTAssertEqual(layout.edges.count, 2)
        assertNoOverlaps(layout)
    }

    private func assertNoOverlaps(_ layout: ChainGraphLayout, file: StaticString = #filePath, line: UInt = #line) {
        let sorted = layout.nodes.sorted { $0.frame.x < $1.frame.x }
        for i in sorted.indices {
            for j in (i + 1)..<sorted.count {
                if sorted[j].frame.x >= sorted[i].frame.maxX { break }
                XCTAssertFalse(sorted[i].frame.overlaps(sorted[j].frame),
                               "\(sorted[i].node.ref.id) overlaps \(sorted[j].node.ref.id)", file: file, line: line)
            }
        }
    }

    /// A random history-like graph in one window, from a seeded generator.
    private func randomGraph(nodes: Int, edges: Int, seed: UInt64) -> ChainGraph {
        var rng = SplitMix64(seed: seed)
        let ns = (0..<nodes).map { i in
            ChainGraph.Node(ref: ControllerRef(id: "c\(i)", type: String(repeating: "X", count: 3 + Int(rng.next() % 30))),
                            window: i < nodes / 2 ? "one" : "two", firstSeq: i, isWindowRoot: i == 0, definesContext: false, isPresented: false)
        }
        let es = (0..<edges).map { _ in
            let half = Int(rng.next() % 2) * nodes / 2
            let a = half + Int(rng.next() % UInt64(nodes / 2)), b = half + Int(rng.next() % UInt64(nodes / 2))
            return ChainGraph.Edge(kind: ChainGraph.EdgeKind.allCases[Int(rng.next() % 4)], from: "c\(a)", to: "c\(b)",
                                   style: nil, intervals: [.init(start: 1, end: nil)])
        }
        return ChainGraph(nodes: ns, edges: es, windows: ["one", "two"], seq: nil)
    }
}

/// A small seeded generator, so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
