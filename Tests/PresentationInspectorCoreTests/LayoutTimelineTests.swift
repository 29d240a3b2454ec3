@_spi(Package) @testable import PresentationInspectorCore
@_spi(Package) import PresentationSimulator
import XCTest
import TestSupport

/// The timeline model (lanes, lifetimes, transitions, markers) and its geometry.
final class LayoutTimelineTests: XCTestCase {
    func testCameraScenarioHasALanePerLevelAndALifetimePerPresentation() throws {
        let t = PresentationTimeline.make(events: try ExportFixtures.events(BuiltInScenarios.camera))
        XCTAssertEqual(t.lanes.map(\.title), ["camera-window · root", "camera-window · level 1", "camera-window · level 2"])
        let presented = t.lifetimes.filter { !$0.isWindowRoot }
        XCTAssertEqual(presented.map(\.controller.id), ["photos", "peoplePicker", "peoplePicker"])
        XCTAssertEqual(presented.map(\.lane), [1, 2, 2])
        XCTAssertEqual(presented.map(\.presentSeq), [1, 3, 7])
        XCTAssertEqual(presented.map(\.endSeq), [10, 5, 10])
        XCTAssertEqual(presented.map { formatTime($0.start) }, ["0.000s", "0.500s", "1.500s"])
        XCTAssertEqual(presented.map { formatTime($0.end) }, ["2.350s", "1.350s", "2.350s"])
        XCTAssertEqual(presented.map(\.style), [.fullScreen, .formSheet, .formSheet])
        XCTAssertEqual(presented.map(\.isOpen), [false, false, false])
        let root = try XCTUnwrap(t.lifetimes.first(where: \.isWindowRoot))
        XCTAssertEqual(root.controller.id, "camera")
        XCTAssertTrue(root.isOpen)
        XCTAssertEqual(root.end, t.endTime)
    }

    func testTransitionsRunFromTheCallToTheCompletion() throws {
        let t = PresentationTimeline.make(events: try ExportFixtures.events(BuiltInScenarios.camera))
        let summary = t.transitions.map {
            "\($0.direction.rawValue) \($0.controller.id) \(formatTime($0.start))-\(formatTime($0.end)) #\($0.seq)/\($0.completedSeq ?? -1)"
        }
        XCTAssertEqual(summary, [
            "present photos 0.000s-0.350s #1/2", "present peoplePicker 0.500s-0.850s #3/4", "dismiss peoplePicker 1.000s-1.350s #5/6",
            "present peoplePicker 1.500s-1.850s #7/8", "dismiss peoplePicker 2.000s-2.350s #10/11",
        ])
        // The whole-chain dismissal animates the top-most controller, on its lane.
        XCTAssertEqual(t.transitions.last?.lane, 2)
    }

    func testMarkersCarryKindSeverityAndLane() throws {
        let t = PresentationTimeline.make(events: try ExportFixtures.events(BuiltInScenarios.camera))
        XCTAssertEqual(t.markers.map(\.seq), [1, 3, 5, 7, 9, 10], "completions get no marker")
        let rejection = try XCTUnwrap(t.markers.first { $0.seq == 9 })
        XCTAssertEqual(rejection.kind, .rejection)
        XCTAssertEqual(rejection.severity, .warning)
        // #9 was attempted on photos (level 1, already presenting): drawn there, not on the root lane.
        XCTAssertEqual(try t.lanes.element(rejection.lane).title, "camera-window · level 1", "a rejected present sits on the lane it was attempted at")
        XCTAssertEqual(t.markers.first { $0.seq == 10 }?.lane, 2, "a dismissal sits on the lane of its top controller")
    }

    func testOverlappingPresentationsAtOneLevelGetSeparateSlots() throws {
        // The filter (presented by the home tab's navigation controller) stays while another tab presents the promo.
        let t = PresentationTimeline.make(events: try ExportFixtures.events(BuiltInScenarios.tabContext))
        XCTAssertEqual(t.lanes.map(\.title), ["shop · root", "shop · level 1", "shop · level 1 (2)"])
        XCTAssertEqual(t.lifetimes.filter { !$0.isWindowRoot }.map { "\($0.controller.id)@\($0.lane)" }, ["filter@1", "promo@2"])
    }

    /// A level's slots: the lowest free one is taken, a freed one is reused lowest first, and a
    /// slot freed twice is freed once.
    func testSlotsAreTakenLowestFirst() {
        var pool = SlotPool()
        XCTAssertEqual((0..<4).map { _ in pool.take() }, [0, 1, 2, 3])
        pool.release(2); pool.release(0); pool.release(2); pool.release(9)
        XCTAssertEqual([pool.take(), pool.take(), pool.take()], [0, 2, 4])
        pool.release(3); pool.release(1)
        XCTAssertEqual([pool.take(), pool.take(), pool.take()], [1, 3, 5])
    }

    func testLifetimesOnOneLaneNeverOverlap() throws {
        var recordings = try BuiltInScenarios.all.map { try ExportFixtures.events($0) }
        recordings.append(try ExportFixtures.demoEvents())
        recordings.append(ExportFixtures.largeRecording(events: 2_000))
        for events in recordings {
            let t = PresentationTimeline.make(events: events)
            for lane in t.lanes.indices {
                let items = t.lifetimes.filter { $0.lane == lane }.sorted { $0.start < $1.start }
                for (a, b) in zip(items, items.dropFirst()) {
                    XCTAssertLessThanOrEqual(a.end, b.start, "\(t.lanes[lane].title): \(a.controller.id) overlaps \(b.controller.id)")
                }
            }
        }
    }

    func testGeometryKeepsBarsAndMarkersInsideTheirLanes() throws {
        let layout = TimelineLayout.make(events: try ExportFixtures.demoEvents())
        XCTAssertEqual(layout.lanes.count, layout.timeline.lanes.count)
        XCTAssertGreaterThan(layout.lanes.count, 10)
        for (a, b) in zip(layout.lanes, layout.lanes.dropFirst()) { XCTAssertFalse(a.frame.overlaps(b.frame)) }
        for bar in layout.bars {
            XCTAssertTrue(try layout.lanes.element(bar.lifetime.lane).frame.contains(bar.frame), "\(bar.lifetime.controller.id)")
            XCTAssertGreaterThanOrEqual(bar.frame.width, layout.options.minimumBarWidth)
        }
        for s in layout.segments { XCTAssertTrue(try layout.lanes.element(s.transition.lane).frame.contains(s.frame)) }
        for m in layout.markers {
            let f = try layout.lanes.element(m.marker.lane).frame
            let box = LayoutRect(x: m.center.x - m.radius, y: m.center.y - m.radius, width: 2 * m.radius, height: 2 * m.radius)
            XCTAssertTrue(f.contains(box), "marker #\(m.marker.seq)")
            XCTAssertEqual(m.center.x, layout.x(for: m.marker.time), accuracy: 1e-9)
            XCTAssertLessThan(m.row, layout.options.markerRows)
        }
        XCTAssertEqual(layout.x(for: layout.timeline.endTime) - layout.x(for: layout.timeline.startTime), layout.options.targetWidth, accuracy: 1e-6)
    }

    func testMarkersAtTheSameTimeAreStackedInRows() throws {
        // The diagnostics scenario fires several rejections at one instant on the root lane.
        let layout = TimelineLayout.make(events: try ExportFixtures.events(BuiltInScenarios.diagnostics))
        let crowded = Dictionary(grouping: layout.markers) { "\($0.marker.lane)@\($0.marker.time)" }.values.first { $0.count >= 3 }
        let group = try XCTUnwrap(crowded)
        XCTAssertEqual(Set(group.prefix(3).map(\.row)), [0, 1, 2])
    }

    func testTicksUseNiceStepsAndStayApart() {
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 100), 1)
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 50), 2)
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 30), 5)
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 10), 10)
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 1000), 0.1, accuracy: 1e-12)
        XCTAssertEqual(TimeAxis.step(pixelsPerSecond: 0.01), 10_000)
        let ticks = TimeAxis.ticks(from: 0.2, to: 3, pixelsPerSecond: 200)
        XCTAssertEqual(ticks.map(\.label), ["0.5s", "1.0s", "1.5s", "2.0s", "2.5s", "3.0s"])
        XCTAssertEqual(TimeAxis.label(150, step: 10), "2m 30s")
        let layout = TimelineLayout.make(events: ExportFixtures.largeRecording(events: 500))
        for (a, b) in zip(layout.ticks, layout.ticks.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.x - a.x, TimeAxis.minimumTickSpacing - 1e-6)
        }
    }

    func testFixedScaleIsCappedAtTheMaximumWidth() {
        let events = ExportFixtures.largeRecording(events: 400)
        let wide = TimelineLayout.make(events: events, options: .init(pixelsPerSecond: 10_000, maximumWidth: 5_000))
        XCTAssertEqual(wide.x(for: wide.timeline.endTime) - wide.originX, 5_000, accuracy: 1e-6)
        let narrow = TimelineLayout.make(events: events, options: .init(pixelsPerSecond: 20))
        XCTAssertEqual(narrow.pixelsPerSecond, 20, accuracy: 1e-9)
    }

    func testNoEventsGiveAnEmptyLayout() {
        let layout = TimelineLayout.make(events: [])
        XCTAssertTrue(layout.lanes.isEmpty)
        XCTAssertTrue(layout.markers.isEmpty)
        XCTAssertGreaterThan(layout.size.width, 0)
    }
}
