// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import SwiftUI
import UIKit
import PresentationInspector

extension PresentationTour {
    /// A `UIHostingController` presented by UIKit, and SwiftUI's `.sheet`, `.fullScreenCover`
    /// and `.popover` shown and hidden from it by their bindings.
    public static func swiftUI() async -> TourStageResult {
        await stage("SwiftUI") { stage in
            let home = try await TourDriver.home()
            let model = SwiftUITourModel()
            let hosting = UIHostingController(rootView: SwiftUITourView(model: model))
            hosting.title = "SwiftUI screen"
            hosting.modalPresentationStyle = .fullScreen
            let host = try await TourDriver.present(hosting, from: home, animated: true, step: "UIHostingController, fullScreen")
            stage.presents.append(host)
            stage.checks.append { events in
                let e = events.first { $0.seq > host.recordedAfter && $0.kind == .present && $0.presented?.id == host.presentedID }
                guard let type = e?.presented?.type, type.hasPrefix("UIHostingController<") else {
                    return ["UIHostingController: recorded as \(e?.presented?.type ?? "nothing")"]
                }
                return []
            }

            let modifiers: [(name: String, binding: ReferenceWritableKeyPath<SwiftUITourModel, Bool>)] =
                [(".sheet", \.showsSheet), (".fullScreenCover", \.showsCover), (".popover", \.showsPopover)]
            for (name, binding) in modifiers {
                let before = TourDriver.lastSeq
                model[keyPath: binding] = true
                try await TourDriver.waitUntil("SwiftUI's \(name) to be presented") {
                    hosting.presentedViewController.map { $0.presentingViewController != nil && !$0.isBeingPresented } ?? false
                }
                guard let presented = hosting.presentedViewController else { continue }
                let p = try TourDriver.performed(presented, step: "SwiftUI \(name)", checksCallSite: false,
                                                recordedAfter: before)
                stage.presents.append(p)
                stage.checks.append { events in swiftUIPresentedFailures(p, events) }
                model[keyPath: binding] = false
                try await TourDriver.waitUntil("SwiftUI's \(name) to be dismissed") { hosting.presentedViewController == nil }
                stage.removals.append((p.presentedID, "SwiftUI \(name)", before))
            }

            try await TourDriver.dismiss(hosting, animated: true, what: "the UIHostingController")
            stage.dismissals.append((host.presentedID, "UIHostingController", host.recordedAfter))
        }
    }

    /// A controller SwiftUI presented is recorded by a readable name marked as SwiftUI's.
    static func swiftUIPresentedFailures(_ p: PerformedPresent, _ events: [Event]) -> [String] {
        let e = events.first { $0.seq > p.recordedAfter && $0.kind == .present && $0.presented?.id == p.presentedID }
        guard let type = e?.presented?.type, type.contains("HostingController"), type.contains("(SwiftUI") else {
            return ["\(p.step): recorded as \(e?.presented?.type ?? "nothing"), not a SwiftUI hosting controller"]
        }
        return []
    }

    /// A controller that calls `dismiss` from its `deinit`: released without having been shown,
    /// and released after being presented and dismissed. Recording must not crash the app, and
    /// records each call.
    public static func dismissFromDeinit() async -> TourStageResult {
        await stage("dismiss from deinit") { stage in
            let home = try await TourDriver.home()
            let beforeRelease = PresentationInspector.events.last?.seq ?? 0
            let neverShown = releasedDismissingScreen()
            try await expectDeinitDismiss(of: neverShown, after: beforeRelease, step: "never shown", in: stage)

            let shown = try await presentAndDismissDismissingScreen(from: home, in: stage)
            let dismissed = PresentationInspector.events.last?.seq ?? 0
            // UIKit may keep the dismissed controller for a while; its deinit is what is tested.
            do {
                try await TourDriver.waitUntil("the shown screen to be deallocated") { shown.probe.object == nil }
            } catch {
                stage.notes.append("UIKit still holds the dismissed screen: its deinit's dismiss was not tested")
                return
            }
            try await expectDeinitDismiss(of: (shown.id, shown.type), after: dismissed, step: "shown", in: stage)
        }
    }

    /// Presents and dismisses a screen that dismisses from `deinit`; once this returns, only
    /// UIKit may still hold it. Its id, class name, and a probe telling whether it is alive.
    static func presentAndDismissDismissingScreen(from home: HomeScreen, in stage: TourStage) async throws
        -> (id: String, type: String, probe: WeakProbe) {
        let step = "dismisses from deinit, shown"
        let screen = DismissingOnDeinitScreen(step)
        let p = try await TourDriver.present(screen, from: home, animated: false, step: step)
        stage.presents.append(p)
        try await TourDriver.dismiss(screen, animated: false, what: step)
        stage.dismissals.append((p.presentedID, step, p.recordedAfter))
        return (p.presentedID, p.runtimeTypeName, WeakProbe(screen))
    }

    /// Makes a screen that dismisses from `deinit` and releases it at once; its id and class name.
    static func releasedDismissingScreen() -> (id: String, type: String) {
        let screen = DismissingOnDeinitScreen("dismisses from deinit, never shown")
        return (TourDriver.address(of: screen), NSStringFromClass(type(of: screen)))
    }

    /// Waits for the `dismiss` the `deinit` of `released` sent (recorded after event `seq`), and
    /// checks how it was recorded.
    static func expectDeinitDismiss(of released: (id: String, type: String), after seq: Int, step: String,
                                    in stage: TourStage) async throws {
        func recorded() -> Event? {
            PresentationInspector.events.first { $0.seq > seq && $0.kind == .dismiss && $0.receiver?.id == released.id }
        }
        try await TourDriver.waitUntil("the dismiss from deinit (\(step)) to be recorded") { recorded() != nil }
        stage.checks.append { _ in
            guard let e = recorded() else { return ["dismiss from deinit (\(step)): not recorded"] }
            return e.receiver?.type == released.type ? []
                : ["dismiss from deinit (\(step)): receiver recorded as \(e.receiver?.type ?? "nothing"), not \(released.type)"]
        }
    }

    /// A present whose completion dismisses at once, not animated (UIKit runs the completion
    /// inside the `present` call) and animated: recorded in call order, the present as presented.
    public static func completionDismissingAtOnce() async -> TourStageResult {
        await stage("completion that dismisses at once") { stage in
            let home = try await TourDriver.home()
            for animated in [false, true] {
                let step = "dismissed by its present's completion\(animated ? ", animated" : "")"
                let screen = TourScreen(step)
                let id = TourDriver.address(of: screen)
                let before = TourDriver.lastSeq
                let done = CompletionFlag()
                home.present(screen, animated: animated) {
                    screen.dismiss(animated: animated) { done.isSet = true }
                }
                try await TourDriver.waitUntil("\(step) to finish") { done.isSet }
                stage.checks.append { events in TourChecks.presentThenDismiss(of: id, after: before, step: step, in: events) }
                stage.dismissals.append((id, step, before))
            }
        }
    }

    /// Opens and closes the overlay: the inspector's own windows and controllers record nothing.
    public static func overlay() async -> TourStageResult {
        await stage("overlay") { stage in
            _ = try await TourDriver.home()
            let mark = PresentationInspector.events.last?.seq ?? 0
            PresentationInspector.show()
            await TourDriver.settle(seconds: 1)
            PresentationInspector.toggle()
            await TourDriver.settle(seconds: 1)
            stage.checks.append { _ in
                let recorded = PresentationInspector.events.filter { $0.seq > mark }
                return recorded.isEmpty ? []
                    : ["opening the overlay recorded \(recorded.count) event(s): " + recorded.map(\.summary).joined(separator: "; ")]
            }
        }
    }

    /// The built-in conformance scenarios on real UIKit against the model; the report is written
    /// as `presentation-conformance.txt` and `.json`. Every fact must agree.
    public static func conformance() async -> TourStageResult {
        await stage("conformance") { stage in
            _ = try await TourDriver.home()
            let report = try await PresentationInspector.runConformance()
            stage.files += TourReports.write(report.text(), named: "presentation-conformance.txt")
            stage.files += TourReports.write(report.json(), named: "presentation-conformance.json")
            stage.notes += report.text().split(separator: "\n").map(String.init)
            stage.checks.append { _ in
                if report.factsCompared == 0 { return ["the conformance run compared no facts"] }
                let differing = report.factsCompared - report.factsAgreeing
                return differing == 0 ? []
                    : ["UIKit and the model differ on \(differing) of \(report.factsCompared) facts (presentation-conformance.txt)"]
            }
        }
    }
}

/// Tells whether an object is still alive without keeping it.
@MainActor
final class WeakProbe {
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
#endif
