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

    /// A header naming the app this code runs in, for an export that should carry its name (the
    /// HTML report's title, the summary's `app:` line): the app's display name (else its bundle
    /// name, else the process name), its bundle identifier, version and build, from the main
    /// bundle; the operating system and its version. ``Exporter`` uses it when no header is given.
    ///
    /// In an iOS app's own exports (`PresentationInspector.export(format:to:)`) the device's model
    /// and idiom are added. In a unit test hosted by an app the main bundle is the app's; in one
    /// without a host, and on Linux, it is the test runner's.
    public static func currentApp(created: Date = Date()) -> LogHeader {
        let info = Bundle.main.infoDictionary ?? [:]
        var app: [String: String] = [:]
        app["name"] = (info["CFBundleDisplayName"] as? String) ?? (info["CFBundleName"] as? String) ?? ProcessInfo.processInfo.processName
        app["bundleID"] = Bundle.main.bundleIdentifier
        app["version"] = info["CFBundleShortVersionString"] as? String
        app["build"] = info["CFBundleVersion"] as? String
        let v = ProcessInfo.processInfo.operatingSystemVersion
        #if os(iOS)
        let system = "iOS"
        #elseif os(macOS)
        let system = "macOS"
        #elseif os(Linux)
        let system = "Linux"
        #else
        let system = "unknown system"
        #endif
        return LogHeader(created: created, app: app, device: ["system": "\(system) \(v.majorVersion).\(v.minorVersion).\(v.patchVersion)"])
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
