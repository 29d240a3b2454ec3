import Foundation
import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) @testable import PresentationSimulator

/// The console corpus (`ConsoleCorpus/manifest.json`): lines UIKit printed in public reports, each
/// rebuilt as a scenario. The checked call must be refused with UIKit's check, name the same class in
/// each role of the message (`<P>` presented, `<R>` the controller the message is about, `<S>` the
/// source, `<Q>` what `<R>` already presents), name one controller wherever the report shows one
/// address, and print the line on the simulator's console. DESIGN rule 4 cites the corpus.
final class ConsoleCorpusTests: XCTestCase {
    struct Entry: Decodable {
        var id: String
        var url: String
        var quote: String
        var iOS: String?
        var reported: String?
        var assumed: String
        var scenario: String
        /// The index of the step that printed the line; the last step when absent.
        var step: Int?
        /// Reports the issue that asked for the corpus already named (the rest were found for it).
        var namedInIssue: Bool?
    }

    struct Manifest: Decodable {
        var entries: [Entry]
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ConsoleCorpus")

    private func manifest() throws -> Manifest {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    func testEveryReportedLineIsReproduced() throws {
        for entry in try manifest().entries {
            try check(entry)
        }
    }

    private func check(_ entry: Entry) throws {
        let label = "\(entry.id) (\(entry.url))"
        let quoted = try XCTUnwrap(ConsoleMessage(entry.quote), "\(label): the quote is none of UIKit's messages")
        let path = Self.directory.appendingPathComponent(entry.scenario).path
        let scenario = try Scenario.load(path: path)
        let simulation = Simulation()
        try simulation.run(scenario)

        // The call of the quoted step: calls are recorded one event each, in step order.
        let steps = try scenarioSteps(path)
        let index = entry.step ?? steps.count - 1
        XCTAssertTrue(steps.indices.contains(index) && ["present", "dismiss"].contains(steps[index]), "\(label): step \(index) is no present or dismiss")
        let callsBefore = steps[..<index].filter { $0 == "present" || $0 == "dismiss" }.count
        let calls = simulation.recorder.events.filter { $0.kind == .present || $0.kind == .dismiss }
        let event = try XCTUnwrap(calls.indices.contains(callsBefore) ? calls[callsBefore] : nil, "\(label): no event for step \(index)")

        XCTAssertEqual(event.outcome, .rejected, label)
        let rejection = try XCTUnwrap(event.diagnostics.first, label)
        XCTAssertEqual(rejection.code, quoted.code, "\(label): \(rejection.message)")
        let modelled = try XCTUnwrap(ConsoleMessage(rejection.message), "\(label): \(rejection.message)")
        for (role, named) in quoted.roles.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(modelled.roles[role]?.type, named.type, "\(label): the class in <\(role)> of \(rejection.message)")
        }
        // The controller the message is about: the presenting controller of a present, the one a
        // dismiss was handed to.
        if let r = quoted.roles["R"] {
            let named = event.kind == .present ? event.presenting : (event.handledBy ?? event.receiver)
            XCTAssertEqual(named?.type, r.type, "\(label): the presenting (or handling) controller")
        }
        // One address in the report, one controller in the model; two addresses, two controllers.
        let roles = quoted.roles.keys.sorted()
        for a in roles {
            for b in roles where a < b {
                guard let ma = modelled.roles[a], let mb = modelled.roles[b] else { continue }
                XCTAssertEqual(quoted.roles[a]!.address == quoted.roles[b]!.address, ma.address == mb.address,
                               "\(label): <\(a)> and <\(b)> name one controller in only one of the quote and the model")
            }
        }
        XCTAssertTrue(simulation.console.contains { $0.text.contains(rejection.message) }, "\(label): the simulator's console lacks the line")
    }

    /// The action of each step (`present`, `dismiss`, `advance`…), in order.
    private func scenarioSteps(_ path: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let steps = json?["steps"] as? [[String: Any]] ?? []
        let actions = ["present", "dismiss", "push", "pop", "select", "addChild", "removeFromParent", "set", "advance", "swipeDown", "release"]
        return steps.map { step in actions.first { step[$0] != nil } ?? "?" }
    }

    func testTheManifestIsComplete() throws {
        let entries = try manifest().entries
        XCTAssertGreaterThanOrEqual(entries.count, 20)
        XCTAssertGreaterThanOrEqual(entries.filter { $0.namedInIssue != true }.count, 10, "at least ten reports found for the corpus itself")
        XCTAssertEqual(Set(entries.map(\.id)).count, entries.count, "ids are unique")
        for e in entries {
            XCTAssertTrue(e.url.hasPrefix("https://"), e.id)
            XCTAssertNotNil(ConsoleMessage(e.quote), e.id)
            XCTAssertFalse(e.assumed.trimmingCharacters(in: .whitespaces).isEmpty, e.id)
            if let v = e.iOS { XCTAssertNotNil(v.range(of: #"^[0-9]+(\.[0-9]+){0,2}$"#, options: .regularExpression), "\(e.id): iOS \(v)") }
            if let d = e.reported { XCTAssertNotNil(d.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression), "\(e.id): reported \(d)") }
        }
        // Every scenario in the folder belongs to an entry: nothing left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0 != "manifest.json" }
        XCTAssertEqual(Set(files), Set(entries.map(\.scenario)))
        // Every kind of line the corpus is about is in it.
        let codes = Set(entries.compactMap { ConsoleMessage($0.quote)?.code })
        XCTAssertEqual(codes, [.notInWindowHierarchy, .alreadyPresenting, .presentationInProgress, .dismissDuringTransition, .popoverWithoutAnchor])
    }

    /// The reader of console lines itself: both wordings, every role, and what it refuses.
    func testConsoleLinesReadAsUIKitWordsThem() throws {
        let old = try XCTUnwrap(ConsoleMessage("Warning: Attempt to present <A: 0x1>  on <B: 0x2> which is already presenting <C: 0x3>"))
        XCTAssertEqual(old.code, .alreadyPresenting)
        XCTAssertEqual(old.roles, ["P": .init(type: "A", address: "0x1"), "R": .init(type: "B", address: "0x2"), "Q": .init(type: "C", address: "0x3")])
        let new = try XCTUnwrap(ConsoleMessage("[Presentation] Attempt to present <A: 0x1> on <B: 0x2> (from <S.T: 0x4>) whose view is not in the\nwindow hierarchy."))
        XCTAssertEqual(new.code, .notInWindowHierarchy)
        XCTAssertEqual(new.roles["S"], .init(type: "S.T", address: "0x4"))
        XCTAssertEqual(ConsoleMessage("Attempt to present <A: 0x1> on <B: 0x2> (from <B: 0x2>) while a presentation is in progress.")?.code, .presentationInProgress)
        XCTAssertEqual(ConsoleMessage("Warning: Attempt to dismiss from view controller <N: 0x5> while a presentation or dismiss is in progress!")?.roles["R"]?.type, "N")
        XCTAssertEqual(ConsoleMessage("reason: 'UIPopoverPresentationController (<UIPopoverPresentationController: 0x6>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.'")?.roles["P"]?.type,
                       "UIPopoverPresentationController")
        XCTAssertNil(ConsoleMessage("Presenting view controllers on detached view controllers is discouraged <A: 0x1>."))
        XCTAssertNil(ConsoleMessage("Attempt to present <A: 0x1> on <B: 0x2> whose view is fine."))
    }
}

/// One of UIKit's presentation messages, read from a console line in any of its wordings: its
/// check and the controller it names in each role.
struct ConsoleMessage: Equatable {
    struct Named: Equatable {
        var type: String
        var address: String
    }

    var code: DiagnosticCode
    /// `P` presented (or, in the popover exception, the popover presentation controller), `R` the
    /// controller presented on or dismissed from, `S` the source (iOS 14's wording on), `Q` what `R`
    /// already presents.
    var roles: [String: Named]

    private static let controller = #"<([^<>:]+): ([^<>]+)>"#
    private static let present = try! NSRegularExpression(pattern:
        #"(?:Attempt to present )?\#(controller) +on \#(controller)(?: \(from \#(controller)\))? "#
        + #"(whose view is not in the window hierarchy|which is already presenting(?: \#(controller))?|while a presentation is in progress)"#)
    private static let dismiss = try! NSRegularExpression(pattern: #"Attempt to dismiss from view controller \#(controller) while a presentation or dismiss is in progress"#)
    private static let popover = try! NSRegularExpression(pattern: #"UIPopoverPresentationController \(\#(controller)\) should have a non-nil sourceView or barButtonItem"#)

    init?(_ line: String) {
        // Reports wrap lines and pad spaces: one space wherever there was any.
        let text = line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        func match(_ regex: NSRegularExpression) -> [String?]? {
            guard let m = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
            return (1..<m.numberOfRanges).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } }
        }
        func named(_ groups: [String?], _ i: Int) -> Named? {
            guard let type = groups[i], let address = groups[i + 1] else { return nil }
            return Named(type: type.trimmingCharacters(in: .whitespaces), address: address)
        }
        if let g = match(Self.present) {
            let phrase = (g.indices.contains(6) ? g[6] : nil) ?? ""
            code = phrase.hasPrefix("whose") ? .notInWindowHierarchy : phrase.hasPrefix("which") ? .alreadyPresenting : .presentationInProgress
            roles = [:]
            roles["P"] = named(g, 0)
            roles["R"] = named(g, 2)
            roles["S"] = named(g, 4)
            roles["Q"] = named(g, 7)
        } else if let g = match(Self.dismiss) {
            code = .dismissDuringTransition
            roles = ["R": named(g, 0)].compactMapValues { $0 }
        } else if let g = match(Self.popover) {
            code = .popoverWithoutAnchor
            roles = ["P": named(g, 0)].compactMapValues { $0 }
        } else {
            return nil
        }
    }
}
