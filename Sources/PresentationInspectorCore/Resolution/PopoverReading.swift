/// When an adapter may read a controller's popover presentation controller (its anchor, its
/// delegate) without changing what it inspects.
///
/// UIKit makes presentation controllers lazily. Apple's reference for `popoverPresentationController`:
/// "If you created the view controller but have not yet presented it, accessing this property
/// creates a popover presentation controller when the value in the modalPresentationStyle property
/// is UIModalPresentationPopover. If the modal presentation style is a different value, this
/// property is nil." (https://developer.apple.com/documentation/uikit/uiviewcontroller/popoverpresentationcontroller),
/// and reading an alert controller's changes how it presents (PSPDFKit, rdar://27448488,
/// https://pspdfkit.com/blog/2016/popovers-on-popovers/). So it is read before `present` only when
/// the style is already `.popover` (the controller the app configures through
/// `popoverPresentationController?.…`, which UIKit makes for that style anyway), and otherwise only
/// once the controller is presented, when UIKit has made whatever presentation controller it uses.
/// `presentationController` and `sheetPresentationController` are never read before the call.
@_spi(Package) public enum PopoverReading {
    /// Whether `popoverPresentationController` may be read now: the style is `.popover`, or the
    /// controller itself is presented (``PresentationNode/presentingNode`` is set).
    @_spi(Package) public static func mayRead(style: PresentationStyle, isPresented: Bool) -> Bool {
        style == .popover || isPresented
    }

    /// The anchor as it can be known now. `read` reads the popover presentation controller (asked
    /// only when ``mayRead(style:isPresented:)``): nil when there is none, else whether it has an
    /// anchor.
    @_spi(Package) public static func anchor(style: PresentationStyle, isPresented: Bool,
                                             read: () -> Bool?) -> PopoverAnchorState {
        guard mayRead(style: style, isPresented: isPresented), let anchored = read() else { return .unknown }
        return anchored ? .anchored : .missing
    }
}
