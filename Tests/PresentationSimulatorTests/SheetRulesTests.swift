import XCTest
import TestSupport
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// Sheets (DESIGN "Sheets"): what a present of a sheet records, what the model reads of it, and
/// the story `already-presenting` tells when the refused present came from a controller the user
/// could reach below an undimmed sheet.
final class SheetRulesTests: XCTestCase {
    /// `home` presents `drawer`, a pageSheet with `drawerKeys`, then `card`; phone, iOS 17.4 unless
    /// `env` says otherwise.
    static func drawerRun(_ drawerKeys: String, env: String = #"{ "idiom": "phone", "iOS": "17.4" }"#, steps: [String] = []) throws -> Run {
        try simulate(scenarioJSON(env: env, controllers: """
        [ { "id": "root", "type": "HomeViewController", "title": "Home" },
          { "id": "drawer", "type": "DrawerViewController", "modalPresentationStyle": "pageSheet"\(drawerKeys.isEmpty ? "" : ", " + drawerKeys) },
          { "id": "card", "type": "CardViewController" } ]
        """, steps: [#"{ "present": "drawer", "from": "root", "animated": false }"#] + steps
            + [#"{ "present": "card", "from": "root", "animated": false }"#]))
    }

    static let undimmedMedium = #""detents": ["medium", "large"], "selectedDetent": "medium", "largestUndimmedDetent": "medium""#

    // MARK: Done when: the undimmed story, and none for a dimmed sheet

    func testARefusedPresentFromBelowAnUndimmedSheetTellsWhyTheUserCouldReachIt() throws {
        let run = try Self.drawerRun(Self.undimmedMedium)
        let sheet = try XCTUnwrap(run.presents.first?.sheet)
        XCTAssertEqual(sheet, SheetState(detents: ["medium", "large"], selectedDetent: "medium", largestUndimmedDetent: "medium",
                                         prefersPageSizing: true, appearance: .sheet, background: .interactive))
        let refused = try XCTUnwrap(run.presents.last)
        XCTAssertEqual(refused.outcome, .rejected)
        let d = try XCTUnwrap(refused.diagnostics.first)
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertTrue(d.message.hasPrefix("Attempt to present <CardViewController: card> on <HomeViewController: root> (from <HomeViewController: root>) which is already presenting <DrawerViewController: drawer>. "), d.message)
        XCTAssertTrue(d.message.contains(#"<DrawerViewController: drawer> above it is a sheet resting at its "medium" detent, at or below its largest undimmed detent "medium""#), d.message)
        let fix = try XCTUnwrap(d.fix)
        for way in ["present from <DrawerViewController: drawer>", "dismiss <DrawerViewController: drawer> first", "largestUndimmedDetentIdentifier below \"medium\""] {
            XCTAssertTrue(fix.contains(way), fix)
        }
        XCTAssertTrue(refused.explanation.contains { $0.contains("no dimming view covers") }, "\(refused.explanation)")
        // UIKit's console line keeps UIKit's words alone.
        XCTAssertEqual(run.simulation.console.last?.text,
                       "[Presentation] Attempt to present <CardViewController: card> on <HomeViewController: root> (from <HomeViewController: root>) which is already presenting <DrawerViewController: drawer>.")
    }

    func testADimmedSheetGetsNoStory() throws {
        let plain = Diagnostic.alreadyPresenting(ControllerRef(id: "card", type: "CardViewController"),
                                                 on: ControllerRef(id: "root", type: "HomeViewController"),
                                                 from: ControllerRef(id: "root", type: "HomeViewController"),
                                                 current: ControllerRef(id: "drawer", type: "DrawerViewController")).message
        let cases = [
            ("dimmed at every detent", #""detents": ["medium", "large"], "selectedDetent": "medium""#, SheetBackground.dimmed),
            ("resting above its largest undimmed detent", #""detents": ["medium", "large"], "selectedDetent": "large", "largestUndimmedDetent": "medium""#, .dimmed),
            ("undimmed but modal", Self.undimmedMedium + #", "isModalInPresentation": true"#, .modal),
            ("UIKit's default sheet", "", .dimmed),
        ]
        for (what, keys, background) in cases {
            let run = try Self.drawerRun(keys)
            XCTAssertEqual(run.presents.first?.sheet?.background, background, what)
            let d = try XCTUnwrap(run.presents.last?.diagnostics.first, what)
            XCTAssertEqual(run.presents.last?.outcome, .rejected, what)
            XCTAssertEqual(d.code, .alreadyPresenting, what)
            XCTAssertEqual(d.message, plain, what)
            XCTAssertFalse(d.fix?.contains("largestUndimmedDetentIdentifier") ?? true, what)
        }
    }

    /// The sheet rests where the user dragged it: undimmed again, the story comes back.
    func testTheStoryFollowsTheDetentTheSheetRestsAt() throws {
        let up = try Self.drawerRun(Self.undimmedMedium, steps: [#"{ "selectDetent": "large", "in": "drawer" }"#])
        XCTAssertFalse(try XCTUnwrap(up.presents.last?.diagnostics.first).message.contains("undimmed"))
        let down = try Self.drawerRun(Self.undimmedMedium, steps: [#"{ "selectDetent": "large", "in": "drawer" }"#,
                                                                   #"{ "selectDetent": "medium", "in": "drawer" }"#])
        XCTAssertTrue(try XCTUnwrap(down.presents.last?.diagnostics.first).message.contains("undimmed"))
    }

    /// A dimmed presentation above the undimmed sheet covers what is below it: no story.
    func testADimmedPresentationAboveTheSheetTakesThePresenterOutOfReach() throws {
        let run = try simulate(scenarioJSON(env: #"{ "idiom": "phone", "iOS": "17.4" }"#, controllers: """
        [ { "id": "root", "type": "HomeViewController" },
          { "id": "drawer", "type": "DrawerViewController", "modalPresentationStyle": "pageSheet", \(Self.undimmedMedium) },
          { "id": "top", "type": "TopViewController", "modalPresentationStyle": "pageSheet" },
          { "id": "card", "type": "CardViewController" } ]
        """, steps: [#"{ "present": "drawer", "from": "root", "animated": false }"#,
                     #"{ "present": "top", "from": "drawer", "animated": false }"#,
                     #"{ "present": "card", "from": "root", "animated": false }"#]))
        let d = try XCTUnwrap(run.presents.last?.diagnostics.first)
        XCTAssertEqual(d.code, .alreadyPresenting)
        XCTAssertFalse(d.message.contains("undimmed"), d.message)
    }

    // MARK: Done when: the appearance in a compact height

    func testInACompactHeightTheSheetIsFullScreenUnlessItPrefersToStayEdgeAttached() throws {
        let landscape = #"{ "idiom": "phone", "verticalSizeClass": "compact", "iOS": "17.4" }"#
        let full = try Self.drawerRun(Self.undimmedMedium, env: landscape)
        XCTAssertEqual(full.presents.first?.sheet?.appearance, .fullScreen)
        XCTAssertEqual(full.presents.first?.sheet?.background, .covered)
        XCTAssertFalse(try XCTUnwrap(full.presents.last?.diagnostics.first).message.contains("undimmed"), "a full-screen sheet covers the map")

        let attached = try Self.drawerRun(Self.undimmedMedium + #", "prefersEdgeAttachedInCompactHeight": true"#, env: landscape)
        XCTAssertEqual(attached.presents.first?.sheet?.appearance, .edgeAttached)
        // The medium detent "is inactive in compact height": where a sheet set to rest there rests is unknown.
        XCTAssertEqual(attached.presents.first?.sheet?.background, .unknown)
        XCTAssertFalse(try XCTUnwrap(attached.presents.last?.diagnostics.first).message.contains("undimmed"), "unknown: no story")

        let large = try Self.drawerRun(#""detents": ["medium", "large"], "selectedDetent": "large", "largestUndimmedDetent": "large", "prefersEdgeAttachedInCompactHeight": true"#, env: landscape)
        XCTAssertEqual(large.presents.first?.sheet?.background, .interactive, "edge-attached at large, undimmed up to large")
        XCTAssertTrue(try XCTUnwrap(large.presents.last?.diagnostics.first).message.contains("undimmed"))

        let portrait = try Self.drawerRun(Self.undimmedMedium + #", "prefersEdgeAttachedInCompactHeight": true"#)
        XCTAssertEqual(portrait.presents.first?.sheet?.appearance, .sheet)
    }

    /// In regular width and height Apple does not say whether detents apply: unknown, no story.
    func testOnAnIPadTheBackgroundIsUnknown() throws {
        let run = try Self.drawerRun(Self.undimmedMedium, env: #"{ "idiom": "pad", "iOS": "17.4" }"#)
        XCTAssertEqual(run.presents.first?.sheet?.background, .unknown)
        XCTAssertEqual(run.presents.first?.sheet?.appearance, .sheet)
        XCTAssertFalse(try XCTUnwrap(run.presents.last?.diagnostics.first).message.contains("undimmed"))
    }

    // MARK: What the sheet records

    func testOnlySheetsRecordASheetAndAPopoverAdaptedToOneDoes() throws {
        let run = try simulate(scenarioJSON(env: #"{ "idiom": "phone", "iOS": "18.0" }"#, controllers: """
        [ { "id": "root", "type": "HomeViewController" },
          { "id": "full", "type": "FullViewController", "modalPresentationStyle": "fullScreen" },
          { "id": "pop", "type": "PopViewController", "modalPresentationStyle": "popover", "detents": ["medium"] },
          { "id": "auto", "type": "AutoViewController" } ]
        """, steps: [#"{ "present": "full", "from": "root", "animated": false }"#, #"{ "dismiss": "full", "animated": false }"#,
                     #"{ "present": "pop", "from": "root", "animated": false }"#, #"{ "dismiss": "pop", "animated": false }"#,
                     #"{ "present": "auto", "from": "root", "animated": false }"#]))
        XCTAssertNil(try run.presents.element(0).sheet, "a full-screen presentation has no sheet")
        XCTAssertEqual(try run.presents.element(1).sheet?.detents, ["medium"], "a popover adapted to a sheet in compact width")
        XCTAssertEqual(try run.presents.element(2).sheet, SheetState(prefersPageSizing: false, appearance: .sheet, background: .dimmed),
                       "UIKit's defaults: [large], nothing undimmed; prefersPageSizing false from iOS 18")
    }

    func testPrefersPageSizingFollowsTheVersionTableAndIsAbsentBeforeIOS17() throws {
        for (version, expected) in [("15.0", nil), ("16.4", nil), ("17.4", true), ("18.0", false), ("26.2", false)] as [(String, Bool?)] {
            let run = try Self.drawerRun("", env: #"{ "idiom": "phone", "iOS": "\#(version)" }"#)
            XCTAssertEqual(run.presents.first?.sheet?.prefersPageSizing, expected, version)
        }
        let set = try Self.drawerRun(#""prefersPageSizing": false"#)
        XCTAssertEqual(set.presents.first?.sheet?.prefersPageSizing, false)
    }

    // MARK: Done when: selectDetent makes events

    func testSelectDetentRecordsTheChangeAndNothingWhenNothingChanged() throws {
        let run = try Self.drawerRun(Self.undimmedMedium, steps: [
            #"{ "selectDetent": "large", "in": "drawer" }"#,
            #"{ "selectDetent": "large", "in": "drawer" }"#,
            #"{ "selectDetent": null, "in": "drawer" }"#,
        ])
        let changes = run.events.filter { $0.kind == .sheetDetentChanged }
        XCTAssertEqual(changes.count, 2, "the same detent again changes nothing")
        XCTAssertEqual(changes.map { $0.sheet?.selectedDetent }, ["large", nil])
        XCTAssertEqual(changes.map { $0.sheet?.restingDetent }, ["large", "medium"], "nil rests at the smallest")
        XCTAssertEqual(changes.map { $0.sheet?.background }, [.dimmed, .interactive])
        let first = try changes.element(0)
        XCTAssertEqual(first.presented?.id, "drawer")
        XCTAssertEqual(first.presenting?.id, "root")
        XCTAssertEqual(first.outcome, .completed)
        XCTAssertEqual(first.chain.map(\.id), ["root", "drawer"])
        XCTAssertEqual(first.rulesVersion, SystemVersion(parsing: "17.4"))
        XCTAssertTrue(first.summary.hasSuffix("sheet-detent-changed DrawerViewController (drawer) to large → completed"), first.summary)
    }

    /// A controller not presented as a sheet has no sheet on screen: the step records nothing and
    /// the console says so (a replay that met another state carries on).
    func testSelectDetentOnNoSheetOnScreenRecordsNothing() throws {
        let notPresented = try simulate(scenarioJSON(controllers: """
        [ { "id": "root", "type": "HomeViewController" }, { "id": "drawer", "type": "DrawerViewController", "detents": ["medium", "large"] } ]
        """, steps: [#"{ "selectDetent": "large", "in": "drawer" }"#]))
        XCTAssertFalse(notPresented.events.contains { $0.kind == .sheetDetentChanged })
        XCTAssertEqual(notPresented.c("drawer").selectedDetent, "large", "the property changes, as an app's setter would")
        XCTAssertEqual(notPresented.simulation.console.last?.text,
                       "selectDetent on <DrawerViewController: drawer> ignored: it is not presented, so no sheet rests at a detent.")
        let fullScreen = try simulate(scenarioJSON(controllers: """
        [ { "id": "root", "type": "HomeViewController" }, { "id": "drawer", "type": "DrawerViewController", "modalPresentationStyle": "fullScreen" } ]
        """, steps: [#"{ "present": "drawer", "from": "root", "animated": false }"#, #"{ "selectDetent": "large", "in": "drawer" }"#]))
        XCTAssertFalse(fullScreen.events.contains { $0.kind == .sheetDetentChanged })
        XCTAssertTrue(fullScreen.simulation.console.last?.text.contains("is presented as fullScreen, not as a sheet") == true)
    }
}
