/// What happened over time, grouped into lanes: presented controllers' lifetimes, their
/// transitions and markers for requests, rejections and diagnostics. No geometry: the
/// timeline layout, the Perfetto exporter and the text exporter all read this.
@_spi(Package) public struct PresentationTimeline: Hashable, Sendable {
    /// Identifies a lane: a window, a presentation level (0 is the window's root) and a slot
    /// (more than one slot when two presentations at the same level overlap in time, which
    /// happens when a child container defines the context).
    @_spi(Package) public struct LaneKey: Hashable, Sendable {
        /// The window id (`(no window)` for detached controllers).
        @_spi(Package) public var window: String
        /// The presentation level: 0 for the window root, 1 for what it presents, and so on.
        @_spi(Package) public var level: Int
        /// 0, or the index of an extra lane for overlapping presentations at this level.
        @_spi(Package) public var slot: Int
    }

    /// One horizontal lane.
    @_spi(Package) public struct Lane: Hashable, Sendable {
        /// Which window, level and slot the lane shows.
        @_spi(Package) public var key: LaneKey
        /// `calendar · root`, `calendar · level 1`, `shop · level 1 (2)`.
        @_spi(Package) public var title: String
    }

    /// A controller's time on screen: a window root from its first sighting, a presented
    /// controller from its `present` to the end of its dismissal.
    @_spi(Package) public struct Lifetime: Hashable, Sendable {
        /// The controller on screen.
        @_spi(Package) public var controller: ControllerRef
        /// Index into ``PresentationTimeline/lanes``.
        @_spi(Package) public var lane: Int
        /// Seconds since the recording started.
        @_spi(Package) public var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        @_spi(Package) public var end: Double
        /// Still on screen when the recording ends.
        @_spi(Package) public var isOpen: Bool
        /// Whether this is a window's root rather than a presented controller.
        @_spi(Package) public var isWindowRoot: Bool
        /// The `present` event that started it (nil for window roots).
        @_spi(Package) public var presentSeq: Int?
        /// The event that removed it, when it was removed.
        @_spi(Package) public var endSeq: Int?
        /// The controller that presented it.
        @_spi(Package) public var presenting: ControllerRef?
        /// The effective presentation style.
        @_spi(Package) public var style: PresentationStyle?
    }

    /// Which way a transition runs.
    @_spi(Package) public enum Direction: String, Hashable, Sendable {
        /// A present transition, or a dismiss transition.
        case present, dismiss
    }

    /// A present or dismiss transition, from the call to its completion.
    @_spi(Package) public struct Transition: Hashable, Sendable {
        /// Present or dismiss.
        @_spi(Package) public var direction: Direction
        /// Index into ``PresentationTimeline/lanes``.
        @_spi(Package) public var lane: Int
        /// The controller moving (the top-most one for a dismissal).
        @_spi(Package) public var controller: ControllerRef
        /// Seconds since the recording started.
        @_spi(Package) public var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        @_spi(Package) public var end: Double
        /// The `present` or `dismiss` event.
        @_spi(Package) public var seq: Int
        /// The completion event, if it was recorded.
        @_spi(Package) public var completedSeq: Int?
        /// Whether the call asked for animation.
        @_spi(Package) public var animated: Bool
    }

    /// A time during which a presenting controller stays interactive below a sheet it presents: the
    /// sheet rests at or below its largest undimmed detent (DESIGN "Sheets"), from the event that
    /// put it there to the one that changed its detent or removed it.
    @_spi(Package) public struct Reachable: Hashable, Sendable {
        /// The controller the user can still touch (the sheet's presenting controller).
        @_spi(Package) public var controller: ControllerRef
        /// The sheet above it.
        @_spi(Package) public var sheet: ControllerRef
        /// The detent the sheet rests at.
        @_spi(Package) public var detent: String
        /// Index into ``PresentationTimeline/lanes``: the presenting controller's lane.
        @_spi(Package) public var lane: Int
        /// Seconds since the recording started.
        @_spi(Package) public var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        @_spi(Package) public var end: Double
        /// Still so when the recording ends.
        @_spi(Package) public var isOpen: Bool
        /// The event that began it (the sheet's present, or a detent change).
        @_spi(Package) public var startSeq: Int
        /// The event that ended it, when one did.
        @_spi(Package) public var endSeq: Int?
    }

    /// What a marker stands for.
    @_spi(Package) public enum MarkerKind: String, Hashable, Sendable {
        /// A present or dismiss call that went through.
        case request
        /// A present or dismiss that UIKit refused.
        case rejection
        /// An event with diagnostics (and not a rejection).
        case diagnostic
        /// A swipe-down of a sheet.
        case interactive
        /// A sheet came to rest at another detent.
        case detent
    }

    /// A point event on a lane.
    @_spi(Package) public struct Marker: Hashable, Sendable {
        /// The event the marker stands for.
        @_spi(Package) public var seq: Int
        /// The event's time, seconds since the recording started.
        @_spi(Package) public var time: Double
        /// Index into ``PresentationTimeline/lanes``.
        @_spi(Package) public var lane: Int
        /// What the marker stands for.
        @_spi(Package) public var kind: MarkerKind
        /// The most severe diagnostic of the event, if any.
        @_spi(Package) public var severity: Severity?
        /// A one-line description (the event summary).
        @_spi(Package) public var label: String
    }

    /// Lanes, window by window (in order of appearance), then by level and slot.
    @_spi(Package) public var lanes: [Lane] = []
    /// Every lifetime, in order of appearance.
    @_spi(Package) public var lifetimes: [Lifetime] = []
    /// Every present and dismiss transition, in order of the calls.
    @_spi(Package) public var transitions: [Transition] = []
    /// Markers in seq order.
    @_spi(Package) public var markers: [Marker] = []
    /// Every time a presenting controller stayed interactive below an undimmed sheet, in order of appearance.
    @_spi(Package) public var reachable: [Reachable] = []
    /// The earliest event time.
    @_spi(Package) public var startTime: Double = 0
    /// The latest event time (at least `startTime`).
    @_spi(Package) public var endTime: Double = 0

    /// Builds the timeline of a recording. Events are taken in `seq` order.
    @_spi(Package) public static func make(events: [Event]) -> PresentationTimeline {
        var builder = Builder()
        let sorted = events.sorted { $0.seq < $1.seq }
        var lifetimes: [(Int, Lifetime)] = [], transitions: [(Int, Transition)] = [], markers: [Marker] = []
        var reachable: [(Int, Reachable)] = []
        func collect(_ items: [Builder.Item]) {
            for item in items {
                switch item {
                case .lifetime(let n, let l): lifetimes.append((n, l))
                case .transition(let n, let x): transitions.append((n, x))
                case .marker(let m): markers.append(m)
                case .reachable(let n, let r): reachable.append((n, r))
                }
            }
        }
        for e in sorted { builder.add(e); collect(builder.drain()) }
        let end = builder.finish(start: sorted.map(\.time).min() ?? 0, end: sorted.map(\.time).max() ?? 0)
        collect(builder.drain())
        var t = PresentationTimeline()
        t.lanes = end.lanes
        t.lifetimes = lifetimes.sorted { $0.0 < $1.0 }.map { var l = $0.1; l.lane = end.laneIndex[l.lane]; return l }
        t.transitions = transitions.sorted { $0.0 < $1.0 }.map { var x = $0.1; x.lane = end.laneIndex[x.lane]; return x }
        t.markers = markers.map { var m = $0; m.lane = end.laneIndex[m.lane]; return m }
        t.reachable = reachable.sorted { $0.0 < $1.0 }.map { var r = $0.1; r.lane = end.laneIndex[r.lane]; return r }
        t.startTime = end.startTime
        t.endTime = end.endTime
        return t
    }
}
