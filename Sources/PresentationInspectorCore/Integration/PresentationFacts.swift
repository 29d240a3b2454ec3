/// What UIKit's own objects show of one presentation, as the iOS adapter reads them, and the
/// rules that turn them into an ``Observation`` (portable, so they are tested on Linux).
///
/// Only what UIKit itself decided is observed:
/// - the presentation controller's class;
/// - the style in effect, read from what is on screen: a sheet or popover that adapted shows its
///   presented view over the whole container view, which is known once the transition has ended
///   (before it ends the style is not observed). A popover that does not cover the container is a
///   popover, or the sheet it adapts to in compact size classes (UIPopoverPresentationController.h,
///   `adaptiveSheetPresentationController`): UIKit's active presentation controller says which
///   (iOS 16). Other presentation controllers answer their own `presentationStyle`. `adaptivePresentationStyle(for:)` is not asked: it asks the app's
///   delegate outside UIKit's schedule, and without a delegate method it answers `fullScreen`
///   for sheets in compact width, where iPhone sheets stay sheets;
/// - for the context styles, the context provider and the covered controller: the controller
///   that defines the context is the presenting controller (UIViewController.h,
///   `definesPresentationContext`), which UIKit reports as `presentingViewController`;
/// - the window the presented view is in.
/// The transition style in effect is not observable (UIKit applies a context provider's without
/// exposing it): `effectiveTransition` stays the model's prediction.
@_spi(Package) public struct PresentationFacts: Sendable {
    /// The kinds of presentation controller whose style can adapt.
    @_spi(Package) public enum ControllerKind: Sendable { case sheet, popover, other }

    /// `presentingViewController` of the presented controller.
    @_spi(Package) public var presenting: ControllerRef?
    /// The presentation controller's class name.
    @_spi(Package) public var presentationControllerClass: String?
    @_spi(Package) public var kind: ControllerKind
    /// `UIPresentationController.presentationStyle`: the style the presentation was made with.
    @_spi(Package) public var presentationStyle: PresentationStyle?
    /// Whether the transition has ended: UIKit has called the present's completion.
    @_spi(Package) public var transitionEnded: Bool
    /// Whether the presented view covers the container view's bounds; nil when not read.
    @_spi(Package) public var fillsContainer: Bool?
    /// For a popover: whether UIKit shows it as the sheet it adapts to (its
    /// `activePresentationController` is a sheet presentation controller); nil when not read.
    @_spi(Package) public var adaptedToSheet: Bool?
    /// The window the presented view is in.
    @_spi(Package) public var window: String?

    @_spi(Package) public init(presenting: ControllerRef?, presentationControllerClass: String?, kind: ControllerKind,
                 presentationStyle: PresentationStyle?, transitionEnded: Bool, fillsContainer: Bool?,
                 adaptedToSheet: Bool?, window: String?) {
        self.presenting = presenting
        self.presentationControllerClass = presentationControllerClass
        self.kind = kind
        self.presentationStyle = presentationStyle
        self.transitionEnded = transitionEnded
        self.fillsContainer = fillsContainer
        self.adaptedToSheet = adaptedToSheet
        self.window = window
    }

    /// The style in effect, when what is on screen says it.
    @_spi(Package) public var effectiveStyle: PresentationStyle? {
        switch kind {
        case .other:
            return presentationStyle
        case .sheet:
            guard transitionEnded, let fillsContainer else { return nil }
            return fillsContainer ? .fullScreen : presentationStyle
        case .popover:
            guard transitionEnded, let fillsContainer else { return nil }
            if fillsContainer { return .fullScreen }
            guard let adaptedToSheet else { return nil }
            return adaptedToSheet ? .formSheet : .popover
        }
    }

    /// The observation these facts make.
    @_spi(Package) public var observation: Observation {
        let style = effectiveStyle
        let context = (style ?? presentationStyle)?.isContextStyle == true ? presenting : nil
        return Observation(contextProvider: context, effectiveStyle: style, window: window, covered: context,
                           presentationControllerClass: presentationControllerClass)
    }
}
