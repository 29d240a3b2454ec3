import XCTest
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

/// The reader's fast path decodes event lines straight from bytes; it must either return the
/// very event the reference path (JSON tree + `EventCoding.decodeEvent`) returns, or defer.
final class EventByteDecoderTests: XCTestCase {
    private func fast(_ line: String) -> Event? {
        var copy = line
        return copy.withUTF8 { EventByteDecoder.decode($0) }
    }

    private func reference(_ line: String) -> Event? {
        guard let object = (try? JSONParser.parse(line))?.objectValue else { return nil }
        return try? EventCoding.decodeEvent(object)
    }

    /// Every line the simulator writes for every built-in scenario (observations included)
    /// takes the fast path and decodes to the reference event.
    func testEveryLineOfEveryBuiltInScenarioTakesTheFastPathAndAgrees() throws {
        var lines = 0
        for observing in [false, true] {
            let sim = Simulation(configuration: HandlerConfiguration(recordsObservations: observing))
            for s in BuiltInScenarios.all { try sim.run(try s.scenario()) }
            for e in sim.recorder.events {
                let line = EventCoding.encode(e)
                let f = try XCTUnwrap(fast(line), "the fast path deferred on a line the simulator wrote:\n\(line)")
                XCTAssertEqual(f, reference(line), line)
                XCTAssertEqual(f, e)
                lines += 1
            }
        }
        XCTAssertGreaterThan(lines, 150)
    }

    func testUnusualButValidLinesAgreeWithTheReference() {
        let base = #""seq":3,"time":1.5,"kind":"present","outcome":"presented""#
        let ref = #"{"id":"a","type":"A","title":"Caf\u00e9 \"x\" \ud83d\ude00"}"#
        let cases = [
            "{\(base)}",
            "  {  \(base) , \"extra\" : {\"deep\":[1,{\"x\":null}]} }  ",
            "{\(base),\"seq\":4}",                               // the last member wins, as in the reference
            "{\(base),\"source\":\(ref),\"chain\":[\(ref),{\"id\":\"b\",\"type\":\"B\",\"title\":7}]}",
            "{\(base),\"dismissed\":[\"a\",\(ref)],\"dismissedControllers\":[\(ref)]}",
            "{\(base),\"dismissed\":[\"a\"],\"dismissedControllers\":[{\"id\":\"a\",\"type\":\"A\"}]}",
            "{\(base),\"window\":null,\"relatesTo\":null,\"forwarded\":null,\"requestedStyle\":null,\"callSite\":null}",
            "{\(base),\"diagnostics\":[{\"code\":\"x\",\"severity\":\"warning\",\"message\":5,\"more\":[]}]}",
            "{\(base),\"explanation\":[\"a\\nb\",\"Réglages ✓\"],\"thread\":\"worker-1\",\"animated\":true}",
            "{\(base),\"observed\":{\"presenting\":\(ref),\"outcome\":\"presented\",\"future\":1}}",
            "{\"seq\":1e2,\"time\":0,\"kind\":\"dismiss\",\"outcome\":\"no-op\"}",
        ]
        for line in cases {
            let f = fast(line), r = reference(line)
            XCTAssertNotNil(r, "the case itself must be a valid event: \(line)")
            if let f { XCTAssertEqual(f, r, line) }
        }
        // These are plain enough that deferring would be a performance bug.
        for line in cases.prefix(9) { XCTAssertNotNil(fast(line), line) }
    }

    /// Keys are matched 8 bytes at a time (by length and words): every field is recognised
    /// wherever it stands (also within 24 bytes of the line's end, read byte by byte), and a key
    /// that differs from a field by one byte, or is longer, is an unknown member.
    func testKeysAreMatchedExactlyAtAnyLengthAndPosition() {
        let ref = #"{"id":"a","type":"A"}"#
        let values: [String: String] = [
            "thread": #""worker""#, "animated": "true", "window": #""w""#, "relatesTo": "2", "source": ref, "presented": ref,
            "presenting": ref, "contextProvider": ref, "receiver": ref, "handledBy": ref, "requestedStyle": #""formSheet""#,
            "effectiveStyle": #""pageSheet""#, "requestedTransition": #""crossDissolve""#, "effectiveTransition": #""coverVertical""#,
            "explanation": #"["s"]"#, "dismissed": #"["a"]"#, "dismissedControllers": "[\(ref)]", "forwarded": "false",
            "diagnostics": #"[{"code":"c","severity":"info"}]"#, "chain": "[\(ref)]", "callSite": #""f.swift:3""#, "ancestry": "[\(ref)]",
        ]
        let base = #""seq":3,"time":1.5,"kind":"present","outcome":"presented""#
        var checked = 0
        for (key, value) in values {
            var variants = [key, key + "x", String(key.dropLast()) + "Z", "Q" + key.dropFirst(), key + String(repeating: "y", count: 24)]
            if key.count > 8 { variants.append(String(key.prefix(8)) + "_" + key.dropFirst(9)) }
            for k in variants {
                for line in ["{\(base),\"\(k)\":\(value)}", "{\"\(k)\":\(value),\(base)}", "{\(base),\"\(k)\":\(value)   }"] {
                    let f = fast(line), r = reference(line)
                    XCTAssertNotNil(r, line)
                    XCTAssertEqual(f, r, line)
                    checked += 1
                }
            }
        }
        // The fields every event has, at the end of a short line.
        for line in [#"{"time":1,"kind":"dismiss","outcome":"no-op","seq":1}"#, #"{"outcome":"no-op","kind":"dismiss","time":1,"seq":1}"#] {
            XCTAssertNotNil(fast(line), line)
            XCTAssertEqual(fast(line), reference(line), line)
        }
        XCTAssertGreaterThan(checked, 300)
    }

    /// Numbers are read in one pass when they are plain decimals: the same double as the
    /// parser's, bit for bit (signed zeros included), or the line defers.
    func testNumbersReadAsTheParserReadsThem() {
        var rng = SplitMix64(seed: 0x5EED_0010)  // seeded: a failure repeats
        var texts = ["0", "-0", "0.0", "-0.0", "0.35", "6071.35", "123456789.012345", "0.000001", "999999999999999",
                     "1234567890123456", "-99999999999999", "1.7976931348623157", "1e2", "1.5E-3", "01", "1.", "-", "00.5", "7"]
        for _ in 0..<3_000 {
            let digits = Int.random(in: 1...17, using: &rng)
            var t = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            let dot = Int.random(in: 0...digits, using: &rng)
            if dot < digits { t.insert(".", at: t.index(t.startIndex, offsetBy: max(1, dot))) }
            texts.append(Bool.random(using: &rng) ? "-" + t : t)
        }
        var fastCount = 0
        for t in texts {
            for key in ["time", "seq", "relatesTo"] {
                let fields = ["\"seq\":1", "\"time\":1", "\"kind\":\"present\"", "\"outcome\":\"presented\""].filter { !$0.hasPrefix("\"\(key)\"") }
                let line = "{\(fields.joined(separator: ",")),\"\(key)\":\(t)}"
                let f = fast(line), r = reference(line)
                if let f {
                    XCTAssertEqual(f, r, line)
                    XCTAssertEqual(f.time.bitPattern, r?.time.bitPattern, line)
                    fastCount += 1
                }
                if r != nil, t.count <= 15, !t.contains("e"), !t.contains("E") { XCTAssertNotNil(f, line) }
            }
        }
        XCTAssertGreaterThan(fastCount, 1_000)
    }

    func testLinesTheReferenceRejectsAreNeverDecoded() {
        let base = #""time":1.5,"kind":"present","outcome":"presented""#
        let bad = [
            "{\(base)}",                                            // no seq
            "{\"seq\":1.5,\(base)}", "{\"seq\":-1,\(base)}", "{\"seq\":1e300,\(base)}",
            "{\"seq\":1,\"time\":-1,\"kind\":\"present\",\"outcome\":\"presented\"}",
            "{\"seq\":1,\(base)} x", "{\"seq\":1,\(base)", "{\"seq\":1,\(base),}",
            "{\"seq\":1,\(base),\"kind\":\"teleport\"}",
            "{\"seq\":1,\(base),\"source\":{\"id\":\"a\"}}",
            "{\"seq\":1,\(base),\"source\":{\"id\":\"a\",\"type\":\"A\",\"id\":\"b\"}}",  // defers; the reference decides
            "{\"seq\":1,\(base),\"diagnostics\":[{\"code\":\"x\",\"severity\":\"loud\"}]}",
            "{\"seq\":1,\(base),\"chain\":[\"a\"]}",
            "{\"seq\":1,\(base),\"observed\":{\"effectiveStyle\":\"sideways\"}}",
            "{\"seq\":1,\(base),\"thread\":\"\u{01}\"}",
            "[1,2]", "", "{}",
        ]
        for line in bad {
            let f = fast(line)
            if let r = reference(line) { XCTAssertEqual(f ?? r, r, line) } else { XCTAssertNil(f, line) }
        }
        XCTAssertNil(fast("{\"seq\":1,\(base),\"source\":{\"id\":\"a\",\"type\":\"A\",\"id\":\"b\"}}"), "a repeated member inside a reference defers")
    }

    /// The reader gives the same result whichever path a line takes (the fast path is not a second format).
    func testReaderResultsAreUnchangedByTheFastPath() throws {
        let sim = Simulation()
        for s in BuiltInScenarios.all { try sim.run(try s.scenario()) }
        var text = EventCoding.encode(LogHeader()) + "\n"
        for e in sim.recorder.events { text += EventCoding.encode(e) + "\n" }
        text += "{\"seq\":9999,\"time\":1}\n" + "not json\n"
        let r = try LogReader.read(text: text)
        XCTAssertEqual(r.events, sim.recorder.events)
        XCTAssertEqual(r.issues.map(\.message), ["key \"kind\": missing; skipped", "invalid JSON: invalid literal at column 1; skipped"])
    }
}
