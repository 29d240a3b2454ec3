@_spi(Package) import PresentationInspectorCore

/// Properties every fuzz target checks. A violated property stops the process with
/// `fatalError`, which libFuzzer reports as a crash and saves the input that caused it.
public enum Invariants {
    /// Stops the fuzzer with `message` when `condition` is false.
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("invariant violated: \(message())") }
    }

    /// What the log says about `e` after it was written and read back: the writer's output must
    /// always be readable, and a second round trip must change nothing (times are rounded to
    /// microseconds on the first one, so the first comparison ignores `time`).
    public static func checkRoundTrip(_ e: Event) {
        let once = reread(e)
        var sameTime = e
        sameTime.time = once.time
        require(sameTime == once, "an event changed in a write/read round trip:\n  before: \(e)\n  after:  \(once)")
        let twice = reread(once)
        require(once == twice, "a second write/read round trip changed the event:\n  \(once)\n  \(twice)")
    }

    /// Writes `e` as a log line and reads it back; the line must parse and decode.
    public static func reread(_ e: Event) -> Event {
        let line = EventCoding.encode(e)
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch {
            fatalError("the writer produced invalid JSON (\(error)): \(line)")
        }
        guard let object = value.objectValue else { fatalError("the writer produced a non-object: \(line)") }
        do { return try EventCoding.decodeEvent(object) } catch {
            fatalError("the writer produced an undecodable event (\(error)): \(line)")
        }
    }

    /// The header must survive a write/read round trip unchanged.
    public static func checkRoundTrip(_ h: LogHeader) {
        let line = EventCoding.encode(h)
        guard let object = (try? JSONParser.parse(line))?.objectValue else { fatalError("the writer produced an unreadable header: \(line)") }
        let back: LogHeader
        do { back = try EventCoding.decodeHeader(object) } catch { fatalError("the written header does not decode (\(error)): \(line)") }
        require(back == h, "the header changed in a write/read round trip:\n  \(h)\n  \(back)")
    }
}
