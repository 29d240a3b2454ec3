import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// Each field the scenario writer writes (`Scenario.jsonText`) and each fact the replay carries
/// from a log into a scenario (`pinspect scenario`), on its own: a field dropped or mixed up fails
/// the case that names it, not only a random round trip somewhere among a thousand.
final class ScenarioFieldTests: XCTestCase {
    /// A root (a plain container holding `child`), a presentable leaf, a window.
    private func base() -> Scenario {
        var s = Scenario(name: "fields")
        var root = Scenario.Controller(id: "root", type: "RootViewController")
        root.container = .plain
        root.children = ["child"]
        s.controllers = [root, Scenario.Controller(id: "child", type: "ChildViewController"), Scenario.Controller(id: "sheet", type: "SheetViewController")]
        var w = Scenario.Window(id: "main", root: "root")
        w.key = true
        s.windows = [w]
        return s
    }

    private func written(_ s: Scenario, _ field: String, file: StaticString = #filePath, line: UInt = #line) throws -> Scenario {
        do { return try Scenario.parse(s.jsonText, file: "written.json") } catch {
            XCTFail("\(field): the written scenario does not read back: \(error)\n\(s.jsonText)", file: file, line: line)
            throw error
        }
    }

    // MARK: The writer

    func testTheWriterKeepsEachControllerField() throws {
        typealias Case = (field: String, set: (inout Scenario.Controller) -> Void, holds: (Scenario.Controller) -> Bool)
        let cases: [Case] = [
            ("title", { $0.title = "Sheet \"1\"" }, { $0.title == "Sheet \"1\"" }),
            ("container", { $0.container = .navigation; $0.type = "Box" }, { $0.container == .navigation }),
            ("modalPresentationStyle", { $0.modalPresentationStyle = .overCurrentContext }, { $0.modalPresentationStyle == .overCurrentContext }),
            ("modalTransitionStyle", { $0.modalTransitionStyle = .partialCurl }, { $0.modalTransitionStyle == .partialCurl }),
            ("definesPresentationContext", { $0.definesPresentationContext = true }, { $0.definesPresentationContext == true }),
            ("providesPresentationContextTransitionStyle", { $0.providesPresentationContextTransitionStyle = true },
             { $0.providesPresentationContextTransitionStyle == true }),
            ("isModalInPresentation", { $0.isModalInPresentation = true }, { $0.isModalInPresentation == true }),
            ("hasPopoverAnchor", { $0.popoverAnchor = .missing }, { $0.popoverAnchor == .missing }),
            ("popoverAnchor", { $0.popoverAnchor = .unknown }, { $0.popoverAnchor == .unknown }),
            ("systemController", { $0.type = "MyAlertController"; $0.systemController = .alertController; $0.preferredStyle = .alert },
             { $0.systemController == .alertController }),
            ("preferredStyle", { $0.type = "UIAlertController"; $0.preferredStyle = .actionSheet }, { $0.preferredStyle == .actionSheet }),
            ("leaks", { $0.leaks = true }, { $0.leaks }),
            ("comment", { $0.comment = "why" }, { $0.comment == "why" }),
        ]
        for c in cases {
            var s = base()
            try s.controllers.change(2) { c.set(&$0) }
            let back = try written(s, c.field)
            XCTAssertTrue(back.controllers.first { $0.id == "sheet" }.map(c.holds) == true, "\(c.field):\n\(s.jsonText)")
        }
        // Containment: children and a tab bar's selection.
        var s = base()
        var tabs = Scenario.Controller(id: "tabs", type: "UITabBarController")
        tabs.children = ["a", "b"]
        tabs.selected = 1
        s.controllers += [tabs, Scenario.Controller(id: "a", type: "A"), Scenario.Controller(id: "b", type: "B")]
        let back = try written(s, "children")
        XCTAssertEqual(back.controllers.first { $0.id == "tabs" }?.children, ["a", "b"], "children")
        XCTAssertEqual(back.controllers.first { $0.id == "tabs" }?.selected, 1, "selected")
    }

    func testTheWriterKeepsTheEnvironmentOptionsWindowsAndComment() throws {
        var s = base()
        s.environment = Scenario.Environment(idiom: .pad, horizontalSizeClass: .compact, verticalSizeClass: .compact,
                                             systemVersion: SystemVersion(major: 15))
        s.checksOtherSizeClass = false
        s.comment = "a note"
        var second = Scenario.Window(id: "alerts", root: "sheet")
        second.level = 2000
        s.windows.append(second)
        let back = try written(s, "environment")
        XCTAssertEqual(back.environment.idiom, .pad, "idiom")
        XCTAssertEqual(back.environment.horizontalSizeClass, .compact, "horizontalSizeClass")
        XCTAssertEqual(back.environment.verticalSizeClass, .compact, "verticalSizeClass")
        XCTAssertEqual(back.environment.systemVersion, SystemVersion(major: 15), "iOS")
        XCTAssertEqual(back.checksOtherSizeClass, false, "options.checksOtherSizeClass")
        XCTAssertEqual(back.comment, "a note", "comment")
        XCTAssertEqual(back.windows.map(\.id), ["main", "alerts"], "windows' id")
        XCTAssertEqual(back.windows.map(\.root), ["root", "sheet"], "windows' root")
        XCTAssertEqual(back.windows.map(\.level), [0, 2000], "windows' level")
        XCTAssertEqual(back.windows.map(\.key), [true, false], "windows' key")
    }

    func testTheWriterKeepsEachStep() throws {
        var observed = Scenario.Observed()
        observed.presenting = "root"
        observed.contextProvider = "child"
        observed.effectiveStyle = .formSheet
        observed.effectiveTransition = .crossDissolve
        observed.presentationControllerClass = "UISheetPresentationController"
        var dismissal = Scenario.Observed()
        dismissal.dismissed = ["sheet"]
        dismissal.handledBy = "root"
        var present = Scenario.Step(.present("sheet", from: "child", animated: false), thread: "worker", observed: observed)
        var atEnd = observed
        atEnd.presenting = nil  // the presenting controller is answered at the call only
        present.observedAtEnd = atEnd
        present.comment = "why"
        let steps: [Scenario.Step] = [
            present, Scenario.Step(.dismiss("root", animated: false), observed: dismissal),
            Scenario.Step(.push("sheet", onto: "root", animated: false)), Scenario.Step(.pop("root", animated: false)),
            Scenario.Step(.select(1, in: "root")), Scenario.Step(.addChild("sheet", to: "root")), Scenario.Step(.removeFromParent("sheet")),
            Scenario.Step(.set("sheet", [.title(nil)])), Scenario.Step(.set("sheet", [.title("T"), .modalPresentationStyle(.popover),
                                                                                        .modalTransitionStyle(.flipHorizontal), .definesPresentationContext(true),
                                                                                        .providesPresentationContextTransitionStyle(true),
                                                                                        .isModalInPresentation(true), .popoverAnchor(.anchored)])),
            Scenario.Step(.set("sheet", [.popoverAnchor(.unknown)])),
            Scenario.Step(.advance(0.25)), Scenario.Step(.swipeDown("sheet", complete: false)), Scenario.Step(.release("sheet")),
            Scenario.Step(.startRecording(7)),
        ]
        var s = base()
        s.steps = steps
        let back = try written(s, "steps")
        XCTAssertEqual(back.steps.count, steps.count)
        for (i, step) in steps.enumerated() {
            let read = try back.steps.element(i)
            let kind = step.action.kindName
            // `pop` and `push` keep no animation in the model: the writer writes what it has.
            XCTAssertEqual(read.action, step.action, kind)
            XCTAssertEqual(read.thread, step.thread, "\(kind): thread")
            XCTAssertEqual(read.observed, step.observed, "\(kind): observed")
            XCTAssertEqual(read.observedAtEnd, step.observedAtEnd, "\(kind): observedAtEnd")
            XCTAssertEqual(read.comment, step.comment, "\(kind): comment")
        }
    }

    // MARK: The replay

    /// `scenario` simulated, its log written and read, and replayed: the replay's scenario.
    private func replay(_ scenario: Scenario, header: LogHeader = LogHeader(app: ["mode": "simulation"])) throws -> Scenario {
        let run = Simulation(recorder: Recorder(capacity: 256))
        try run.run(scenario)
        let text = try ScenarioReplay.scenarioText(fromLog: LogWriter.text(header: header, events: run.recorder.events), logName: "fields.jsonl")
        return try Scenario.parse(text, file: "replay.json")
    }

    private func presenting(_ set: (inout Scenario) throws -> Void) rethrows -> Scenario {
        var s = base()
        s.steps = [Scenario.Step(.present("sheet", from: "child", animated: true)), Scenario.Step(.advance(1))]
        try set(&s)
        return s
    }

    func testTheReplayCarriesEachControllerFact() throws {
        typealias Case = (field: String, set: (inout Scenario.Controller) -> Void, holds: (Scenario.Controller) -> Bool)
        let cases: [Case] = [
            ("title", { $0.title = "Sheet" }, { $0.title == "Sheet" }),
            ("modalPresentationStyle", { $0.modalPresentationStyle = .overFullScreen }, { $0.modalPresentationStyle == .overFullScreen }),
            ("modalTransitionStyle", { $0.modalTransitionStyle = .crossDissolve }, { $0.modalTransitionStyle == .crossDissolve }),
            ("definesPresentationContext", { $0.definesPresentationContext = true }, { $0.definesPresentationContext == true }),
            ("providesPresentationContextTransitionStyle", { $0.providesPresentationContextTransitionStyle = true },
             { $0.providesPresentationContextTransitionStyle == true }),
            ("isModalInPresentation", { $0.isModalInPresentation = true }, { $0.isModalInPresentation == true }),
            ("hasPopoverAnchor", { $0.popoverAnchor = .anchored }, { $0.popoverAnchor == .anchored }),
            ("popoverAnchor", { $0.popoverAnchor = .unknown }, { $0.popoverAnchor == .unknown }),
            ("systemController", { $0.type = "MyShareController"; $0.systemController = .activityViewController },
             { $0.systemController == .activityViewController }),
            ("preferredStyle", { $0.type = "UIAlertController"; $0.preferredStyle = .actionSheet; $0.popoverAnchor = .anchored },
             { $0.preferredStyle == .actionSheet }),
            ("container", { $0.type = "Box"; $0.container = .split; $0.children = ["inner"] }, { $0.container == .split && $0.children == ["inner"] }),
        ]
        for c in cases {
            let s = try presenting { s in
                if c.field == "container" { s.controllers.append(Scenario.Controller(id: "inner", type: "Inner")) }
                try s.controllers.change(2) { c.set(&$0) }
            }
            let r = try replay(s)
            XCTAssertTrue(r.controllers.first { $0.id == "sheet" }.map(c.holds) == true, "\(c.field):\n\(r.jsonText)")
        }
        // The root's container, its children, a tab bar's selection, the window.
        var s = presenting { _ in }
        try s.controllers.change(0) { root in
            root.type = "UITabBarController"
            root.container = nil
            root.children = ["child", "other"]
            root.selected = 0
        }
        s.controllers.append(Scenario.Controller(id: "other", type: "Other"))
        s.steps.insert(Scenario.Step(.select(1, in: "root")), at: 0)
        s.steps.insert(Scenario.Step(.select(0, in: "root")), at: 1)
        let r = try replay(s)
        let root = try XCTUnwrap(r.controllers.first { $0.id == "root" })
        XCTAssertEqual(root.children, ["child", "other"], "children")
        XCTAssertEqual(r.windows.map(\.root), ["root"], "window root")
        XCTAssertEqual(r.windows.map(\.key), [true], "key window")
        XCTAssertEqual(r.windows.map(\.id), ["main"], "window id")
    }

    func testTheReplayCarriesTheEnvironment() throws {
        var s = presenting { _ in }
        s.environment = Scenario.Environment(idiom: .phone, horizontalSizeClass: .regular, verticalSizeClass: .compact)
        let header = LogHeader(app: ["mode": "simulation"], device: ["idiom": "phone", "system": "iOS 16.4"])
        let r = try replay(s, header: header)
        XCTAssertEqual(r.environment.idiom, .phone, "idiom (the header's)")
        XCTAssertEqual(r.environment.horizontalSizeClass, .regular, "horizontalSizeClass (the facts')")
        XCTAssertEqual(r.environment.verticalSizeClass, .compact, "verticalSizeClass (the facts')")
        XCTAssertEqual(r.environment.systemVersion, SystemVersion(major: 16, minor: 4), "iOS (the header's system)")
    }

    func testTheReplayCarriesEachCall() throws {
        var observed = Scenario.Observed()
        observed.presenting = "root"
        observed.effectiveStyle = .fullScreen
        observed.effectiveTransition = .crossDissolve
        observed.presentationControllerClass = "UIFullscreenPresentationController"
        var s = base()
        try s.controllers.change(2) { $0.leaks = true; $0.modalPresentationStyle = .pageSheet }
        s.controllers.append(Scenario.Controller(id: "extra", type: "Extra"))
        s.steps = [
            Scenario.Step(.present("sheet", from: "child", animated: false), thread: "worker", observed: observed),
            Scenario.Step(.advance(0.5)),
            Scenario.Step(.dismiss("sheet", animated: true)),
            Scenario.Step(.advance(1)), Scenario.Step(.release("sheet")), Scenario.Step(.advance(3)),
            Scenario.Step(.set("child", [.definesPresentationContext(true)])), Scenario.Step(.addChild("extra", to: "root")),
            Scenario.Step(.present("sheet", from: "extra", animated: true)), Scenario.Step(.advance(1)),
            Scenario.Step(.swipeDown("sheet", complete: false)), Scenario.Step(.removeFromParent("extra")),
            // A change is in the log once a call reads it: a dismissal sent to the container's child.
            Scenario.Step(.dismiss("child", animated: false)),
        ]
        let r = try replay(s)
        let actions = r.steps.map(\.action)
        let present = try XCTUnwrap(r.steps.first { $0.action == .present("sheet", from: "child", animated: false) }, "present and animated")
        XCTAssertEqual(present.thread, "worker", "thread")
        XCTAssertEqual(present.observed, observed, "observed")
        XCTAssertTrue(actions.contains(.dismiss("sheet", animated: true)), "dismiss")
        XCTAssertTrue(actions.contains(.release("sheet")), "release after a leak check: \(actions)")
        XCTAssertTrue(actions.contains(.set("child", [.definesPresentationContext(true)])), "set: \(actions)")
        XCTAssertTrue(actions.contains(.addChild("extra", to: "root")), "addChild: \(actions)")
        XCTAssertTrue(actions.contains(.removeFromParent("extra")), "removeFromParent: \(actions)")
        XCTAssertTrue(actions.contains(.swipeDown("sheet", complete: false)), "swipeDown: \(actions)")
        XCTAssertEqual(actions.first, .present("sheet", from: "child", animated: false), "no advance before the first call at 0")
        XCTAssertTrue(actions.contains(.advance(0.5)), "advance: \(actions)")
        XCTAssertEqual(r.controllers.first { $0.id == "sheet" }?.leaks, true, "leaks")
    }
}
