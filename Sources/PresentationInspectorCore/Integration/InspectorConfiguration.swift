import Foundation

/// Everything an app can set when it starts the inspector
/// (`PresentationInspector.start(configuration:)`).
///
/// The defaults suit a debug build: 10,000 events in memory, no live log file, shake to
/// open, FLEX integration when FLEX is linked, signposts on, titles recorded and exported,
/// the inspector's own UI and FLEX's UI excluded.
public struct InspectorConfiguration: Sendable {
    /// How many events the in-memory ring retains; older ones are dropped and counted in the
    /// log header's `dropped` field.
    public var capacity: Int
    /// A JSONL file that receives every event as it is recorded (header first, one `write`
    /// per line, so a crash loses at most the last line). `nil` writes no file.
    public var liveLogPath: String?
    /// Whether shaking the device opens the overlay.
    public var opensOnShake: Bool
    /// Whether, when FLEX is linked (the package trait `FLEX`, on by default), a "Presentations" entry and controller shortcuts are
    /// registered in FLEX's menus.
    public var registersWithFLEX: Bool
    /// Whether each present and dismiss is emitted as an `os_signpost` interval
    /// (subsystem `PresentationInspector`, category `Presentations`).
    public var emitsSignposts: Bool
    /// Whether controller titles are read at all. When false no title is ever recorded —
    /// not in memory, not in the live log, not in exports.
    public var recordsTitles: Bool
    /// Whether titles are removed from exported logs and signposts. The in-memory
    /// events and the live log keep them; use ``recordsTitles`` to keep them out everywhere.
    public var redactsTitlesInExports: Bool
    /// Whether the inspector's own UI and FLEX's UI are left out of the recording
    /// (their windows and controllers, by type name).
    public var excludesInspectorAndFLEX: Bool
    /// Return true for a controller whose presentations and dismissals must not be
    /// recorded; calls involving it go straight to UIKit. Called on the calling thread
    /// (the main thread for UIKit), so keep it cheap.
    public var ignore: (@Sendable (ControllerRef) -> Bool)?
    /// Seconds after a dismissal at which dismissed controllers are checked for leaks;
    /// `nil` turns leak checks off.
    public var leakCheckDelay: Double?
    /// Options of the presentation model (deep-chain limit).
    public var resolver: ResolverOptions
    /// Whether each present is also resolved in the other size class (compact ↔
    /// regular): where the other kind of device would raise (an anchorless popover on iPad),
    /// refuse the present or cover another controller's area, the event gets an
    /// `other-size-class` warning with UIKit's message and the fix. On by default; it costs one
    /// more resolve per present.
    public var checksOtherSizeClass: Bool
    /// Whether each present is also resolved by the rules of the app's other supported iOS
    /// versions: where users there would see something else (a default sheet on iPad is a
    /// pageSheet before iOS 18 and a smaller formSheet from iOS 18), the event gets an
    /// `other-ios-version` note (info). On by default.
    public var checksOtherIOSVersions: Bool
    /// The oldest iOS version the app supports, where that comparison starts; nil (the default)
    /// reads the app's `MinimumOSVersion` from its Info.plist.
    public var minimumIOSVersion: SystemVersion?
    /// Lets `start` run in a build without the `DEBUG` flag. Off by default so that a
    /// forgotten `start()` in release code does nothing.
    public var allowsReleaseBuilds: Bool

    /// Creates a configuration; every parameter has the default described on its property.
    public init(capacity: Int = 10_000, liveLogPath: String? = nil, opensOnShake: Bool = true,
                registersWithFLEX: Bool = true, emitsSignposts: Bool = true, recordsTitles: Bool = true,
                redactsTitlesInExports: Bool = false, excludesInspectorAndFLEX: Bool = true,
                ignore: (@Sendable (ControllerRef) -> Bool)? = nil, leakCheckDelay: Double? = 2.0,
                resolver: ResolverOptions = ResolverOptions(), allowsReleaseBuilds: Bool = false,
                checksOtherSizeClass: Bool = true, checksOtherIOSVersions: Bool = true, minimumIOSVersion: SystemVersion? = nil) {
        self.capacity = capacity
        self.liveLogPath = liveLogPath
        self.opensOnShake = opensOnShake
        self.registersWithFLEX = registersWithFLEX
        self.emitsSignposts = emitsSignposts
        self.recordsTitles = recordsTitles
        self.redactsTitlesInExports = redactsTitlesInExports
        self.excludesInspectorAndFLEX = excludesInspectorAndFLEX
        self.ignore = ignore
        self.leakCheckDelay = leakCheckDelay
        self.resolver = resolver
        self.allowsReleaseBuilds = allowsReleaseBuilds
        self.checksOtherSizeClass = checksOtherSizeClass
        self.checksOtherIOSVersions = checksOtherIOSVersions
        self.minimumIOSVersion = minimumIOSVersion
    }

    /// The exclusions this configuration asks for: the built-in ones (when
    /// ``excludesInspectorAndFLEX``) plus ``ignore``.
    @_spi(Package) public var exclusionPolicy: ExclusionPolicy {
        var policy = excludesInspectorAndFLEX ? ExclusionPolicy.inspectorAndFLEX : ExclusionPolicy.none
        policy.predicate = ignore
        return policy
    }

    /// The hook handler's settings derived from this configuration. A session records what the
    /// hierarchy reports after every call (observation first), so it always records observations.
    @_spi(Package) public var handlerConfiguration: HandlerConfiguration {
        HandlerConfiguration(resolver: resolver, leakCheckDelay: leakCheckDelay, ignore: exclusionPolicy.controllerPredicate,
                             recordsObservations: true, checksOtherSizeClass: checksOtherSizeClass,
                             checksOtherIOSVersions: checksOtherIOSVersions,
                             minimumIOS: minimumIOSVersion ?? Self.minimumOSVersion(in: Bundle.main.infoDictionary))
    }

    /// The app's `MinimumOSVersion` (its deployment target, which Xcode writes into Info.plist),
    /// or nil when absent or not a version.
    @_spi(Package) public static func minimumOSVersion(in info: [String: Any]?) -> SystemVersion? {
        (info?["MinimumOSVersion"] as? String).flatMap(SystemVersion.init(parsing:))
    }
}

/// Whether `start` may run: only in DEBUG builds unless the app explicitly allows release builds.
@_spi(Package) public enum ReleaseGate {
    /// The decision for a build (`isDebugBuild` is `true` when compiled with `DEBUG`).
    @_spi(Package) public static func allowsStart(isDebugBuild: Bool, configuration: InspectorConfiguration) -> Bool {
        isDebugBuild || configuration.allowsReleaseBuilds
    }

    /// What `start` prints when it refuses to run.
    @_spi(Package) public static let refusalMessage =
        "PresentationInspector: start() ignored: this build was compiled without DEBUG. " +
        "Link the package into debug configurations only, or set allowsReleaseBuilds to force it."
}
