import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// Base for the debugger entry-point tests: runs the built-in camera scenario (with the rejected
/// double presentation), reopens photo library → people picker so a chain is live, and installs
/// it in `InspectorRuntime.shared` the way InspectorDemo does.
class DebuggerEntryPointTestCase: XCTestCase {
    var simulation: Simulation!
    var header: LogHeader!

    override func setUpWithError() throws {
        simulation = Simulation(recorder: Recorder())
        try simulation.run(BuiltInScenarios.camera.scenario())
        let c = { (id: String) throws -> SimController in try XCTUnwrap(self.simulation.controller(id)) }
        simulation.present(try c("photos"), from: try c("camera"), animated: false)
        simulation.present(try c("peoplePicker"), from: try c("library"), animated: false)
        header = LogHeader(app: ["name": "DebuggerTests"], device: ["model": "test"])
        let box = SimulationBox(simulation)
        InspectorRuntime.shared.install(recorder: simulation.recorder, header: header, windowChains: { box.simulation.windowChains() })
    }

    override func tearDown() {
        InspectorRuntime.shared.uninstall()
        simulation = nil
    }

    /// The recorded events.
    var events: [Event] { simulation.recorder.events }

    /// The seq of the first event matching `predicate`.
    func seq(where predicate: (Event) -> Bool, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try XCTUnwrap(events.first(where: predicate), "no such event", file: file, line: line).seq
    }

    /// Takes ownership of an entry point's reply: copies it and frees it, as the plugin does.
    func take(_ pointer: UnsafeMutablePointer<CChar>?, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let p = try XCTUnwrap(pointer, "entry point returned NULL", file: file, line: line)
        defer { free(p) }
        return String(cString: p)
    }

    /// The message of an error reply; fails when the reply is not an error.
    func errorMessage(_ reply: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertTrue(reply.hasPrefix("pi-error: "), "expected an error reply, got: \(reply.prefix(200))", file: file, line: line)
        XCTAssertFalse(reply.dropLast().contains("\n"), "error replies are one line", file: file, line: line)
        return String(reply.dropFirst("pi-error: ".count))
    }

    func object(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONObject {
        try XCTUnwrap(JSONParser.parse(text).objectValue, "not a JSON object: \(text.prefix(200))", file: file, line: line)
    }

    /// Calls `body` with a C string (or NULL), as a debugger passes arguments.
    func withCString<R>(_ s: String?, _ body: (UnsafePointer<CChar>?) throws -> R) rethrows -> R {
        guard let s else { return try body(nil) }
        return try s.withCString(body)
    }
}

/// Hands the simulation to the runtime's `@Sendable` chain provider (tests are single-threaded).
final class SimulationBox: @unchecked Sendable {
    let simulation: Simulation
    init(_ simulation: Simulation) { self.simulation = simulation }
}
