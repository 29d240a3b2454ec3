/// A call stack captured as return addresses, symbolicated only when a person reads it.
///
/// The hooks capture one per recorded call: ``capture()`` asks the C library's `backtrace()`
/// for the return addresses into a buffer on the stack and looks nothing up (no
/// `Thread.callStackSymbols`, no `dladdr`, no demangling: those cost about a millisecond per
/// call on a device). A capture of a stack seen recently returns that stack's instance, so a
/// call site called again and again allocates nothing.
///
/// ``appFrame`` is the app's frame: the first frame outside the inspector, the system's
/// modules and compiler thunks (``CallSite/firstAppFrame(in:skipping:)``'s rule), LLDB-style
/// (the module, a backtick, the symbol and offset: MyApp\`ListViewController.showNext() + 120). It is symbolicated with `dladdr` and the
/// Swift demangler on first read and cached, and every address symbolicated is cached for the
/// whole process, so one call site is symbolicated once however many events carry it. Where an
/// address has no exported symbol (Linux executables linked without `--export-dynamic`), the
/// frame is the module and the address's offset in it (MyApp\`0x1c0380), which
/// `addr2line -e` or `atos -l` can resolve.
///
/// The stack is data: capturing and symbolicating live with the session (the stack is given
/// the symbolicator that reads it when it is made). Instances are immutable apart from the
/// app frame's cache (behind the symbolicator's lock), hence `Sendable`; equal and hashed by
/// their addresses.
@_spi(Package) public final class CapturedCallStack: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// Most frames a capture keeps, innermost first (the capture's and the hook's own frames
    /// included: they are skipped when read, see ``appFrame``).
    @_spi(Package) public static let maximumFrames = 32

    /// The return addresses, innermost first, as `backtrace()` gave them: ``capture()``'s own
    /// frames first.
    @_spi(Package) public let addresses: [UInt]

    /// What reads the addresses; nil for a stack nothing can symbolicate (no app frame).
    let symbolicator: (any CallStackSymbolicating)?

    /// The app frame once computed (guarded by the symbolicator's lock).
    var resolvedAppFrame: String??

    /// A stack of these return addresses (innermost first, ``capture()``'s own frames first, as
    /// it makes them), read by `symbolicator`.
    init(addresses: [UInt], symbolicator: (any CallStackSymbolicating)?) {
        self.addresses = Array(addresses.prefix(Self.maximumFrames))
        self.symbolicator = symbolicator
    }

    /// The app's frame (MyApp\`ListViewController.showNext() -> () + 120), nil when every
    /// frame belongs to the inspector or the system. Symbolicated on first read, then cached.
    @_spi(Package) public var appFrame: String? { symbolicator?.appFrame(of: self) }

    /// The app frame, or `<no app frame>`.
    @_spi(Package) public var description: String { appFrame ?? "<no app frame>" }

    /// Equal when the addresses are.
    @_spi(Package) public static func == (lhs: CapturedCallStack, rhs: CapturedCallStack) -> Bool {
        lhs === rhs || lhs.addresses == rhs.addresses
    }

    /// Hashes the addresses.
    @_spi(Package) public func hash(into hasher: inout Hasher) { hasher.combine(addresses) }
}

/// Finds a captured stack's app frame (the session's symbolicator, which caches what it
/// finds in ``CapturedCallStack/resolvedAppFrame`` under its own lock).
protocol CallStackSymbolicating: AnyObject, Sendable {
    /// The first frame of `stack` that belongs to the app, as text; nil when there is none.
    func appFrame(of stack: CapturedCallStack) -> String?
}
