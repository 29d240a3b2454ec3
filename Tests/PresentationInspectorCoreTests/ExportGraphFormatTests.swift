import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// DOT and Mermaid specifics: escaping, edge styles, and Graphviz accepting the output.
final class ExportGraphFormatTests: XCTestCase {
    /// A recording whose names hold every character the formats treat specially.
    private func awkwardEvents() -> [Event] {
        let root = ControllerRef(id: "0x1", type: "Root\"VC", title: "a \\ b")
        let nav = ControllerRef(id: "0x2", type: "UINavigationController", title: "line1\nline2")
        let sheet = ControllerRef(id: "0x3", type: "Sheet<T>", title: "</script><b>#quot;&amp;")
        return [Event(seq: 1, time: 0, kind: .present, outcome: .presented, window: "main \"w\"", source: nav, presented: sheet,
                      presenting: root, contextProvider: root, requestedStyle: .automatic, effectiveStyle: .pageSheet, chain: [root, sheet])]
    }

    func testDOTQuotesEveryNameAndMarksEdgeKinds() throws {
        let dot = DOTExporter.render(ChainGraph.make(events: awkwardEvents()))
        XCTAssertTrue(dot.contains(#"label="Root\"VC\n\"a \\ b\"\n0x1\n(window root)""#), dot)
        // A line break in a title is shown as `\n`, as every view shows it: a node's lines are its parts.
        XCTAssertTrue(dot.contains(#"\"line1\\nline2\""#), dot)
        XCTAssertTrue(dot.contains("style=dashed"), "source edge dashed")
        XCTAssertTrue(dot.contains("penwidth=2"), "presentation edge bold")
        XCTAssertTrue(dot.hasPrefix("digraph \"presentation-chains\" {\n") && dot.hasSuffix("}\n"))
    }

    func testMermaidEscapesQuotesAndAngleBrackets() {
        let mmd = MermaidExporter.render(ChainGraph.make(events: awkwardEvents()))
        XCTAssertTrue(mmd.contains("Sheet#lt;T#gt;"), mmd)
        XCTAssertTrue(mmd.contains("Root#quot;VC"))
        XCTAssertFalse(mmd.contains("</script>"))
        XCTAssertTrue(mmd.contains("flowchart TB"))
        XCTAssertTrue(mmd.contains("-.->"), "source edge dotted")
        XCTAssertTrue(mmd.contains("==>"), "presentation edge thick")
        // One linkStyle per edge, numbered in order.
        let edges = mmd.split(separator: "\n").filter { $0.contains("-->") || $0.contains("==>") || $0.contains("-.->") }
        XCTAssertEqual(mmd.split(separator: "\n").filter { $0.hasPrefix("  linkStyle") }.count, edges.count)
    }

    func testGraphvizAcceptsTheDOTOfEveryScenarioAndOfAwkwardNames() throws {
        var inputs = try BuiltInScenarios.all.map { Exporter.render(.dot, header: ExportFixtures.header, events: try ExportFixtures.events($0)) }
        let demo = try ExportFixtures.demoEvents()
        inputs.append(Exporter.render(.dot, header: ExportFixtures.header, events: demo, at: 30))
        inputs.append(DOTExporter.render(ChainGraph.make(events: awkwardEvents())))
        for dot in inputs {
            guard let r = try runTool("dot", ["-Tsvg"], input: Data(dot.utf8)) else {
                throw XCTSkip("graphviz (dot) is not installed; CI installs it (Scripts/ci/30-exports.sh checks it too)")
            }
            XCTAssertEqual(r.status, 0, r.error)
            XCTAssertTrue(r.output.contains("<svg"), "dot produced no SVG")
            XCTAssertFalse(r.error.contains("Warning"), r.error)
        }
    }

    func testStandaloneSVGIsWellFormedXML() throws {
        // Names with what XML 1.0 has no character for: a control, U+FFFE and U+FFFF.
        var events = awkwardEvents()
        let odd = ControllerRef(id: "0x4", type: "Odd\u{1}VC", title: "a\u{FFFF}b\u{FFFE}c")
        events.append(Event(seq: 2, time: 1, kind: .present, outcome: .presented, window: "main \"w\"", source: try events.element(0).presented,
                            presented: odd, presenting: try events.element(0).presented, effectiveStyle: .pageSheet, chain: [try events.element(0).presenting!, try events.element(0).presented!, odd]))
        let graph = ChainGraph.make(events: events)
        let svg = SVGRenderer.chainGraph(ChainGraphLayout.make(graph: graph), standalone: true)
        XCTAssertTrue(svg.contains("a\u{FFFD}b\u{FFFD}c"), "each non-character is replaced")
        XCTAssertTrue(svg.contains(#"Odd\u{1}VC"#), "a control character is shown as an escape")
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertFalse(svg.contains("<b>"), "text is escaped")
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let timeline = SVGRenderer.timeline(TimelineLayout.make(events: try ExportFixtures.demoEvents()), standalone: true)
        let p2 = XMLParser(data: Data(timeline.utf8))
        XCTAssertTrue(p2.parse(), "\(p2.parserError.map { "\($0)" } ?? "")")
    }
}
