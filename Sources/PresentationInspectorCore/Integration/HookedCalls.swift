/// What the UIKit hooks read of UIKit besides the resolver's nodes, one method per kind of read.
///
/// The hooks hand their calls to ``InspectorSession/hookedPresent(source:presented:reads:animated:context:completion:original:)``
/// and ``InspectorSession/hookedDismiss(receiver:reads:animated:context:completion:original:)``,
/// which decide when each read happens, so that the rules of DESIGN "Observation first" are the
/// core's and tested on Linux with a stand-in that counts the reads:
/// - before UIKit's own `present` runs, nothing that creates UIKit state: the facts read only what
///   the app has set (``PopoverReading``), and presentation controllers are read after the call;
/// - nothing at all of a controller that cannot be read (its deallocation has begun: a `dismiss`
///   sent from its `deinit`), neither its window, its facts nor its title.
///
/// Called on the main thread only (the hooks handle other threads themselves, without reading UIKit).
@_spi(Package) public protocol HookedControllerReads {
    associatedtype Node: PresentationNode
    /// Whether `node`'s controller may be read: false once its deallocation has begun or it is gone.
    func isReadable(_ node: Node) -> Bool
    /// The class name of the window `node`'s view is in, for the exclusions.
    func windowTypeName(of node: Node) -> String?
    /// The facts of `nodes` and their surroundings (``ControllerFacts``), read without creating
    /// anything: a popover presentation controller only where ``PopoverReading`` allows it.
    func facts(involving nodes: [Node]) -> [ControllerFacts]
    /// What UIKit reports of `presented`'s presentation (its presentation controller among it):
    /// asked only after UIKit's present has returned.
    func observation(ofPresented presented: Node, transitionEnded: Bool) -> Observation?
    /// UIKit's present has returned and the event is recorded: what the hooks watch from now on
    /// (a sheet or popover the user may refuse to dismiss) may read the presentation controller.
    func presentDidReturn(_ presented: Node)
}

extension InspectorSession {
    /// A `present` a hook received on the main thread: exclusions, the controllers' facts, then the
    /// handler (resolve, UIKit's original, look, record), then what is watched after the call.
    ///
    /// Reads before `original`: the two controllers' windows and facts (``HookedControllerReads``),
    /// and the resolver's reads of the nodes, all of what exists. After it, for the same event: the
    /// presented controller's facts again (its popover presentation controller now exists if UIKit
    /// made one) and UIKit's answer; then ``HookedControllerReads/presentDidReturn(_:)``.
    @_spi(Package) public func hookedPresent<R: HookedControllerReads>(source: R.Node, presented: R.Node, reads: R, animated: Bool,
                                                                        context: CallContext, completion: (() -> Void)?,
                                                                        original: (_ completion: (() -> Void)?) -> Void) {
        let window = reads.isReadable(source) ? reads.windowTypeName(of: source) : nil
        guard !exclusions.excludesCall(source.ref, presented.ref, windowTypeName: window) else { return original(completion) }
        let readable = [source, presented].filter(reads.isReadable)
        // What the rules read about the two controllers, for a replay of the log (new or changed ones only).
        recorder.noteControllerFacts(reads.facts(involving: readable))
        let recorder = recorder
        let presentedIsReadable = reads.isReadable(presented)
        handler.handlePresent(source: source, presented: presented, animated: animated, context: context, completion: completion,
                              observe: { transitionEnded in reads.observation(ofPresented: presented, transitionEnded: transitionEnded) },
                              afterCall: presentedIsReadable ? { recorder.noteControllerFacts(reads.facts(involving: [presented])) } : nil,
                              original: original)
        if presentedIsReadable { reads.presentDidReturn(presented) }
    }

    /// A `dismiss` a hook received on the main thread: exclusions, the receiver's facts, then the
    /// handler. A receiver that cannot be read (a `dismiss` from its `deinit`) is recorded as a
    /// controller in no hierarchy, without reading anything of it.
    @_spi(Package) public func hookedDismiss<R: HookedControllerReads>(receiver: R.Node, reads: R, animated: Bool, context: CallContext,
                                                                        completion: (() -> Void)?,
                                                                        original: (_ completion: (() -> Void)?) -> Void) {
        let readable = reads.isReadable(receiver)
        let window = readable ? reads.windowTypeName(of: receiver) : nil
        guard !exclusions.excludesCall(receiver.ref, windowTypeName: window) else {
            return handler.passThroughDismiss(receiver: receiver, completion: completion, original: original)
        }
        if readable { recorder.noteControllerFacts(reads.facts(involving: [receiver])) }
        handler.handleDismiss(receiver: receiver, animated: animated, context: context, completion: completion, original: original)
    }
}
