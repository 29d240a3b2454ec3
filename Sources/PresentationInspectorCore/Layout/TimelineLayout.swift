/// The timeline's geometry: lanes stacked top to bottom under a time axis, a bar per
/// lifetime, transition segments over the bars, and markers above them.
///
/// Pure geometry, no drawing: the SVG renderer and (later) the iOS overlay draw it.
@_spi(Package) public struct TimelineLayout: Hashable, Sendable {
    /// Sizes and scale.
    @_spi(Package) public struct Options: Hashable, Sendable {
        /// Horizontal scale; nil fits the recording into ``targetWidth``.
        @_spi(Package) public var pixelsPerSecond: Double?
        /// The width of the plot area (right of the lane titles) when fitting.
        @_spi(Package) public var targetWidth: Double
        /// The widest the plot area may get when `pixelsPerSecond` is given.
        @_spi(Package) public var maximumWidth: Double
        /// Room for the lane titles on the left.
        @_spi(Package) public var laneTitleWidth: Double
        /// The height of one lane.
        @_spi(Package) public var laneHeight: Double
        /// The space between two lanes.
        @_spi(Package) public var laneGap: Double
        /// Room for the time axis above the lanes.
        @_spi(Package) public var axisHeight: Double
        /// Bars and segments are never drawn narrower than this.
        @_spi(Package) public var minimumBarWidth: Double
        /// The radius of a marker.
        @_spi(Package) public var markerRadius: Double
        /// Markers closer than this horizontally are stacked in rows.
        @_spi(Package) public var markerRows: Int

        /// Creates options; every value has a default suited to a desktop browser.
        @_spi(Package) public init(pixelsPerSecond: Double? = nil, targetWidth: Double = 960, maximumWidth: Double = 16_000,
                    laneTitleWidth: Double = 190, laneHeight: Double = 40, laneGap: Double = 4, axisHeight: Double = 26,
                    minimumBarWidth: Double = 2, markerRadius: Double = 3.5, markerRows: Int = 3) {
            self.pixelsPerSecond = pixelsPerSecond; self.targetWidth = targetWidth; self.maximumWidth = maximumWidth
            self.laneTitleWidth = laneTitleWidth; self.laneHeight = laneHeight; self.laneGap = laneGap
            self.axisHeight = axisHeight; self.minimumBarWidth = minimumBarWidth; self.markerRadius = markerRadius
            self.markerRows = max(1, markerRows)
        }
    }

    /// A lane's band and title.
    @_spi(Package) public struct Lane: Hashable, Sendable {
        /// The lane's title, shown in the left column.
        @_spi(Package) public var title: String
        /// The window the lane belongs to.
        @_spi(Package) public var window: String
        /// The presentation level (0: the window root).
        @_spi(Package) public var level: Int
        /// The whole band, title column included.
        @_spi(Package) public var frame: LayoutRect
    }

    /// A lifetime bar.
    @_spi(Package) public struct Bar: Hashable, Sendable {
        /// The lifetime drawn.
        @_spi(Package) public var lifetime: PresentationTimeline.Lifetime
        /// Where it is drawn.
        @_spi(Package) public var frame: LayoutRect
    }

    /// A transition segment, drawn over the bar of its lane.
    @_spi(Package) public struct Segment: Hashable, Sendable {
        /// The transition drawn.
        @_spi(Package) public var transition: PresentationTimeline.Transition
        /// Where it is drawn.
        @_spi(Package) public var frame: LayoutRect
    }

    /// A strip along the bottom of a presenting controller's bar while it stays interactive below
    /// an undimmed sheet (``PresentationTimeline/Reachable``).
    @_spi(Package) public struct Band: Hashable, Sendable {
        /// The time drawn.
        @_spi(Package) public var reachable: PresentationTimeline.Reachable
        /// Where it is drawn.
        @_spi(Package) public var frame: LayoutRect
    }

    /// A marker's position.
    @_spi(Package) public struct Marker: Hashable, Sendable {
        /// The marker drawn.
        @_spi(Package) public var marker: PresentationTimeline.Marker
        /// Its centre.
        @_spi(Package) public var center: LayoutPoint
        /// Its radius.
        @_spi(Package) public var radius: Double
        /// 0 for the first row; markers crowding the same spot go to later rows.
        @_spi(Package) public var row: Int
    }

    /// A tick on the time axis.
    @_spi(Package) public struct Tick: Hashable, Sendable {
        /// The tick's time, seconds since the recording started.
        @_spi(Package) public var time: Double
        /// The tick's x coordinate.
        @_spi(Package) public var x: Double
        /// `0s`, `0.5s`, `1m 30s`.
        @_spi(Package) public var label: String
    }

    /// The timeline laid out.
    @_spi(Package) public var timeline: PresentationTimeline
    /// The options used.
    @_spi(Package) public var options: Options
    /// The size of the whole drawing, title column included.
    @_spi(Package) public var size: LayoutSize
    /// x of ``PresentationTimeline/startTime``.
    @_spi(Package) public var originX: Double
    /// The horizontal scale used.
    @_spi(Package) public var pixelsPerSecond: Double
    /// Lanes, top to bottom.
    @_spi(Package) public var lanes: [Lane]
    /// A bar per lifetime.
    @_spi(Package) public var bars: [Bar]
    /// A segment per transition.
    @_spi(Package) public var segments: [Segment]
    /// A marker per timeline marker.
    @_spi(Package) public var markers: [Marker]
    /// A band per time a presenting controller stayed interactive below an undimmed sheet.
    @_spi(Package) public var bands: [Band] = []
    /// Ticks of the time axis, left to right.
    @_spi(Package) public var ticks: [Tick]

    /// The x coordinate of a time.
    @_spi(Package) public func x(for time: Double) -> Double { originX + (time - timeline.startTime) * pixelsPerSecond }

    /// Lays out the timeline of a recording.
    @_spi(Package) public static func make(events: [Event], options: Options = Options()) -> TimelineLayout {
        make(timeline: PresentationTimeline.make(events: events), options: options)
    }

    /// Lays out an already-built timeline.
    @_spi(Package) public static func make(timeline t: PresentationTimeline, options o: Options = Options()) -> TimelineLayout {
        let duration = max(t.endTime - t.startTime, 0)
        let plotWidth: Double
        let pps: Double
        if let given = o.pixelsPerSecond, given > 0 {
            plotWidth = min(max(duration * given, 1), o.maximumWidth)
            pps = duration > 0 ? plotWidth / duration : given
        } else {
            plotWidth = o.targetWidth
            pps = duration > 0 ? o.targetWidth / duration : o.targetWidth
        }
        let pad = o.markerRadius * 2 + 2  // so edge markers are not clipped
        let originX = o.laneTitleWidth + pad
        let width = originX + plotWidth + pad
        func x(_ time: Double) -> Double { originX + (time - t.startTime) * pps }

        var lanes: [Lane] = []
        for (i, l) in t.lanes.enumerated() {
            let y = o.axisHeight + Double(i) * (o.laneHeight + o.laneGap)
            lanes.append(Lane(title: l.title, window: l.key.window, level: l.key.level,
                              frame: LayoutRect(x: 0, y: y, width: width, height: o.laneHeight)))
        }
        let height = o.axisHeight + Double(t.lanes.count) * (o.laneHeight + o.laneGap)
        // Bars fill the lower part of a lane; the upper part holds marker rows.
        let markerStrip = Double(o.markerRows) * (o.markerRadius * 2 + 1) + 3
        func barRect(_ lane: Int, _ start: Double, _ end: Double, inset: Double = 0) -> LayoutRect {
            let f = lanes[lane].frame
            let x0 = x(start)
            let w = max(x(end) - x0, o.minimumBarWidth)
            let top = f.y + markerStrip + inset
            return LayoutRect(x: x0, y: top, width: w, height: max(f.maxY - 3 - inset - top, 2))
        }
        let bars = t.lifetimes.map { Bar(lifetime: $0, frame: barRect($0.lane, $0.start, $0.end)) }
        let segments = t.transitions.map { Segment(transition: $0, frame: barRect($0.lane, $0.start, $0.end, inset: 2)) }
        let bands = t.reachable.map { r -> Band in
            let bar = barRect(r.lane, r.start, r.end)
            return Band(reachable: r, frame: LayoutRect(x: bar.x, y: bar.maxY - 4, width: bar.width, height: 4))
        }

        var markers: [Marker] = []
        var lastXByRow: [Int: [Double]] = [:]  // per lane: the last x used in each row
        let spacing = o.markerRadius * 2 + 1
        for m in t.markers {
            let cx = x(m.time)
            var rows = lastXByRow[m.lane] ?? Array(repeating: -Double.infinity, count: o.markerRows)
            let row = rows.firstIndex { cx - $0 >= spacing } ?? rows.indices.min { rows[$0] < rows[$1] }!
            rows[row] = cx
            lastXByRow[m.lane] = rows
            let cy = lanes[m.lane].frame.y + 2 + o.markerRadius + Double(row) * spacing
            markers.append(Marker(marker: m, center: LayoutPoint(x: cx, y: cy), radius: o.markerRadius, row: row))
        }

        let ticks = TimeAxis.ticks(from: t.startTime, to: t.startTime + plotWidth / pps, pixelsPerSecond: pps).map {
            Tick(time: $0.time, x: x($0.time), label: $0.label)
        }
        var layout = TimelineLayout(timeline: t, options: o, size: LayoutSize(width: width, height: max(height, o.axisHeight)),
                                    originX: originX, pixelsPerSecond: pps, lanes: lanes, bars: bars, segments: segments,
                                    markers: markers, ticks: ticks)
        layout.bands = bands
        return layout
    }
}

/// Picks "nice" tick positions (1, 2 or 5 × a power of ten) for a time axis.
@_spi(Package) public enum TimeAxis {
    /// The smallest gap between two ticks, in points.
    @_spi(Package) public static let minimumTickSpacing = 70.0

    /// The tick step for a scale: the smallest nice step at least ``minimumTickSpacing`` wide.
    @_spi(Package) public static func step(pixelsPerSecond: Double) -> Double {
        guard pixelsPerSecond > 0, pixelsPerSecond.isFinite else { return 1 }
        let raw = minimumTickSpacing / pixelsPerSecond
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for m in [1.0, 2.0, 5.0, 10.0] where magnitude * m >= raw { return magnitude * m }
        return magnitude * 10
    }

    /// Ticks from the first multiple of the step at or after `start` up to `end`.
    @_spi(Package) public static func ticks(from start: Double, to end: Double, pixelsPerSecond: Double) -> [(time: Double, label: String)] {
        let s = step(pixelsPerSecond: pixelsPerSecond)
        var out: [(Double, String)] = []
        var k = (start / s).rounded(.up)
        while k * s <= end + s * 1e-9, out.count < 10_000 {
            let t = k * s
            out.append((t, label(t, step: s)))
            k += 1
        }
        return out
    }

    /// `0s`, `0.35s`, `12s`, `2m 05s`, with as many decimals as the step needs.
    @_spi(Package) public static func label(_ t: Double, step: Double) -> String {
        var decimals = 0
        var s = step
        while s < 1 - 1e-9, decimals < 6 { s *= 10; decimals += 1 }
        if t >= 60, step >= 1 {
            let total = clampedInt(t)
            let m = total / 60, sec = total % 60
            return "\(m)m \(sec < 10 ? "0" : "")\(sec)s"
        }
        return fixed(t, decimals) + "s"
    }

    /// A decimal rendering with exactly `decimals` digits after the point (Foundation-free).
    static func fixed(_ v: Double, _ decimals: Int) -> String {
        var p = 1.0
        for _ in 0..<decimals { p *= 10 }
        guard v.isFinite, abs(v) * p < 1e15 else { return String(v) }  // out of range: as it is
        let n = clampedInt(abs(v) * p)
        let sign = v < 0 && n != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(n) }
        let whole = n / Int(p), frac = String(n % Int(p))
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - frac.count) + frac
    }
}
