import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest

/// Hostile scenario files and logs at sizes that keep the suite fast (also under the
/// sanitizers): every one ends with a clear error naming the place, or a clean result. The
/// full-size versions (100,000 controllers, 1,000,000 steps, 100 MB lines) run in
/// `pistress hostile` (Scripts/ci/64-hostile.sh), which also measures time and memory.
final class HostileInputTests: XCTestCase {
    private func scenarioError(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let s = try Scenario.parse(json, file: "hostile.json")
            try Simulation().run(s)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    private func controllers(_ n: Int, children: (Int) -> String?) -> String {
        "[" + (0..<n).map { i in
            if let c = children(i) { return #"{"id":"c\#(i)","type":"Container","container":"plain","children":[\#(c)]}"# }
            return #"{"id":"c\#(i)","type":"Leaf"}"#
        }.joined(separator: ",") + "]"
    }

    func testDeeplyNestedJSONIsRefused() {
        let json = "{\"name\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        XCTAssertEqual(scenarioError(json), "hostile.json:1:264: invalid JSON: nesting deeper than 256 levels")
    }

    func testAControllerThatIsItsOwnChild() {
        let e = scenarioError(#"{"controllers":[{"id":"a","type":"T","container":"plain","children":["a"]}],"windows":[]}"#)
        XCTAssertEqual(e, #"hostile.json:1:58: controllers[0] key "children": a cannot be its own child"#)
    }

    func testAControllerWithTwoParents() {
        let e = scenarioError(#"{"controllers":\#(controllers(3) { $0 < 2 ? "\"c2\"" : nil }),"windows":[]}"#)
        XCTAssertEqual(e, #"hostile.json:1:136: controllers[1] key "children": "c2" is already a child of "c0"; a controller has one parent"#)
    }

    func testALongCycleIsFound() {
        // 20,000 controllers in one ring, each the child of the next: one clear error.
        let n = 20_000
        let e = scenarioError(#"{"controllers":\#(controllers(n) { "\"c\(($0 + 1) % n)\"" }),"windows":[]}"#)
        XCTAssertEqual(e, #"hostile.json:1:67: controllers[0] key "children": cycle through "c0": a controller cannot be its own ancestor"#)
    }

    func testContainmentDeeperThanTheLimitIsRefused() {
        let n = Scenario.maximumContainmentDepth + 2
        let e = scenarioError(#"{"controllers":\#(controllers(n) { $0 < n - 1 ? "\"c\($0 + 1)\"" : nil }),"windows":[{"id":"w","root":"c0"}]}"#)
        XCTAssertEqual(e, #"hostile.json:1:72875: controllers[1001] key "children": c1001 is nested 1001 levels deep; containment deeper than 1000 levels is not supported"#)
    }

    /// `c0 … c1000`, each the only child of the one before (the last an empty container), plus
    /// `extra`: the deepest controller sits exactly at the limit.
    private func chainAtTheLimit(steps: String) -> String {
        let n = Scenario.maximumContainmentDepth + 1
        let list = controllers(n) { $0 < n - 1 ? "\"c\($0 + 1)\"" : "" }
        return "{\"controllers\":" + list.dropLast() + #",{"id":"extra","type":"Leaf"}],"windows":[{"id":"w","root":"c0"}],"steps":["#
            + steps + "]}"
    }

    func testContainmentAtTheLimitWorks() throws {
        let sim = Simulation()
        let json = chainAtTheLimit(steps: #"{"present":"extra","from":"c1000","animated":false},{"dismiss":"extra","animated":false}"#)
        try sim.run(Scenario.parse(json, file: "limit.json"))
        let present = try XCTUnwrap(sim.recorder.events.first { $0.kind == .present })
        XCTAssertEqual(present.outcome, .presented)
        XCTAssertEqual(present.presenting?.id, "c0")
        XCTAssertEqual(sim.recorder.events.filter { $0.kind == .dismiss }.map(\.outcome), [.dismissed])
    }

    func testStepsCannotBuildContainmentDeeperThanTheLimit() throws {
        let e = scenarioError(chainAtTheLimit(steps: #"{"addChild":"extra","to":"c1000"}"#))
        XCTAssertTrue(e.contains(#"steps[0] (addChild) key "to": adding extra to c1000 would nest controllers 1001 levels deep"#), e)
    }

    func testDuplicateIDsAndKeys() {
        let dup = #"{"controllers":["# + Array(repeating: #"{"id":"x","type":"T"}"#, count: 5_000).joined(separator: ",") + #"],"windows":[]}"#
        XCTAssertEqual(scenarioError(dup), #"hostile.json:1:40: controllers[1] key "id": duplicate controller id "x""#)
        XCTAssertEqual(scenarioError(#"{"controllers":[{"id":"a","id":"b","type":"T"}],"windows":[]}"#),
                       #"hostile.json:1:27: controllers[0] key "id": appears twice"#)
        let windows = #"{"controllers":[{"id":"a","type":"T"},{"id":"b","type":"T"}],"windows":[{"id":"w","root":"a"},{"id":"w","root":"b"}]}"#
        XCTAssertEqual(scenarioError(windows), #"hostile.json:1:96: windows[1] key "id": duplicate window id "w""#)
    }

    /// Thousands of dismissals without `advance`: one pending leak check each. The virtual clock
    /// used to scan every pending timer for each one it ran (quadratic).
    func testManyPendingTimersDrain() throws {
        let pairs = 3_000
        let steps = Array(repeating: #"{"present":"s","from":"r","animated":false},{"dismiss":"s","animated":false}"#, count: pairs).joined(separator: ",")
        let json = #"{"controllers":[{"id":"r","type":"Root"},{"id":"s","type":"Sheet"}],"windows":[{"id":"w","root":"r"}],"steps":[\#(steps)]}"#
        let sim = Simulation(recorder: Recorder(capacity: 100))
        try sim.run(Scenario.parse(json, file: "timers.json"))
        XCTAssertEqual(sim.recorder.snapshot().totalRecorded, pairs * 4)
        XCTAssertFalse(sim.clock.hasPendingWork)
    }

    func testVirtualClockRunsTimersInTimeThenSchedulingOrder() {
        let clock = VirtualClock()
        let ran = RanList()
        var generator = SplitMix(seed: 7)
        var expected: [(Double, Int)] = []
        for i in 0..<500 {
            let t = Double(generator.next() % 20) / 4
            expected.append((t, i))
            clock.schedule(after: t) { ran.append(i) }
        }
        clock.advance(by: 2.4)
        let due = expected.filter { $0.0 <= 2.4 }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
        XCTAssertEqual(ran.items, due)
        XCTAssertEqual(clock.now, 2.4)
        clock.advance(by: 10)
        XCTAssertEqual(ran.items, expected.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1))
        XCTAssertFalse(clock.hasPendingWork)
    }
}

/// A deterministic generator for tests.
struct SplitMix: RandomNumberGenerator {
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

/// Collects what timers ran, in order.
final class RanList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func append(_ i: Int) { lock.lock(); list.append(i); lock.unlock() }
    var items: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}
