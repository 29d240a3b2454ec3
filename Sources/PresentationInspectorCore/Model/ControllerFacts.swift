/// What the presentation rules read about one controller, as a recording keeps it so that a
/// replay can rebuild the hierarchy: its container and place in it, its presentation
/// properties, and its window.
///
/// A recording keeps a controller's facts on the first event that names it and again on an
/// event whose call saw them changed (``Recorder/noteControllerFacts(_:)``); the log writes them as the
/// event's `facts` (docs/FORMATS.md). Fields that were not read are nil.
@_spi(Package) public struct ControllerFacts: Hashable, Sendable {
    /// How a container shows its children (DESIGN rule 6).
    @_spi(Package) public enum Container: String, Sendable, CaseIterable {
        /// Not a container.
        case none
        /// `UINavigationController`: the top child is visible.
        case navigation
        /// `UITabBarController`: the selected child is visible.
        case tabBar
        /// `UISplitViewController`: every child is visible.
        case split
        /// Any other container: every child is visible.
        case plain
    }

    /// The controller's id in the recording (`0x…` on a device, the scenario id in simulation).
    @_spi(Package) public var id: String
    /// Its class name.
    @_spi(Package) public var type: String
    /// Its title, when it has one.
    @_spi(Package) public var title: String?
    /// Its container kind, when read.
    @_spi(Package) public var container: Container?
    /// The id of its parent (`parent`), nil when it has none.
    @_spi(Package) public var parent: String?
    /// Its children in order (navigation: bottom → top), when read; nil when not read.
    @_spi(Package) public var children: [String]?
    /// A tab bar controller's `selectedIndex`, when read.
    @_spi(Package) public var selected: Int?
    /// `modalPresentationStyle`, when read.
    @_spi(Package) public var modalPresentationStyle: PresentationStyle?
    /// `modalTransitionStyle`, when read.
    @_spi(Package) public var modalTransitionStyle: TransitionStyle?
    /// `preferredTransition` (iOS 18 and later), when read: `.some(nil)` when it is not set.
    @_spi(Package) public var preferredTransition: TransitionStyle??
    /// `definesPresentationContext`, when read.
    @_spi(Package) public var definesPresentationContext: Bool?
    /// `providesPresentationContextTransitionStyle`, when read.
    @_spi(Package) public var providesPresentationContextTransitionStyle: Bool?
    /// `isModalInPresentation`, when read.
    @_spi(Package) public var isModalInPresentation: Bool?
    /// Its popover's anchor (`sourceView`, `sourceItem` or `barButtonItem`), when read: anchored,
    /// missing, or unknown where no popover presentation controller could be read (an action or
    /// share sheet in compact width has none).
    @_spi(Package) public var popoverAnchor: PopoverAnchorState?
    /// Which system controller it is (its class or a superclass), when it is one.
    @_spi(Package) public var systemController: SystemControllerKind?
    /// `UIAlertController.preferredStyle`, for an alert controller.
    @_spi(Package) public var preferredStyle: AlertControllerStyle?
    /// The window whose root contains it through `parent` (itself included), nil when none
    /// does: a presented controller and its children are in the window of whoever presents
    /// them, which the recorded calls tell, so this stays put while it is presented and dismissed.
    @_spi(Package) public var window: String?
    /// The id of the window whose root it is, nil when it is no window's root.
    @_spi(Package) public var windowRoot: String?
    /// Its window's horizontal size class, when read.
    @_spi(Package) public var horizontalSizeClass: SizeClass?
    /// Its window's vertical size class, when read (compact: an iPhone in landscape).
    @_spi(Package) public var verticalSizeClass: SizeClass?
    /// The controller presenting it, from a `present` the recorder's ring dropped: the ring passes
    /// what its dropped events said to the oldest event it keeps (``Recorder``), so that a replay
    /// of a recording that starts mid-session can rebuild the presentations already on screen.
    /// Nil when no dropped event says so, and once a dropped dismissal removed it.
    @_spi(Package) public var presentedBy: String?
    /// The style that present had in effect (UIKit's, where observed), beside ``presentedBy``.
    @_spi(Package) public var presentedAs: PresentationStyle?

    /// Creates facts naming only the controller; set the fields that were read.
    @_spi(Package) public init(id: String, type: String, title: String? = nil) {
        self.id = id
        self.type = type
        self.title = title
    }

    /// Whether `newer` says anything these facts do not: a field `newer` did not read (nil
    /// children, selection, container) changes nothing.
    @_spi(Package) public func isChanged(by newer: ControllerFacts) -> Bool { updated(by: newer) != self }

    /// These facts updated by `newer`: its fields where it read them, these where it did not.
    @_spi(Package) public func updated(by newer: ControllerFacts) -> ControllerFacts {
        var merged = newer
        if merged.children == nil { merged.children = children }
        if merged.selected == nil { merged.selected = selected }
        if merged.container == nil { merged.container = container }
        if merged.modalPresentationStyle == nil { merged.modalPresentationStyle = modalPresentationStyle }
        if merged.modalTransitionStyle == nil { merged.modalTransitionStyle = modalTransitionStyle }
        if merged.preferredTransition == nil { merged.preferredTransition = preferredTransition }
        if merged.definesPresentationContext == nil { merged.definesPresentationContext = definesPresentationContext }
        if merged.providesPresentationContextTransitionStyle == nil {
            merged.providesPresentationContextTransitionStyle = providesPresentationContextTransitionStyle
        }
        if merged.isModalInPresentation == nil { merged.isModalInPresentation = isModalInPresentation }
        if merged.popoverAnchor == nil { merged.popoverAnchor = popoverAnchor }
        if merged.systemController == nil { merged.systemController = systemController }
        if merged.preferredStyle == nil { merged.preferredStyle = preferredStyle }
        if merged.horizontalSizeClass == nil { merged.horizontalSizeClass = horizontalSizeClass }
        if merged.verticalSizeClass == nil { merged.verticalSizeClass = verticalSizeClass }
        if merged.presentedBy == nil { merged.presentedBy = presentedBy; merged.presentedAs = merged.presentedAs ?? presentedAs }
        return merged
    }
}

extension Array where Element == ControllerFacts {
    /// These facts, one per controller, updated by `newer` as a reader of the log would read them
    /// in turn: a controller that left its parent is no longer among that parent's children.
    mutating func merge(_ newer: ControllerFacts) {
        guard let i = firstIndex(where: { $0.id == newer.id }) else { append(newer); return }
        let before = self[i]
        self[i] = before.updated(by: newer)
        if let old = before.parent, old != newer.parent, let j = firstIndex(where: { $0.id == old }), let list = self[j].children {
            self[j].children = list.filter { $0 != newer.id }
        }
    }
}

/// Keeps the facts last recorded for each controller, so that an event carries a controller's
/// facts only the first time and when they changed: each controller's facts are held once,
/// not copied into every event.
///
/// Not thread-safe: the ``Recorder`` calls it under its lock.
struct ControllerFactsTracker {
    /// The most controllers it remembers; past that it forgets them all and starts again (their
    /// facts are then recorded once more), so a recording that names ever new controllers
    /// cannot make it grow without bound.
    static let capacity = 50_000

    private var known: [String: ControllerFacts] = [:]

    /// The facts among `facts` that are new or changed since last recorded, noted as recorded.
    mutating func changes(_ facts: [ControllerFacts]) -> [ControllerFacts] {
        var out: [ControllerFacts] = []
        for f in facts {
            var before = known[f.id]
            if let last = before, !last.isChanged(by: f) { continue }
            if known.count >= Self.capacity {
                known.removeAll()
                before = nil
            }
            known[f.id] = before.map { $0.updated(by: f) } ?? f
            // It left its parent: what the log last said of that parent's children no longer
            // holds (a reader drops it from them too), so the parent's next facts are recorded.
            if let old = before?.parent, old != f.parent, let list = known[old]?.children {
                known[old]?.children = list.filter { $0 != f.id }
            }
            // A controller read twice by one call (as a child, then on the call's path with its
            // children) is recorded once, with everything read.
            if let i = out.firstIndex(where: { $0.id == f.id }) { out[i] = out[i].updated(by: f) } else { out.append(f) }
        }
        return out
    }

    /// Forgets everything (the recording was reset).
    mutating func removeAll() { known.removeAll() }
}
