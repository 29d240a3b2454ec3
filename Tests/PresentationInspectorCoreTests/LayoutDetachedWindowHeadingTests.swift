@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Controllers outside any window are grouped under "detached (in no window)" in every graph
/// format, never under "window (no window)", and none of them is labelled a window root.
final class LayoutDetachedWindowHeadingTests: XCTestCase {
    func testDetachedControllersAreHeadedDetachedInEveryFormat() throws {
        let g = ChainGraph.make(events: try ExportFixtures.events(BuiltInScenarios.diagnostics))
        XCTAssertNotNil(g.node("orphan"))
        let outputs = [
            "dot": DOTExporter.render(g),
            "mermaid": MermaidExporter.render(g),
            "text": TextExporter.chainListing(g),
            "svg": SVGRenderer.chainGraph(ChainGraphLayout.make(graph: g), standalone: true),
        ]
        for (format, out) in outputs {
            XCTAssertTrue(out.contains("detached (in no window)"), "\(format):\n\(out)")
            XCTAssertFalse(out.contains("window (no window)"), "\(format):\n\(out)")
            XCTAssertTrue(out.contains("window lab"), "\(format): real windows keep their heading")
        }
    }
}
