import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// `OtherSizeClass` decides in the other size class only when the style differs there: the size
/// class enters the rules through the style alone. These tests hold every rule to that premise,
/// over every requested style, system controller, anchor and context arrangement: where both
/// size classes give the same style, the whole answer must be the same.
final class OtherSizeClassPremiseTests: XCTestCase {
    /// A window whose root is a navigation controller holding `list`; `list` may define a
    /// context, and `busy` may already be presented from the root.
    private func resolveBoth(style: PresentationStyle, kind: SystemControllerKind?, alertStyle: AlertControllerStyle?,
                             anchor: PopoverAnchorState, listDefinesContext: Bool, rootBusy: Bool) throws
        -> (compact: PresentResolution<SimController>, regular: PresentResolution<SimController>) {
        let sim = Simulation(recorder: Recorder())
        let root = SimController(id: "root", type: "UINavigationController")
        let list = SimController(id: "list", type: "ListViewController")
        list.definesPresentationContext = listDefinesContext
        let presented = SimController(id: "p", type: kind?.rawValue ?? "DetailViewController")
        presented.modalPresentationStyle = style
        presented.systemController = kind
        presented.preferredStyle = alertStyle
        presented.popoverAnchor = anchor
        let busy = SimController(id: "busy", type: "BusyViewController")
        for c in [root, list, presented, busy] { try sim.add(c) }
        try sim.addChild(list, to: root)
        try sim.addWindow(id: "main", root: root, isKey: true)
        if rootBusy { sim.present(busy, from: root, animated: false) }
        let reads = PresentReads(source: list, presented: presented)
        var compact = ResolverOptions(), regular = ResolverOptions()
        compact.sizeClass = .compact
        regular.sizeClass = .regular
        return (PresentationResolver.resolvePresent(reads, options: compact), PresentationResolver.resolvePresent(reads, options: regular))
    }

    func testWhereTheStyleIsTheSameTheAnswerIsTheSame() throws {
        let kinds: [(SystemControllerKind?, AlertControllerStyle?)] =
            [(nil, nil), (.alertController, .alert), (.alertController, .actionSheet)]
            + SystemControllerKind.allCases.filter { $0 != .alertController }.map { ($0, nil) }
        var compared = 0, differing = 0
        for style in PresentationStyle.allCases {
            for (kind, alertStyle) in kinds {
                for anchor in PopoverAnchorState.allCases {
                    for defines in [false, true] {
                        for busy in [false, true] {
                            let (c, r) = try resolveBoth(style: style, kind: kind, alertStyle: alertStyle, anchor: anchor,
                                                         listDefinesContext: defines, rootBusy: busy)
                            let label = "\(style.name) \(kind?.rawValue ?? "plain") \(alertStyle?.rawValue ?? "") anchor \(anchor.rawValue) defines \(defines) busy \(busy)"
                            guard c.effectiveStyle == r.effectiveStyle else { differing += 1; continue }
                            compared += 1
                            XCTAssertTrue(c.presenting === r.presenting, label)
                            XCTAssertTrue(c.contextProvider === r.contextProvider, label)
                            XCTAssertEqual(c.rejection, r.rejection, label)
                            XCTAssertEqual(c.diagnostics, r.diagnostics, label)
                            XCTAssertEqual(c.effectiveTransition, r.effectiveTransition, label)
                            if c.rejection == nil { XCTAssertNil(OtherSizeClass.difference(here: c, there: r, in: .regular), label) }
                        }
                    }
                }
            }
        }
        // Both kinds of case occur: the premise is tested, and so is the shortcut's other side.
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(differing, 10)
    }
}
