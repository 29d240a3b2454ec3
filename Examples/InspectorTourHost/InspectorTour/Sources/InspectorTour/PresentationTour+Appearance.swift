// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import UIKit
import PresentationInspector

extension PresentationTour {
    /// A screen that presents another from its `viewDidAppear(_:)`, and that one dismissing
    /// itself from its own, animated: apps do both (an onboarding screen, a notice that closes
    /// itself). The presentation has ended by then, so neither is made during a transition,
    /// though `isBeingPresented` may still read true there (UIViewController.h documents it for
    /// the appearance callbacks). Recorded as presented and dismissed, without a
    /// `presentation-in-progress` or `dismiss-during-transition` warning, and with no drift.
    public static func appearanceCallbacks() async -> TourStageResult {
        await stage("present and dismiss from viewDidAppear") { stage in
            let home = try await TourDriver.home()
            let notice = AppearingScreen("dismisses itself from viewDidAppear", onAppear: { $0.dismiss(animated: true) })
            let noticeID = TourDriver.address(of: notice)
            let onboarding = AppearingScreen("presents from viewDidAppear", onAppear: { $0.present(notice, animated: true) })
            let step = "presents from viewDidAppear"
            let p = try await TourDriver.present(onboarding, from: home, animated: true, step: step)
            stage.presents.append(p)
            let noticeShown = p.recordedAfter
            try await TourDriver.waitUntil("the notice to be presented and to dismiss itself") {
                notice.appearances > 0 && onboarding.presentedViewController == nil
            }
            stage.checks.append { events in
                var failures = TourChecks.presentThenDismiss(of: noticeID, after: noticeShown, step: "notice", in: events)
                let warned = events.filter { e in
                    e.seq > noticeShown && e.diagnostics.contains { $0.code == .presentationInProgress || $0.code == .dismissDuringTransition }
                }
                failures += warned.map { "warned of a transition in progress: \($0.summary)" }
                return failures
            }
            stage.dismissals.append((noticeID, "notice", noticeShown))
            try await TourDriver.dismiss(onboarding, animated: false, what: step)
            stage.dismissals.append((p.presentedID, step, p.recordedAfter))
        }
    }
}

/// A tour screen that runs `onAppear` from its first `viewDidAppear(_:)`.
final class AppearingScreen: TourScreen {
    private let onAppear: (AppearingScreen) -> Void
    private(set) var appearances = 0

    init(_ title: String, onAppear: @escaping (AppearingScreen) -> Void) {
        self.onAppear = onAppear
        super.init(title)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearances += 1
        if appearances == 1 { onAppear(self) }
    }
}
#endif
