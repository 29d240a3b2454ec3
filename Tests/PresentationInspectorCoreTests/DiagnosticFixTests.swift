@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// Every diagnostic carries a remedy built from its event's own controllers (issue 12, item 5).
final class DiagnosticFixTests: XCTestCase {
    func testEveryDiagnosticOfEveryKnownCodeHasAFixNamingTheEventsControllers() throws {
        // The demo runs on a phone and follows the model, so it shows neither a popover refused
        // for want of an anchor (regular width only) nor model drift (an observed override):
        // a small scenario adds one of each.
        let extra = try Scenario.parse("""
        { "environment": { "idiom": "pad" },
          "controllers": [ { "id": "root", "type": "RootViewController" }, { "id": "nav", "type": "UINavigationController", "children": ["list"] },
                           { "id": "list", "type": "ListViewController" },
                           { "id": "menu", "type": "MenuViewController", "modalPresentationStyle": "popover" },
                           { "id": "sheet", "type": "SheetViewController" } ],
          "windows": [ { "id": "main", "root": "root" } ],
          "steps": [ { "present": "menu", "from": "root" },
                     { "present": "nav", "from": "root", "animated": false },
                     { "present": "sheet", "from": "list", "animated": false, "observed": { "presenting": "list" } } ] }
        """, file: "extra.json")
        let simulation = Simulation()
        try simulation.run(extra)
        let events = try ExportFixtures.demoEvents() + simulation.recorder.events
        var seen = Set<DiagnosticCode>()
        for e in events {
            for d in e.diagnostics {
                seen.insert(d.code)
                let fix = try XCTUnwrap(d.fix, "#\(e.seq) \(d.code) has no fix")
                // Concrete: it names one of the event's controllers, or the thread it ran on.
                let names = e.controllers.map(\.consoleDescription) + e.chain.map(\.consoleDescription) + [e.thread]
                XCTAssertTrue(names.contains { fix.contains($0) }, "#\(e.seq) \(d.code): \(fix)")
            }
        }
        XCTAssertEqual(seen, Set(DiagnosticCode.known), "the demo and the extra scenario no longer show every code")
    }

    func testAlreadyPresentingPointsAtTheTopOfTheChain() throws {
        let e = try XCTUnwrap(try ExportFixtures.events(BuiltInScenarios.camera).first { $0.diagnostics.first?.code == .alreadyPresenting })
        XCTAssertEqual(e.diagnostics.first?.fix,
                       "present from <ABPeoplePickerNavigationController: peoplePicker> (the top of the chain), or dismiss it first")
    }

    func testNotInWindowHierarchyAndDetachedPresenterName() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.diagnostics)
        let hidden = try XCTUnwrap(events.first { $0.diagnostics.first?.code == .notInWindowHierarchy })
        XCTAssertEqual(try hidden.diagnostics.element(0).fix,
                       "present once <SettingsViewController: settings> is in a window (viewDidAppear), or from <UITabBarController: labTabs>")
        let detached = try XCTUnwrap(events.lazy.flatMap(\.diagnostics).first { $0.code == .detachedPresenter })
        XCTAssertTrue(detached.fix?.hasPrefix("add <OrphanViewController: orphan> to a window's hierarchy") == true, detached.fix ?? "nil")
    }

    func testFixRoundTripsThroughTheLogAndOldLogsStillRead() throws {
        let e = try XCTUnwrap(try ExportFixtures.events(BuiltInScenarios.diagnostics).first { !$0.diagnostics.isEmpty })
        let line = EventCoding.encode(e)
        XCTAssertTrue(line.contains("\"fix\":"), line)
        let decoded = try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(line).objectValue))
        XCTAssertEqual(decoded.diagnostics, e.diagnostics)
        // A version-1 line without `fix`: reads, fix nil, and computed on demand.
        var old = e
        for i in old.diagnostics.indices { old.diagnostics[i].fix = nil }
        let oldLine = EventCoding.encode(old)
        XCTAssertFalse(oldLine.contains("\"fix\""))
        let read = try EventCoding.decodeEvent(try XCTUnwrap(JSONParser.parse(oldLine).objectValue))
        XCTAssertNil(try read.diagnostics.element(0).fix)
        XCTAssertEqual(read.withFixes().diagnostics, e.diagnostics)
    }

    func testTextExportShowsTheFixUnderItsDiagnostic() throws {
        let events = try ExportFixtures.events(BuiltInScenarios.camera)
        let text = TextExporter.timeline(events: events)
        XCTAssertTrue(text.contains("        fix: present from <ABPeoplePickerNavigationController: peoplePicker>"), text)
    }

    func testUnknownCodesHaveNoFixButModelDriftHasOne() {
        let e = Event(seq: 4, time: 0, kind: .present, outcome: .presented, source: ControllerRef(id: "list", type: "ListVC"),
                      diagnostics: [Diagnostic(code: DiagnosticCode(rawValue: "from-the-future"), severity: .info, message: "?"),
                                    Diagnostic(code: DiagnosticCode(rawValue: "model-drift"), severity: .warning, message: "?")])
        let fixed = e.withFixes()
        XCTAssertNil(try fixed.diagnostics.element(0).fix)
        XCTAssertEqual(try fixed.diagnostics.element(1).fix?.hasPrefix("check what changes the presentation from <ListVC: list>"), true)
    }
}
