import Foundation

/// The first line of an event log.
public struct LogHeader: Hashable, Sendable {
    /// Always ``LogHeader/formatName``.
    public var format: String
    /// The log format's major version; readers refuse a newer one.
    public var version: Int
    /// When the recording started, ISO 8601.
    public var created: String
    /// Facts about the app (name, bundle id, version, "simulation" for simulated runs).
    public var app: [String: String]
    /// Facts about the device (model, system version, idiom).
    public var device: [String: String]
    /// Events the ring buffer dropped before the first event in this log.
    public var dropped: Int

    /// `presentation-inspector-log`.
    public static let formatName = "presentation-inspector-log"
    /// The version this build writes and the newest it reads.
    public static let currentVersion = 1

    /// A header for a log written now by this build (the current format and version).
    public init(created: Date = Date(), app: [String: String] = [:], device: [String: String] = [:], dropped: Int = 0) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.created = Self.iso8601(created)
        self.app = app
        self.device = device
        self.dropped = dropped
    }

    /// Creates a header with every field given, as read from a file.
    @_spi(Package) public init(format: String, version: Int, created: String, app: [String: String], device: [String: String], dropped: Int) {
        self.format = format; self.version = version; self.created = created
        self.app = app; self.device = device; self.dropped = dropped
    }

    static func iso8601(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }
}
