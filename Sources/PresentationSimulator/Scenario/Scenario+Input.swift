import Foundation
@_spi(Package) import PresentationInspectorCore

/// Reading a scenario: a file up to its size limit, or bytes, refusing an event log given in its
/// place with the command that turns one into a scenario.
extension Scenario {
    /// The largest scenario file read (256 MiB; a scenario of 1,000,000 steps takes about 40 MB):
    /// an endless input (`/dev/zero`) is refused once it passes it.
    public static let maximumFileSize = 256 << 20

    /// Reads a scenario file.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let bytes: [UInt8]
        do {
            bytes = try BoundedInput.read(path: path, limit: maximumFileSize)
        } catch {
            throw ScenarioError(file: path, message: error.message)
        }
        return try parse(bytes, file: path)
    }

    /// Parses scenario JSON text.
    public static func parse(_ text: String, file: String = "<scenario>") throws(ScenarioError) -> Scenario {
        try parse(Array(text.utf8), file: file)
    }

    /// Parses scenario JSON bytes and checks every reference.
    public static func parse(_ bytes: [UInt8], file: String = "<scenario>") throws(ScenarioError) -> Scenario {
        // A UTF-8 byte order mark (editors on Windows add one) is not part of the JSON.
        let bytes = bytes.starts(with: utf8ByteOrderMark) ? Array(bytes.dropFirst(utf8ByteOrderMark.count)) : bytes
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            if startsWithLogHeader(bytes) { throw logGivenError(file: file) }
            let (line, column) = lineAndColumn(of: error.offset, in: bytes)
            throw ScenarioError(file: file, line: line, column: column, message: "invalid JSON: \(error.message)")
        }
        if value.objectValue?["format"]?.stringValue == LogHeader.formatName { throw logGivenError(file: file) }
        var p = ScenarioReader(file: file, bytes: bytes)
        return try p.read(value)
    }

    /// Whether the first line is an event log's header: a log given where a scenario belongs.
    static func startsWithLogHeader(_ bytes: [UInt8]) -> Bool {
        let firstLine = bytes.prefix(64 << 10).split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        return (try? JSONParser.parse(Array(firstLine)))?.objectValue?["format"]?.stringValue == LogHeader.formatName
    }

    /// The error for an event log given as a scenario, pointing at the command that makes one of it.
    static func logGivenError(file: String) -> ScenarioError {
        ScenarioError(file: file, line: 1, message: "this is an event log (presentation-inspector-log), not a scenario; "
                      + "make a scenario that replays it with: pinspect scenario \(file == "<stdin>" ? "LOG" : file) -o scenario.json")
    }
}
