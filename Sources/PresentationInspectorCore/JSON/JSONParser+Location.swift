/// Finding where a value sits in a JSON text, for error messages that name a line: a reader that
/// checks a parsed document knows the path to what it rejects, not its position.
extension JSONParser {
    /// One step of a path into a JSON document.
    @_spi(Package) public enum PathComponent: Equatable, Sendable {
        /// A member of an object, by key (the last member with that key: where a key given twice
        /// appears the second time).
        case key(String)
        /// An element of an array, by index.
        case index(Int)
    }

    /// The byte offset of the deepest part of `path` found in `bytes`: a member's key, an
    /// element's first byte, or the document's first value when nothing of the path is there.
    /// Nil only when `bytes` holds no JSON value at its start.
    @_spi(Package) public static func offset(of path: [PathComponent], in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var p = JSONParser(bytes: buffer)
            p.skipWhitespace()
            guard p.i < buffer.count else { return nil }
            var found = p.i
            for component in path {
                guard let next = p.step(into: component) else { break }
                found = next
            }
            return found
        }
    }

    /// The byte offset of each element of the array at `path`, in one pass; empty when `path`
    /// does not lead to an array.
    @_spi(Package) public static func offsets(ofElementsAt path: [PathComponent], in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var p = JSONParser(bytes: buffer)
            p.skipWhitespace()
            for component in path {
                guard p.step(into: component) != nil else { return [] }
            }
            guard p.i < buffer.count, buffer[p.i] == UInt8(ascii: "[") else { return [] }
            p.i += 1
            var offsets: [Int] = []
            while true {
                p.skipWhitespace()
                guard p.i < buffer.count, buffer[p.i] != UInt8(ascii: "]") else { return offsets }
                offsets.append(p.i)
                guard p.skipValueAndSeparator() else { return offsets }
            }
        }
    }

    /// The text of the number at `path` as it is written in `bytes` (`9223372036854775807`, which
    /// a `Double` holds as …808): for messages that quote a number beyond 2^53, where the parsed
    /// value has lost its last digits. Nil when `path` does not lead to a number.
    @_spi(Package) public static func numberLiteral(at path: [PathComponent], in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var p = JSONParser(bytes: bytes)
        p.skipWhitespace()
        for component in path {
            guard p.step(into: component) != nil else { return nil }
        }
        let start = p.i
        while p.i < bytes.count, bytes[p.i] == UInt8(ascii: "-") || bytes[p.i] == UInt8(ascii: "+") || bytes[p.i] == UInt8(ascii: ".")
                || bytes[p.i] == UInt8(ascii: "e") || bytes[p.i] == UInt8(ascii: "E") || (0x30...0x39).contains(bytes[p.i]) {
            p.i += 1
        }
        return p.i > start ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<p.i]), as: UTF8.self) : nil
    }

    /// Moves to the value at `component` of the container at the current position; returns the
    /// offset that names it (the member's key, or the element), or nil when it is not there.
    private mutating func step(into component: PathComponent) -> Int? {
        guard i < b.count else { return nil }
        switch (b[i], component) {
        case (UInt8(ascii: "{"), .key(let wanted)):
            i += 1
            var match: (key: Int, value: Int)?
            while true {
                skipWhitespace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { break }
                let keyOffset = i
                guard let key = try? parseString() else { break }
                skipWhitespace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { break }
                i += 1
                skipWhitespace()
                if key == wanted { match = (keyOffset, i) }
                guard skipValueAndSeparator() else { break }
            }
            guard let match else { return nil }
            i = match.value
            return match.key
        case (UInt8(ascii: "["), .index(let wanted)):
            i += 1
            var index = 0
            while true {
                skipWhitespace()
                guard i < b.count, b[i] != UInt8(ascii: "]") else { return nil }
                if index == wanted { return i }
                guard skipValueAndSeparator() else { return nil }
                index += 1
            }
        default:
            return nil
        }
    }

    /// Skips the value at the current position and the comma after it; false at the container's end.
    private mutating func skipValueAndSeparator() -> Bool {
        guard (try? parseValue(depth: 0)) != nil else { return false }
        skipWhitespace()
        guard i < b.count, b[i] == UInt8(ascii: ",") else { return false }
        i += 1
        return true
    }
}
