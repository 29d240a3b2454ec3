/// The valid range of every number a log or a scenario carries.
///
/// Readers refuse a value outside its range as a bad line (named, counted, skipped), so the
/// views only ever see values in range. The views still convert with ``clampedInt(_:)``: a value
/// built in memory (a test, a future reader) must not trap them either. docs/FORMATS.md lists
/// the same ranges.
@_spi(Package) public enum ValueRanges {
    /// Event times, in seconds since the recording started: finite, 0 … 10⁹ s (about 31 years).
    @_spi(Package) public static let time: ClosedRange<Double> = 0...1_000_000_000
    /// Sequence numbers and counts (`seq`, `relatesTo`, the header's `dropped`): 0 … 2⁵³, the
    /// integers a JSON reader in any language represents exactly.
    @_spi(Package) public static let count: ClosedRange<Int> = 0...(1 << 53)

    /// How a count's range reads in a message.
    @_spi(Package) public static let countDescription = "0…2^53"
    /// How the time range reads in a message.
    @_spi(Package) public static let timeDescription = "0…1e9 s"
}

/// `d` rounded to the nearest `Int`, clamped to `Int`'s range; 0 for NaN. Never traps, unlike
/// `Int(d)`, which traps on infinities and on values past `Int.max`.
@inlinable
@_spi(Package) public func clampedInt(_ d: Double) -> Int {
    if let i = Int(exactly: d.rounded()) { return i }
    if d.isNaN { return 0 }
    return d > 0 ? Int.max : Int.min
}
