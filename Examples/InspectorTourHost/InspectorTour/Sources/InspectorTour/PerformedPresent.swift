import PresentationInspector

/// What the tour presented and what UIKit itself answered once the presentation was on
/// screen, read by the tour, not by the inspector: the recording is compared with it.
struct PerformedPresent: Sendable {
    /// How the tour names the step in failures: `pageSheet, animated`.
    var step: String
    /// The presented controller's address, as the recording names controllers (`0x…`).
    var presentedID: String
    /// The presented controller's class name as the runtime spells it (mangled for generic classes).
    var runtimeTypeName: String
    var title: String?
    /// `presentingViewController` once the present completed.
    var presentingID: String
    /// The window the presented view was in once the present completed.
    var windowID: String?
    /// For context styles: the controller that defines the presentation context.
    var contextProviderID: String?
    /// The style UIKit must be showing, where no adaptation can change it (nil: not checked).
    var expectedStyle: PresentationStyle?
    /// Whether the recorded call site must be the tour's code (false for SwiftUI, whose own
    /// code calls `present`).
    var checksCallSite: Bool
    /// The last event's `seq` before the present was called: its recording comes after it (a
    /// freed controller's address is soon another's, so an id alone may match an older event).
    var recordedAfter: Int
}
