@_spi(Package) import PresentationInspectorCore

/// A simulation input: controllers, windows and the steps to run (DESIGN "Scenario files").
public struct Scenario: Sendable {
    /// The device kind: decides the default size class.
    public enum Idiom: String, Sendable, CaseIterable { case phone, pad }

    public struct Environment: Sendable {
        public var idiom: Idiom
        public var horizontalSizeClass: SizeClass
        /// The vertical size class: `compact` stands for an iPhone in landscape (regular by default).
        public var verticalSizeClass: SizeClass
        /// The iOS version (`"iOS": "17.4"`), where UIKit's behaviour changed between versions;
        /// nil: the newest behaviour the model knows.
        public var systemVersion: SystemVersion?
        public init(idiom: Idiom = .phone, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass = .regular,
                    systemVersion: SystemVersion? = nil) {
            self.idiom = idiom
            self.horizontalSizeClass = horizontalSizeClass ?? (idiom == .pad ? .regular : .compact)
            self.verticalSizeClass = verticalSizeClass
            self.systemVersion = systemVersion
        }
    }

    /// One declared controller.
    public struct Controller: Sendable {
        public var id: String
        public var type: String
        public var title: String?
        public var container: ContainerKind?
        public var children: [String] = []
        public var selected: Int = 0
        public var modalPresentationStyle: PresentationStyle?
        public var modalTransitionStyle: TransitionStyle?
        /// `preferredTransition` (iOS 18 and later), when set.
        public var preferredTransition: TransitionStyle?
        public var definesPresentationContext: Bool?
        public var providesPresentationContextTransitionStyle: Bool?
        public var isModalInPresentation: Bool?
        /// Its popover's anchor (`hasPopoverAnchor`, or `popoverAnchor`: `none` is missing, `unknown`
        /// where the recording could not see it).
        public var popoverAnchor: PopoverAnchorState?
        /// The system controller it is, when its type is a subclass (a type naming a system class
        /// implies it).
        public var systemController: SystemControllerKind?
        /// `UIAlertController.preferredStyle`, for an alert controller (required for one).
        public var preferredStyle: AlertControllerStyle?
        /// Its sheet's `detents` (identifiers, smallest first); nil: UIKit's default, `[large]`.
        public var detents: [String]?
        /// Its sheet's `selectedDetentIdentifier`.
        public var selectedDetent: String?
        /// Its sheet's `largestUndimmedDetentIdentifier`.
        public var largestUndimmedDetent: String?
        /// Its sheet's `prefersGrabberVisible`.
        public var prefersGrabberVisible: Bool?
        /// Its sheet's `prefersEdgeAttachedInCompactHeight`.
        public var prefersEdgeAttachedInCompactHeight: Bool?
        /// Its sheet's `prefersPageSizing` (iOS 17 and later); nil: the version's default.
        public var prefersPageSizing: Bool?
        /// Something outside the scenario keeps it alive (a retain cycle): leak checks find it.
        public var leaks = false
        /// A note for the reader (a replayed recording says here which facts it lacked).
        public var comment: String?

        public init(id: String, type: String) { self.id = id; self.type = type }
    }

    /// One declared window.
    public struct Window: Sendable {
        public var id: String
        public var root: String
        public var level: Double = 0
        public var key = false
        public init(id: String, root: String) { self.id = id; self.root = root }
    }

    /// A property that a `set` step changes.
    public enum Property: Sendable, Equatable {
        case modalPresentationStyle(PresentationStyle)
        case modalTransitionStyle(TransitionStyle)
        /// `preferredTransition`; nil clears it.
        case preferredTransition(TransitionStyle?)
        case definesPresentationContext(Bool)
        case providesPresentationContextTransitionStyle(Bool)
        case isModalInPresentation(Bool)
        case popoverAnchor(PopoverAnchorState)
        case title(String?)
        /// Its sheet's `detents`.
        case detents([String])
        /// Its sheet's `selectedDetentIdentifier`, without the event a `selectDetent` step records.
        case selectedDetent(String?)
        /// Its sheet's `largestUndimmedDetentIdentifier`; nil dims every detent.
        case largestUndimmedDetent(String?)
        case prefersGrabberVisible(Bool)
        case prefersEdgeAttachedInCompactHeight(Bool)
        case prefersPageSizing(Bool)
    }

    /// One step of the script.
    public enum Action: Sendable, Equatable {
        case present(String, from: String, animated: Bool)
        case dismiss(String, animated: Bool)
        case push(String, onto: String, animated: Bool)
        case pop(String, animated: Bool)
        case select(Int, in: String)
        case addChild(String, to: String)
        case removeFromParent(String)
        case set(String, [Property])
        case advance(Double)
        case swipeDown(String, complete: Bool)
        case release(String)
        /// Forgets what the steps before it recorded and numbers the next event as given (or the
        /// next free number, if that is later): a replay of a recording that starts mid-session
        /// rebuilds the state it started in with the steps before, unrecorded.
        case startRecording(Int)
        /// A presented sheet comes to rest at this detent (nil: the smallest): the user dragged it, or
        /// the app set `selectedDetentIdentifier`. Records `sheet-detent-changed`.
        case selectDetent(String?, in: String)
    }

    public struct Step: Sendable {
        public var action: Action
        /// The thread the call is made on (`"main"` unless the step says otherwise).
        public var thread: String
        /// What UIKit reported instead of the model's answer (present and dismiss steps only).
        public var observed: Observed?
        /// present: what UIKit reported once the transition ended, where it differs from
        /// `observed` (a device's `present-completed`: adaptation is known only then). The
        /// simulation applies it at the end of the transition, and records its drift there.
        public var observedAtEnd: Observed?
        /// A note for the reader.
        public var comment: String?
        /// The line of the file the step starts on, when it was read from one: what an error
        /// running the step names.
        public var line: Int?
        public init(_ action: Action, thread: String = "main", observed: Observed? = nil) {
            self.action = action; self.thread = thread; self.observed = observed
        }
    }

    /// The deepest containment (levels of `parent`) a scenario may declare or build: far beyond
    /// any real hierarchy, and small enough that every walk over it stays cheap.
    public static let maximumContainmentDepth = 1_000

    public var name: String
    public var environment = Environment()
    public var controllers: [Controller] = []
    public var windows: [Window] = []
    public var steps: [Step] = []
    /// The scenario's `options.checksOtherSizeClass`: false runs it without the `other-size-class`
    /// check; nil (absent) leaves the simulation's configuration in charge.
    public var checksOtherSizeClass: Bool?
    /// The scenario's `options.checksOtherIOSVersions`: false runs it without the `other-ios-version`
    /// comparison; nil (absent) leaves the simulation's configuration in charge.
    public var checksOtherIOSVersions: Bool?
    /// The scenario's `options.minimumIOS`: the app's oldest supported iOS, where the
    /// `other-ios-version` comparison starts (nil: the package's, iOS 15).
    public var minimumIOS: SystemVersion?
    /// A note for the reader.
    public var comment: String?
    /// The file it came from, for messages.
    public var file: String = "<scenario>"

    public init(name: String) { self.name = name }
}

/// A scenario that cannot be read or run. The description names the file, the step and the key.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// `line:column` of what the error names: the JSON syntax error, or the key, element or
    /// step at fault (the deepest part of it found in the file).
    public var line: Int?
    public var column: Int?
    /// Where in the document: `steps[3]`, `controllers[1]`, `windows[0]`…
    public var location: String?
    /// The key at fault.
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, location: String? = nil, key: String? = nil, message: String) {
        self.file = file; self.line = line; self.column = column; self.location = location; self.key = key; self.message = message
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)"; if let column { s += ":\(column)" } }
        s += ": "
        if let location { s += location; s += key.map { " key \"\($0)\"" } ?? ""; s += ": " }
        else if let key { s += "key \"\(key)\": " }
        return VisibleText.escaped(s + message)  // one line, whatever the file holds
    }
}
