// UIKit only: on Linux the package builds its portable checks alone, for their tests.
#if canImport(UIKit)
import UIKit
import PresentationInspector

/// The scripted tour the Simulator tests run in the host app: real presents and dismisses in
/// every style, alerts, SwiftUI presentations, a `dismiss` from `deinit`, a completion that
/// dismisses at once, the overlay, and the conformance run. Each stage checks what the
/// inspector recorded (no `model-drift`, the observed fields against what UIKit answers the
/// tour, readable names, call sites) and writes its report to ``TourReports/directory``.
///
/// The XCTest bundle only calls the stages and turns their failures into test failures: the
/// logic is here, in the InspectorTour library the app links, where CI type-checks it against
/// the iOS SDK (and tests its checks on Linux).
@MainActor
public enum PresentationTour {
    /// Starts recording as the tests want it (no FLEX registration); true when it runs.
    @discardableResult
    public static func startInspector(opensOnShake: Bool = false) -> Bool {
        var configuration = InspectorConfiguration()
        configuration.opensOnShake = opensOnShake
        configuration.registersWithFLEX = false
        return PresentationInspector.start(configuration: configuration)
    }

    /// Runs `body` as the stage `name`, then checks what it recorded.
    static func stage(_ name: String, _ body: (TourStage) async throws -> Void) async -> TourStageResult {
        var failures: [String] = []
        if !startInspector() { failures.append("PresentationInspector did not start") }
        let mark = PresentationInspector.events.last?.seq ?? 0
        let stage = TourStage()
        do {
            try await body(stage)
        } catch {
            failures.append("the stage stopped: \(error)")
        }
        await TourDriver.settle()
        let events = PresentationInspector.events.filter { $0.seq > mark }
        failures += TourChecks.noModelDrift(events)
        failures += stage.presents.flatMap { TourChecks.present($0, in: events) }
        failures += stage.dismissals.flatMap { TourChecks.dismissal(of: $0.id, after: $0.after, step: $0.step, in: events) }
        failures += stage.removals.flatMap { TourChecks.removal(of: $0.id, after: $0.after, step: $0.step, in: events) }
        failures += stage.checks.flatMap { $0(events) }
        var result = TourStageResult(stage: name, failures: failures, log: stage.notes + events.map(TourChecks.describe),
                                     files: stage.files)
        result.files += TourReports.write(result)
        return result
    }

    /// Every presentation style, animated and not, from the host's first screen, each
    /// dismissed again; a sheet with detents, a popover anchored by its delegate, a generic
    /// controller, and a chain of two dismissed from below.
    public static func uikitStyles() async -> TourStageResult {
        await stage("UIKit styles") { stage in
            let home = try await TourDriver.home()
            let regularWidth = home.traitCollection.horizontalSizeClass == .regular
            stage.notes.append("horizontal size class: \(regularWidth ? "regular" : "compact")")
            stage.notes.append("custom is left out: it needs the app's transitioning delegate")
            let styles: [PresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen,
                                               .overCurrentContext, .popover, .automatic]
            for style in styles {
                for animated in [false, true] {
                    let step = "\(style.name)\(animated ? ", animated" : "")"
                    let screen = TourScreen(step)
                    guard let uikitStyle = UIModalPresentationStyle(rawValue: style.rawValue) else { continue }
                    screen.modalPresentationStyle = uikitStyle
                    if style == .popover { anchor(screen, on: home.view) }
                    let p = try await TourDriver.present(screen, from: home, animated: animated, step: step,
                                                         contextProvider: style.isContextStyle ? home : nil,
                                                         expectedStyle: expectedStyle(style, regularWidth: regularWidth))
                    stage.presents.append(p)
                    try await TourDriver.dismiss(screen, animated: animated, what: step)
                    stage.dismissals.append((p.presentedID, step, p.recordedAfter))
                }
            }

            let sheet = TourScreen("pageSheet with detents")
            sheet.modalPresentationStyle = .pageSheet
            sheet.sheetPresentationController?.detents = [.medium(), .large()]
            try await presentAndDismiss(sheet, from: home, step: "pageSheet with detents", in: stage)

            let delegated = TourScreen("popover anchored by its delegate")
            delegated.modalPresentationStyle = .popover
            let popoverDelegate = AnchoringPopoverDelegate(anchor: home.view)
            delegated.popoverPresentationController?.delegate = popoverDelegate
            try await presentAndDismiss(delegated, from: home, step: "popover anchored in prepareForPopoverPresentation", in: stage)
            withExtendedLifetime(popoverDelegate) {}

            let generic = TourGenericScreen("generic screen", payload: "payload")
            generic.modalPresentationStyle = .formSheet
            try await presentAndDismiss(generic, from: home, step: "formSheet of a generic class", in: stage)
            stage.checks.append { events in
                let e = events.first { $0.kind == .present && $0.presented?.title == "generic screen" }
                guard let type = e?.presented?.type, type.contains("TourGenericScreen<String>") else {
                    return ["generic class: recorded as \(e?.presented?.type ?? "nothing"), not TourGenericScreen<String>"]
                }
                return []
            }

            // A sheet in a navigation controller, a second sheet over it, both dismissed from below.
            let navigation = UINavigationController(rootViewController: TourScreen("sheet in a navigation controller"))
            navigation.modalPresentationStyle = .pageSheet
            let lower = try await TourDriver.present(navigation, from: home, animated: true, step: "navigation sheet")
            guard let top = navigation.topViewController else { throw TourError(description: "the navigation sheet has no screen") }
            let over = TourScreen("formSheet over the navigation sheet")
            over.modalPresentationStyle = .formSheet
            let upper = try await TourDriver.present(over, from: top, animated: true, step: "formSheet over the navigation sheet")
            stage.presents += [lower, upper]
            try await TourDriver.dismiss(home, animated: true, what: "both sheets, from the host's screen")
            stage.dismissals += [(lower.presentedID, "navigation sheet, dismissed from below", upper.recordedAfter),
                                 (upper.presentedID, "formSheet over it, dismissed from below", upper.recordedAfter)]
        }
    }

    /// Alerts and action sheets, animated and not, dismissed by code.
    public static func alerts() async -> TourStageResult {
        await stage("Alerts and action sheets") { stage in
            let home = try await TourDriver.home()
            for style in [UIAlertController.Style.alert, .actionSheet] {
                for animated in [false, true] {
                    let kind = style == .alert ? "alert" : "action sheet"
                    let step = "\(kind)\(animated ? ", animated" : "")"
                    let alert = UIAlertController(title: step, message: "PresentationInspector tour", preferredStyle: style)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    // An action sheet is a popover on iPad: it needs an anchor there, or UIKit raises.
                    anchor(alert, on: home.view)
                    let p = try await TourDriver.present(alert, from: home, animated: animated, step: step)
                    stage.presents.append(p)
                    try await TourDriver.dismiss(alert, animated: animated, what: step)
                    stage.dismissals.append((p.presentedID, step, p.recordedAfter))
                }
            }
        }
    }

    /// Presents `controller` from `presenter` with animation, dismisses it, and notes both for the checks.
    static func presentAndDismiss(_ controller: UIViewController, from presenter: UIViewController, step: String,
                                  in stage: TourStage) async throws {
        let p = try await TourDriver.present(controller, from: presenter, animated: true, step: step)
        stage.presents.append(p)
        try await TourDriver.dismiss(controller, animated: true, what: step)
        stage.dismissals.append((p.presentedID, step, p.recordedAfter))
    }

    /// Gives a popover (or an action sheet, a popover on iPad) its anchor: the middle of `view`.
    static func anchor(_ controller: UIViewController, on view: UIView) {
        controller.popoverPresentationController?.sourceView = view
        controller.popoverPresentationController?.sourceRect = CGRect(x: view.bounds.midX, y: view.bounds.midY, width: 1, height: 1)
    }

    /// The style UIKit must show on this device (``TourExpectations/style(_:regularWidth:systemVersion:)``).
    static func expectedStyle(_ style: PresentationStyle, regularWidth: Bool) -> PresentationStyle? {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return TourExpectations.style(style, regularWidth: regularWidth,
                                      systemVersion: SystemVersion(major: v.majorVersion, minor: min(max(v.minorVersion, 0), 99)))
    }
}
#endif
