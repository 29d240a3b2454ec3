/// What happened over time, grouped into lanes: presented controllers' lifetimes, their
/// transitions and markers for requests, rejections and diagnostics. No geometry: the
/// timeline layout, the Perfetto exporter and the text exporter all read this.
package struct PresentationTimeline: Hashable, Sendable {
    /// Identifies a lane: a window, a presentation level (0 is the window's root) and a slot
    /// (more than one slot when two presentations at the same level overlap in time, which
    /// happens when a child container defines the context).
    package struct LaneKey: Hashable, Sendable {
        /// The window id (`(no window)` for detached controllers).
        package var window: String
        /// The presentation level: 0 for the window root, 1 for what it presents, and so on.
        package var level: Int
        /// 0, or the index of an extra lane for overlapping presentations at this level.
        package var slot: Int
    }

    /// One horizontal lane.
    package struct Lane: Hashable, Sendable {
        /// Which window, level and slot the lane shows.
        package var key: LaneKey
        /// `calendar · root`, `calendar · level 1`, `shop · level 1 (2)`.
        package var title: String
    }

    /// A controller's time on screen: a window root from its first sighting, a presented
    /// controller from its `present` to the end of its dismissal.
    package struct Lifetime: Hashable, Sendable {
        /// The controller on screen.
        package var controller: ControllerRef
        /// Index into ``PresentationTimeline/lanes``.
        package var lane: Int
        /// Seconds since the recording started.
        package var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        package var end: Double
        /// Still on screen when the recording ends.
        package var isOpen: Bool
        /// Whether this is a window's root rather than a presented controller.
        package var isWindowRoot: Bool
        /// The `present` event that started it (nil for window roots).
        package var presentSeq: Int?
        /// The event that removed it, when it was removed.
        package var endSeq: Int?
        /// The controller that presented it.
        package var presenting: ControllerRef?
        /// The effective presentation style.
        package var style: PresentationStyle?
    }

    /// Which way a transition runs.
    package enum Direction: String, Hashable, Sendable {
        /// A present transition, or a dismiss transition.
        case present, dismiss
    }

    /// A present or dismiss transition, from the call to its completion.
    package struct Transition: Hashable, Sendable {
        /// Present or dismiss.
        package var direction: Direction
        /// Index into ``PresentationTimeline/lanes``.
        package var lane: Int
        /// The controller moving (the top-most one for a dismissal).
        package var controller: ControllerRef
        /// Seconds since the recording started.
        package var start: Double
        /// Seconds since the recording started (the recording's end when still open).
        package var end: Double
        /// The `present` or `dismiss` event.
        package var seq: Int
        /// The completion event, if it was recorded.
        package var completedSeq: Int?
        /// Whether the call asked for animation.
        package var animated: Bool
    }

    /// What a marker stands for.
    package enum MarkerKind: String, Hashable, Sendable {
        /// A present or dismiss call that went through.
        case request
        /// A present or dismiss that UIKit refused.
        case rejection
        /// An event with diagnostics (and not a rejection).
        case diagnostic
        /// A swipe-down of a sheet.
        case interactive
    }

    /// A point event on a lane.
    package struct Marker: Hashable, Sendable {
        /// The event the marker stands for.
        package var seq: Int
        /// The event's time, seconds since the recording started.
        package var time: Double
        /// Index into ``PresentationTimeline/lanes``.
        package var lane: Int
        /// What the marker stands for.
        package var kind: MarkerKind
        /// The most severe diagnostic of the event, if any.
        package var severity: Severity?
        /// A one-line description (the event summary).
        package var label: String
    }

    /// Lanes, window by window (in order of appearance), then by level and slot.
    package var lanes: [Lane] = []
    /// Every lifetime, in order of appearance.
    package var lifetimes: [Lifetime] = []
    /// Every present and dismiss transition, in order of the calls.
    package var transitions: [Transition] = []
    /// Markers in seq order.
    package var markers: [Marker] = []
    /// The earliest event time.
    package var startTime: Double = 0
    /// The latest event time (at least `startTime`).
    package var endTime: Double = 0

    /// Builds the timeline of a recording. Events are taken in `seq` order.
    package static func make(events: [Event]) -> PresentationTimeline {
        var builder = Builder()
        let sorted = events.sorted { $0.seq < $1.seq }
        var lifetimes: [(Int, Lifetime)] = [], transitions: [(Int, Transition)] = [], markers: [Marker] = []
        func collect(_ items: [Builder.Item]) {
            for item in items {
                switch item {
                case .lifetime(let n, let l): lifetimes.append((n, l))
                case .transition(let n, let x): transitions.append((n, x))
                case .marker(let m): markers.append(m)
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
        t.startTime = end.startTime
        t.endTime = end.endTime
        return t
    }
}
