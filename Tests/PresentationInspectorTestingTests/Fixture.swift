@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationInspectorTesting
@_spi(Package) import PresentationSimulator

/// A list inside a navigation controller that presents a detail sheet; `twice` presents a
/// second sheet on top of the first while it is still shown (UIKit refuses: already presenting).
enum Fixture {
    static let scenario = """
    { "name": "list and detail",
      "controllers": [
        { "id": "nav", "type": "UINavigationController", "children": ["list"] },
        { "id": "list", "type": "ListViewController", "title": "Inbox" },
        { "id": "detail", "type": "DetailViewController" },
        { "id": "share", "type": "UIActivityViewController" } ],
      "windows": [ { "id": "main", "root": "nav", "key": true } ],
      "steps": [] }
    """

    /// The simulation and the recording of presenting `detail` from `list` (and, with
    /// `twice`, `share` from `list` while `detail` is up).
    static func record(twice: Bool = false) throws -> PresentationRecording {
        let sim = Simulation()
        try sim.load(Scenario.parse(scenario, file: "list.json"))
        let list = sim.controller("list")!, detail = sim.controller("detail")!, share = sim.controller("share")!
        return PresentationRecording.capture(in: sim) {
            sim.present(detail, from: list, animated: true)
            sim.advance(by: 0.5)
            if twice { sim.present(share, from: list, animated: true) }
        }
    }

    /// The recording of presenting a popover without an anchor from `list`, on a phone (compact
    /// width, where it adapts to a sheet) or, with `checksOtherSizeClass` false, without the
    /// other-size-class check.
    static func recordAnchorlessPopover(checksOtherSizeClass: Bool = true) throws -> PresentationRecording {
        let sim = Simulation(configuration: HandlerConfiguration(checksOtherSizeClass: checksOtherSizeClass))
        try sim.load(Scenario.parse(scenario, file: "list.json"))
        let list = sim.controller("list")!, menu = SimController(id: "menu", type: "MenuViewController")
        menu.modalPresentationStyle = .popover
        try sim.add(menu)
        return PresentationRecording.capture(in: sim) {
            sim.present(menu, from: list, animated: true)
            sim.advance(by: 0.5)
        }
    }

    /// The exact message a user sees when the anchorless popover would crash on an iPad.
    static let anchorlessPopoverMessage = """
    1 presentation goes wrong in the other size class:
    warning other-size-class at #1 0.000s present MenuViewController (menu) from ListViewController "Inbox" (list) on UINavigationController (nav) → presented
      UIKit: In regular width and height (an iPad, full screen or in a wide split) UIKit raises (the app crashes): UIPopoverPresentationController (<UIPopoverPresentationController: menu.popoverPresentationController>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.
      Fix: give <MenuViewController: menu> an anchor: set popoverPresentationController?.sourceItem = … (iOS 16 and later: a bar button item or a view), or sourceView = … with sourceRect, before presenting it; compact width ignores the anchor, so it is right on every device
      Call site: not recorded (simulated call)
    """

    /// The exact message a user sees when the second present is refused.
    static let alreadyPresentingMessage = """
    1 presentation diagnostic of severity warning or worse was recorded:
    warning already-presenting at #3 0.500s present UIActivityViewController (share) from ListViewController "Inbox" (list) on UINavigationController (nav) → rejected
      UIKit: Attempt to present <UIActivityViewController: share> on <UINavigationController: nav> (from <ListViewController: list>) which is already presenting <DetailViewController: detail>.
      Fix: present from <DetailViewController: detail> (the top of the chain), or dismiss it first
      Why:
        1. present was called on ListViewController "Inbox" (list): the source (original presenter) of UIActivityViewController (share).
        2. Walking up through parent: ListViewController → UINavigationController. The presentation root is UINavigationController (nav), the root of window main.
        3. A UIActivityViewController is presented modally in compact width or height (Apple: "On iPhone and iPod touch, you must present it modally"); the model reads formSheet by rule 1, and the style UIKit uses is recorded as observed only.
        4. Style formSheet is not a context style, so definesPresentationContext is not consulted: the presentation root UINavigationController (nav) provides the context and presents.
        5. So presentedViewController.presentingViewController will be UINavigationController (nav), not the source ListViewController "Inbox" (list): UIKit uses the controller whose area the presentation covers.
        6. Transition coverVertical is the presented controller's own.
        7. Check already-presenting failed: UINavigationController (nav).presentedViewController is DetailViewController (detail).
        8. Rejected: nothing changes.
      Call site: not recorded (simulated call)
    """
}
