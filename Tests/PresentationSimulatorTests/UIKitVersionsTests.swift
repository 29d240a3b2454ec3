import Foundation
import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator
import TestSupport

/// The rules that changed between iOS versions (`UIKitVersions`, DESIGN "UIKit by iOS version"):
/// the model follows the version the app runs on, and says what the app's other versions do.
final class UIKitVersionsTests: XCTestCase {
    private let controllers = """
    [ { "id": "root", "type": "RootViewController" },
      { "id": "sheet", "type": "SheetViewController" },
      { "id": "page", "type": "PageViewController", "modalPresentationStyle": "pageSheet" } ]
    """
    private let zoomControllers = """
    [ { "id": "root", "type": "RootViewController" },
      { "id": "zoomed", "type": "PhotoViewController", "preferredTransition": "zoom" } ]
    """
    private func pad(_ version: String?) -> String {
        version.map { #"{ "idiom": "pad", "iOS": "\#($0)" }"# } ?? #"{ "idiom": "pad" }"#
    }
    private func phone(_ version: String?) -> String {
        version.map { #"{ "idiom": "phone", "iOS": "\#($0)" }"# } ?? #"{ "idiom": "phone" }"#
    }
    private let iOS17 = SystemVersion(major: 17, minor: 4)!

    // MARK: the automatic style

    func testAutomaticIsAFormSheetFromIOS18AndAPageSheetBefore() throws {
        func style(_ env: String, _ id: String = "sheet") throws -> PresentationStyle? {
            let json = scenarioJSON(env: env, controllers: controllers, steps: [#"{ "present": "\#(id)", "from": "root" }"#])
            return try simulate(json).presents.first?.effectiveStyle
        }
        XCTAssertEqual(try style(pad(nil)), .formSheet, "no version: the newest modelled")
        XCTAssertEqual(try style(pad("17.4")), .pageSheet)
        XCTAssertEqual(try style(pad("18.0")), .formSheet)
        XCTAssertEqual(try style(pad("15.0")), .pageSheet)
        XCTAssertEqual(try style(pad("27.1")), .formSheet, "newer than modelled: the newest rules")
        XCTAssertEqual(try style(pad("18.0"), "page"), .pageSheet, "an explicit pageSheet stays one")
    }

    /// iPad, iOS 18: a default present UIKit shows as a formSheet is no drift; on iOS 17 it is.
    func testAFormSheetObservedOnIOS18IsNoDriftAndOnIOS17Is() throws {
        func drift(_ env: String) throws -> [Diagnostic] {
            let json = scenarioJSON(env: env, controllers: controllers, steps: [
                #"{ "present": "sheet", "from": "root", "observed": { "effectiveStyle": "formSheet" } }"#,
            ])
            return try simulate(json).presents.first?.diagnostics.filter { $0.code == .modelDrift } ?? []
        }
        XCTAssertEqual(try drift(pad("18.0")), [])
        XCTAssertEqual(try drift(pad(nil)), [])
        XCTAssertEqual(try drift(pad("17.4")).map(\.message), ["model predicted effectiveStyle pageSheet, UIKit chose formSheet"])
    }

    // MARK: other-ios-version

    func testAnIPadDefaultSheetOnIOS17NamesIOS18AndTheFormSheet() throws {
        let run = try simulate(scenarioJSON(env: pad("17.4"), controllers: controllers, steps: [#"{ "present": "sheet", "from": "root" }"#]))
        let notes = try XCTUnwrap(run.presents.first).diagnostics.filter { $0.code == .otherIOSVersion }
        XCTAssertEqual(notes.count, 1)
        let note = try XCTUnwrap(notes.first)
        XCTAssertEqual(note.severity, .info)
        XCTAssertEqual(note.message, "On other iOS versions this app supports (15.0 to 26.2): <SheetViewController: sheet> is a pageSheet (page-sized) "
                       + "on iOS 15–17, a formSheet (smaller; sized by preferredContentSize) on iOS 18 and later (left at .automatic, which UIKit "
                       + "maps to pageSheet from iOS 13 and to formSheet from iOS 18); this run follows iOS 17.4.")
        XCTAssertTrue(note.fix?.contains(".pageSheet keeps the page-sized sheet") == true, note.fix ?? "nil")
        // The same from the newest side.
        let newest = try simulate(scenarioJSON(env: pad(nil), controllers: controllers, steps: [#"{ "present": "sheet", "from": "root" }"#]))
        XCTAssertEqual(newest.presents.first?.diagnostics.map(\.code), [.otherIOSVersion])
    }

    func testNothingWhereTheVersionsLookAlike() throws {
        // An iPhone in compact width: a pageSheet and a formSheet look alike.
        let iphone = try simulate(scenarioJSON(env: phone("17.4"), controllers: controllers, steps: [#"{ "present": "sheet", "from": "root" }"#]))
        XCTAssertEqual(iphone.presents.first?.diagnostics, [])
        // An explicit style is the same on every version.
        let page = try simulate(scenarioJSON(env: pad("17.4"), controllers: controllers, steps: [#"{ "present": "page", "from": "root" }"#]))
        XCTAssertEqual(page.presents.first?.diagnostics, [])
    }

    func testTheOptionsChooseTheVersionsCompared() throws {
        func notes(_ options: String) throws -> [DiagnosticCode] {
            let json = #"{ "environment": \#(pad("18.0")), "options": \#(options), "controllers": \#(controllers),"#
                + #" "windows": [ { "id": "main", "root": "root", "key": true } ], "steps": [ { "present": "sheet", "from": "root" } ] }"#
            return try simulate(json).presents.first?.diagnostics.map(\.code) ?? []
        }
        XCTAssertEqual(try notes(#"{ "checksOtherIOSVersions": false }"#), [])
        XCTAssertEqual(try notes(#"{ "minimumIOS": "18.0" }"#), [], "an app that needs iOS 18 never shows the pageSheet")
        XCTAssertEqual(try notes(#"{ "minimumIOS": "16.0" }"#), [.otherIOSVersion])
        XCTAssertEqual(try notes(#"{ "checksOtherIOSVersions": true }"#), [.otherIOSVersion])
        // The configuration's choice, when the scenario makes none.
        let json = scenarioJSON(env: pad("18.0"), controllers: controllers, steps: [#"{ "present": "sheet", "from": "root" }"#])
        XCTAssertEqual(try simulate(json, configuration: HandlerConfiguration(checksOtherIOSVersions: false)).presents.first?.diagnostics, [])
        XCTAssertEqual(try simulate(json, configuration: HandlerConfiguration(minimumIOS: SystemVersion(major: 18))).presents.first?.diagnostics, [])
    }

    func testTheOptionsAreCheckedAndWrittenBack() throws {
        func parse(_ env: String, _ options: String) throws -> Scenario {
            try Scenario.parse(#"{ "environment": \#(env), "options": \#(options), "controllers": [ { "id": "root", "type": "Root" } ], "windows": [], "steps": [] }"#,
                               file: "opts.json")
        }
        XCTAssertThrowsError(try parse(pad("17.4"), #"{ "minimumIOS": "18.0" }"#)) { e in
            XCTAssertTrue("\(e)".hasSuffix(#"options key "minimumIOS": is iOS 18.0, newer than the environment's iOS 17.4: an app does not run below its minimum"#), "\(e)")
        }
        XCTAssertThrowsError(try parse(pad(nil), #"{ "minimumIOS": "12.0" }"#)) { e in
            XCTAssertTrue("\(e)".contains(#"options key "minimumIOS": iOS 12.0 is older than the package supports"#), "\(e)")
        }
        let s = try parse(pad("18.0"), #"{ "minimumIOS": "16.4", "checksOtherIOSVersions": true }"#)
        XCTAssertEqual(s.minimumIOS, SystemVersion(major: 16, minor: 4))
        XCTAssertEqual(s.checksOtherIOSVersions, true)
        let again = try Scenario.parse(s.jsonText, file: "again.json")
        XCTAssertEqual(again.minimumIOS, s.minimumIOS)
        XCTAssertEqual(again.checksOtherIOSVersions, true)
    }

    // MARK: preferredTransition

    func testAPreferredZoomReplacesTheTransitionFromIOS18() throws {
        let run = try simulate(scenarioJSON(env: phone("18.2"), controllers: zoomControllers, steps: [#"{ "present": "zoomed", "from": "root" }"#]))
        let e = try XCTUnwrap(run.presents.first)
        XCTAssertEqual(e.requestedTransition, .coverVertical)
        XCTAssertEqual(e.effectiveTransition, .zoom)
        XCTAssertTrue(e.explanation.contains { $0.hasPrefix("Its preferredTransition zoom (iOS 18 and later) replaces coverVertical") }, e.explanation.joined(separator: "\n"))
        // The app's iOS 15–17 users see the transition style instead.
        let note = try XCTUnwrap(e.diagnostics.first { $0.code == .otherIOSVersion })
        XCTAssertTrue(note.message.contains("Its transition is coverVertical on iOS 15–17, zoom on iOS 18 and later"), note.message)
        XCTAssertEqual(e.rulesVersion, SystemVersion(major: 18, minor: 2))
    }

    func testPreferredTransitionIsCheckedAgainstTheVersion() {
        func error(_ env: String, _ controller: String) -> String {
            do {
                _ = try Scenario.parse(scenarioJSON(env: env, controllers: "[ \(controller) ]", steps: []), file: "t.json")
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertTrue(error(phone("17.4"), #"{ "id": "root", "type": "R", "preferredTransition": "zoom" }"#)
            .hasSuffix(#"key "preferredTransition": preferredTransition exists from iOS 18; the environment names iOS 17.4: use modalTransitionStyle"#))
        XCTAssertTrue(error(phone(nil), #"{ "id": "root", "type": "R", "modalTransitionStyle": "zoom" }"#)
            .hasSuffix(#"key "modalTransitionStyle": zoom is no modalTransitionStyle: it is a preferredTransition (iOS 18 and later): use "preferredTransition": "zoom""#))
        XCTAssertEqual(error(phone("18.0"), #"{ "id": "root", "type": "R", "preferredTransition": "zoom" }"#), "no error")
    }

    // MARK: the same presenter on every version

    /// The presenting controller and context provider do not depend on the version: only the
    /// style and the transition do, and no version row changes a context style into another.
    func testEveryBuiltInScenarioHasTheSamePresentersUnderIOS17AndIOS26() throws {
        for builtIn in BuiltInScenarios.all {
            var runs: [[String]] = []
            for version in ["17.4", "26.2"] {
                var scenario = try builtIn.scenario()
                scenario.environment.systemVersion = SystemVersion(parsing: version)
                let sim = Simulation()
                try sim.run(scenario)
                let presents = sim.recorder.events.filter { $0.kind == .present }
                XCTAssertTrue(presents.allSatisfy { $0.rulesVersion == SystemVersion(parsing: version) }, builtIn.key)
                runs.append(presents.map { "\($0.seq) \($0.outcome) \($0.presenting?.id ?? "-") \($0.contextProvider?.id ?? "-")" })
            }
            XCTAssertFalse(try runs.element(0).isEmpty, builtIn.key)
            XCTAssertEqual(try runs.element(0), try runs.element(1), builtIn.key)
        }
    }

    // MARK: the table

    /// The oldest version modelled is the package's deployment target.
    func testTheOldestSupportedVersionIsTheDeploymentTarget() throws {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertTrue(text.contains("platforms: [.iOS(.v\(UIKitVersions.oldestSupported.major)),"), "Package.swift's iOS platform and UIKitVersions.oldestSupported differ")
        XCTAssertEqual(UIKitVersions.oldestSupported.minor, 0)
    }

    func testEveryRowCitesItsSourceAndReadsInOrder() {
        for row in UIKitVersions.table {
            XCTAssertFalse(row.evidence.isEmpty, row.name)
            XCTAssertTrue(row.evidence.allSatisfy { !$0.quote.isEmpty && ($0.location.hasPrefix("https://developer.apple.com/") || $0.location.hasPrefix("UIKit.framework/Headers/")) }, row.name)
            XCTAssertEqual(row.rows.map(\.since), row.rows.map(\.since).sorted(), row.name)
        }
        XCTAssertEqual(UIKitVersions.automaticStyle.value(at: SystemVersion(major: 17, minor: 99)!), .pageSheet)
        XCTAssertEqual(UIKitVersions.automaticStyle.value(at: SystemVersion(major: 18)!), .formSheet)
        XCTAssertEqual(UIKitVersions.prefersPageSizingDefault.value(at: SystemVersion(major: 17)!), true)
        XCTAssertEqual(UIKitVersions.prefersPageSizingDefault.value(at: SystemVersion(major: 26)!), false)
        XCTAssertNil(UIKitVersions.prefersPageSizingDefault.value(at: SystemVersion(major: 16)!), "the property arrived with iOS 17")
        XCTAssertEqual(UIKitVersions.rulesVersion(for: nil), UIKitVersions.newestModelled)
        XCTAssertEqual(UIKitVersions.rulesVersion(for: SystemVersion(major: 30)), UIKitVersions.newestModelled)
        XCTAssertEqual(UIKitVersions.rulesVersion(for: iOS17), iOS17)
        XCTAssertEqual(UIKitVersions.eraStarts(in: UIKitVersions.oldestSupported...UIKitVersions.newestModelled).map(\.description), ["15.0", "18.0"])
        XCTAssertEqual(UIKitVersions.eraStarts(in: SystemVersion(major: 18)!...UIKitVersions.newestModelled).map(\.description), ["18.0"])
    }

    func testAGroupActivitySharingControllerIsAlwaysAPageSheet() throws {
        let json = scenarioJSON(env: pad("17.0"), controllers: """
        [ { "id": "root", "type": "RootViewController" },
          { "id": "share", "type": "GroupActivitySharingController", "modalPresentationStyle": "formSheet" } ]
        """, steps: [#"{ "present": "share", "from": "root", "observed": { "effectiveStyle": "formSheet" } }"#])
        let e = try XCTUnwrap(try simulate(json).presents.first)
        XCTAssertEqual(e.effectiveStyle, .pageSheet)
        XCTAssertEqual(e.diagnostics.map(\.code), [.modelDrift], "predicted: what UIKit shows otherwise is a drift")
    }

    // MARK: the log

    /// Every event says which version's rules it follows; the replay runs under that version.
    func testTheLogCarriesTheRulesVersionAndTheReplayKeepsIt() throws {
        let json = scenarioJSON(env: pad("17.4"), controllers: controllers, steps: [
            #"{ "present": "sheet", "from": "root", "animated": false }"#, #"{ "dismiss": "sheet", "animated": false }"#,
        ])
        let run = try simulate(json)
        XCTAssertTrue(run.events.allSatisfy { $0.rulesVersion == iOS17 }, run.events.map { "\($0.kind) \(String(describing: $0.rulesVersion))" }.joined(separator: ", "))
        let log = LogWriter.text(header: LogHeader(app: ["mode": "simulation"]), events: run.events)
        XCTAssertTrue(log.contains(#""rulesIOS":"17.4""#), log)
        let read = try LogReader.read(text: log).events
        XCTAssertEqual(read.map(\.rulesVersion), run.events.map(\.rulesVersion))
        let replay = try Scenario.parse(try ScenarioReplay.scenarioText(fromLog: log, logName: "r.jsonl"), file: "r.json")
        XCTAssertEqual(replay.environment.systemVersion, iOS17)
        // An old log without the field still reads.
        let old = log.replacingOccurrences(of: #","rulesIOS":"17.4""#, with: "")
        XCTAssertEqual(try LogReader.read(text: old).events.map(\.rulesVersion), run.events.map { _ in nil })
        let bad = try LogReader.read(text: log.replacingOccurrences(of: #""rulesIOS":"17.4""#, with: #""rulesIOS":"seventeen""#))
        XCTAssertEqual(bad.events.count, 0)
        XCTAssertTrue(bad.issues.first.map { "\($0)".contains("rulesIOS") } == true, bad.issues.map { "\($0)" }.joined(separator: "\n"))
    }
}
