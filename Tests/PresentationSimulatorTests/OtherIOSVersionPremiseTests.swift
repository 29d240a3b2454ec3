import XCTest
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// `OtherIOSVersion` resolves another version's span only when the style or the transition
/// differs there: the version enters the rules through those alone. These tests hold every rule to
/// that premise, over every requested style, system controller, anchor, preferred transition,
/// size class and context arrangement: where iOS 17 and iOS 26 give the same style and transition,
/// the whole answer must be the same.
final class OtherIOSVersionPremiseTests: XCTestCase {
    private func resolveBoth(style: PresentationStyle, kind: SystemControllerKind?, alertStyle: AlertControllerStyle?, anchor: PopoverAnchorState,
                             zoom: Bool, sizeClass: SizeClass, listDefinesContext: Bool, rootBusy: Bool) throws
        -> (old: PresentResolution<SimController>, new: PresentResolution<SimController>) {
        let sim = Simulation(recorder: Recorder())
        let root = SimController(id: "root", type: "UINavigationController")
        let list = SimController(id: "list", type: "ListViewController")
        list.definesPresentationContext = listDefinesContext
        let presented = SimController(id: "p", type: kind?.rawValue ?? "DetailViewController")
        presented.modalPresentationStyle = style
        presented.systemController = kind
        presented.preferredStyle = alertStyle
        presented.popoverAnchor = anchor
        presented.preferredTransition = zoom ? .zoom : nil
        let busy = SimController(id: "busy", type: "BusyViewController")
        for c in [root, list, presented, busy] { try sim.add(c) }
        try sim.addChild(list, to: root)
        try sim.addWindow(id: "main", root: root, isKey: true)
        if rootBusy { sim.present(busy, from: root, animated: false) }
        let reads = PresentReads(source: list, presented: presented)
        var old = ResolverOptions(), new = ResolverOptions()
        old.sizeClass = sizeClass; new.sizeClass = sizeClass
        old.systemVersion = SystemVersion(major: 17, minor: 4)
        new.systemVersion = SystemVersion(major: 26, minor: 2)
        return (PresentationResolver.resolvePresent(reads, options: old), PresentationResolver.resolvePresent(reads, options: new))
    }

    func testWhereTheStyleAndTransitionAreTheSameTheAnswerIsTheSame() throws {
        let kinds: [(SystemControllerKind?, AlertControllerStyle?)] =
            [(nil, nil), (.alertController, .alert), (.alertController, .actionSheet)]
            + SystemControllerKind.allCases.filter { $0 != .alertController }.map { ($0, nil) }
        var compared = 0, differing = 0, sheets = 0
        for style in PresentationStyle.allCases {
            for (kind, alertStyle) in kinds {
                for anchor in PopoverAnchorState.allCases {
                    for zoom in [false, true] {
                        for sizeClass in SizeClass.allCases {
                            for defines in [false, true] {
                                for busy in [false, true] {
                                    let (o, n) = try resolveBoth(style: style, kind: kind, alertStyle: alertStyle, anchor: anchor, zoom: zoom,
                                                                 sizeClass: sizeClass, listDefinesContext: defines, rootBusy: busy)
                                    let label = "\(style.name) \(kind?.rawValue ?? "plain") \(alertStyle?.rawValue ?? "") anchor \(anchor.rawValue) zoom \(zoom) \(sizeClass) defines \(defines) busy \(busy)"
                                    // The shortcut's own reading of the other side agrees with the full answer.
                                    XCTAssertEqual(OtherIOSVersion.transitionThere(try XCTUnwrap(n.versionInputs), version: SystemVersion(major: 17, minor: 4)!), o.effectiveTransition, label)
                                    XCTAssertEqual(OtherIOSVersion.transitionThere(try XCTUnwrap(o.versionInputs), version: SystemVersion(major: 26, minor: 2)!), n.effectiveTransition, label)
                                    // Two sheets: the same answer but the style (the shortcut resolves no further).
                                    if o.effectiveStyle != n.effectiveStyle, o.effectiveStyle.isSheet, n.effectiveStyle.isSheet {
                                        sheets += 1
                                        XCTAssertTrue(o.presenting === n.presenting, label)
                                        XCTAssertTrue(o.contextProvider === n.contextProvider, label)
                                        XCTAssertEqual(o.rejection, n.rejection, label)
                                        XCTAssertEqual(o.diagnostics, n.diagnostics, label)
                                    }
                                    guard o.effectiveStyle == n.effectiveStyle, o.effectiveTransition == n.effectiveTransition else { differing += 1; continue }
                                    compared += 1
                                    XCTAssertTrue(o.presenting === n.presenting, label)
                                    XCTAssertTrue(o.contextProvider === n.contextProvider, label)
                                    XCTAssertEqual(o.rejection, n.rejection, label)
                                    XCTAssertEqual(o.diagnostics, n.diagnostics, label)
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(differing, 10)
        XCTAssertGreaterThan(sheets, 10)
    }
}
