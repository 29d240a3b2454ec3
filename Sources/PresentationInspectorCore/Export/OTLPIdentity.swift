import Foundation

extension OTLPExporter {
    /// Trace and span ids derived from the log alone, so the same log always gives the same ids.
    ///
    /// FNV-1a (64-bit) over the header's identifying fields; the trace id is two such hashes
    /// with different seeds, a span id the hash of the trace seed and the event's `seq` (and,
    /// for a `seq` the log repeats, how many times it came before). The root span hashes a tag no
    /// `seq` has. Ids are never all zero (OTLP treats that as invalid).
    struct IDs {
        let trace: String
        private let seed: UInt64

        init(header: LogHeader) {
            var text = "\(header.format)\u{0}\(header.version)\u{0}\(header.created)"
            for (k, v) in header.app.sorted(by: { $0.key < $1.key }) { text += "\u{0}app.\(k)=\(v)" }
            for (k, v) in header.device.sorted(by: { $0.key < $1.key }) { text += "\u{0}device.\(k)=\(v)" }
            let bytes = Array(text.utf8)
            let high = Self.fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
            let low = Self.fnv1a(bytes, basis: 0x8422_2325_cbf2_9ce4)
            seed = high ^ low.rotatedLeft(17)
            trace = Self.hex(high == 0 && low == 0 ? 1 : high) + Self.hex(low)
        }

        /// The span id of the operation recorded at `seq`, the `occurrence`-th with that `seq` (a
        /// log may repeat one; the reader keeps both).
        func span(_ seq: Int, occurrence: Int = 0) -> String {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: Int64(seq).littleEndian) { bytes += $0 }
            if occurrence > 0 { withUnsafeBytes(of: Int64(occurrence).littleEndian) { bytes += $0 } }
            return id(bytes)
        }

        /// The recording's root span: a tag of another length than any operation's.
        var root: String { id(Array("root".utf8)) }

        private func id(_ tail: [UInt8]) -> String {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: seed.littleEndian) { bytes += $0 }
            let h = Self.fnv1a(bytes + tail, basis: 0xcbf2_9ce4_8422_2325)
            return Self.hex(h == 0 ? 1 : h)
        }

        static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
            var h = basis
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
            // Final avalanche (splitmix64's) so that consecutive seqs differ in every hex digit.
            h ^= h >> 30; h &*= 0xbf58_476d_1ce4_e5b9
            h ^= h >> 27; h &*= 0x94d0_49bb_1331_11eb
            return h ^ (h >> 31)
        }

        static func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
    }

    /// Unix nanoseconds of event times: the header's `created` plus the event's `time`.
    ///
    /// Times are hostile: a `created` that does not parse counts as the Unix epoch, and an
    /// event time that is negative, not finite or beyond 10⁹ s is clamped, so no input traps.
    struct Clock {
        let base: UInt64

        init(created: String) {
            // Whole seconds and microseconds apart: a Double holds today's Unix nanoseconds only
            // to about 256 ns, which would print as noise in the last digits.
            guard let t = Self.parse(created), t.isFinite, t >= 0, t < 1e10 else { base = 0; return }
            let whole = t.rounded(.down)
            base = UInt64(whole) * 1_000_000_000 + UInt64(((t - whole) * 1e6).rounded()) * 1000
        }

        func nanos(_ time: Double) -> UInt64 {
            let offset = Self.nanos(seconds: time) ?? 0
            let (sum, overflow) = base.addingReportingOverflow(offset)
            return overflow ? UInt64.max : sum
        }

        static func nanos(seconds: Double) -> UInt64? {
            guard seconds.isFinite, seconds > 0 else { return seconds == 0 ? 0 : nil }
            let clamped = min(seconds, 1e10)  // ~2286 as a date; keeps the product far below UInt64.max
            return UInt64((clamped * 1e9).rounded())
        }

        static func parse(_ text: String) -> Double? {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let d = f.date(from: text) { return d.timeIntervalSince1970 }
            f.formatOptions = [.withInternetDateTime]
            return f.date(from: text)?.timeIntervalSince1970
        }
    }
}

private extension UInt64 {
    func rotatedLeft(_ n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
