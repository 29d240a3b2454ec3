@_spi(Package) import PresentationInspectorCore

extension PresentationRecording {
    /// Every `other-size-class` warning with the event that carries it: presents that went ahead
    /// here but raise (an anchorless popover on iPad), are refused or cover another controller's
    /// area in the other size class (an iPhone against an iPad). The info-level notes of the same
    /// code (a popover whose anchor cannot be seen in this size class) are not among them.
    public var otherSizeClassWarnings: [(event: Event, diagnostic: Diagnostic)] {
        events.flatMap { e in
            e.diagnostics.filter { $0.code == .otherSizeClass && $0.severity >= .warning }.map { (event: e, diagnostic: $0) }
        }
    }

    /// The failure message for every `other-size-class` warning, or `nil` if there is none.
    ///
    /// Each reads: the event, what UIKit does in the other size class in its own words, the fix
    /// and the call site recorded on device. A test run on an iPhone-sized simulation fails with
    /// it where an iPad would crash:
    /// ```
    /// 1 presentation goes wrong in the other size class:
    /// warning other-size-class at #1 0.000s present MenuViewController (menu) from …
    ///   UIKit: In regular width and height (an iPad, full screen or in a wide split) UIKit raises (the app crashes): UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.
    ///   Fix: give <MenuViewController: menu> an anchor: set popoverPresentationController?.sourceItem = … (iOS 16 and later: …
    ///   Call site: not recorded (simulated call)
    /// ```
    public func otherSizeClassFailure() -> String? {
        let found = otherSizeClassWarnings
        guard !found.isEmpty else { return nil }
        let head = found.count == 1
            ? "1 presentation goes wrong in the other size class:"
            : "\(found.count) presentations go wrong in the other size class:"
        let lines = found.map { event, d in
            ["\(d.severity.rawValue) \(d.code.rawValue) at \(event.summary)",
             "  UIKit: \(d.message)",
             "  Fix: \(d.fix ?? "see docs/DESIGN.md, rule 11")",
             "  Call site: \(event.callSite ?? "not recorded (simulated call)")"].joined(separator: "\n")
        }
        return ([head] + lines).joined(separator: "\n")
    }
}
