#if canImport(Darwin)
import Darwin
private typealias DlInfo = Dl_info
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
// Swift's Glibc module imports neither <execinfo.h> nor the `_GNU_SOURCE` part of <dlfcn.h>;
// both functions are in the C library (glibc 2.34+: libc itself). Pointer and 32-bit integer
// arguments pass the same way in Swift's and C's conventions on the platforms Swift supports.
/// glibc's and musl's `Dl_info`.
private struct DlInfo {
    var dli_fname: UnsafePointer<CChar>?
    var dli_fbase: UnsafeMutableRawPointer?
    var dli_sname: UnsafePointer<CChar>?
    var dli_saddr: UnsafeMutableRawPointer?
    init() {}
}
@_silgen_name("dladdr")
private func dladdr(_ address: UnsafeRawPointer?, _ info: UnsafeMutablePointer<DlInfo>) -> Int32
@_silgen_name("backtrace")
private func backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32
#endif
import Foundation

/// Capturing and reading ``CapturedCallStack``s: the hooks capture, the symbolicator reads.
extension CapturedCallStack {
    /// A stack of these return addresses (innermost first, ``capture()``'s own frames first, as it
    /// makes them).
    @_spi(Package) public convenience init(addresses: [UInt]) {
        self.init(addresses: addresses, symbolicator: Symbolicator.shared)
    }

    /// Captures the calling thread's stack: return addresses only, nothing symbolicated.
    @inline(never)
    @_spi(Package) public static func capture() -> CapturedCallStack {
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: maximumFrames) { buffer in
            guard let base = buffer.baseAddress else { return CapturedCallStack(addresses: []) }
            let count = Int(backtrace(base, Int32(buffer.count)))
            return RecentStacks.shared.stack(for: UnsafeBufferPointer(rebasing: buffer[..<max(0, count)]))
        }
    }

    /// A stack whose return addresses (innermost first) the caller's own unwinder found, kept as
    /// ``capture()`` keeps its own (a stack seen recently is the same instance). The device
    /// benchmark unwinds with frame pointers, as Darwin's `backtrace()` does, where glibc's
    /// unwinds with DWARF tables. ``appFrame`` skips as many leading addresses as ``capture()``'s
    /// own frames: read it only on addresses that start the same way.
    @_spi(Package) public static func stack(returnAddresses: UnsafeBufferPointer<UnsafeMutableRawPointer?>) -> CapturedCallStack {
        RecentStacks.shared.stack(for: UnsafeBufferPointer(rebasing: returnAddresses.prefix(maximumFrames)))
    }

    /// Every frame symbolicated (cached per address), innermost first; addresses nothing could
    /// be found for are left out.
    @_spi(Package) public var frames: [CallSite.Frame] { Symbolicator.shared.frames(of: self) }

    /// How many addresses have been looked up with `dladdr` in this process (tests check that
    /// capturing does not symbolicate and that a call site is symbolicated once).
    static var symbolications: Int { Symbolicator.shared.lookups }
}

/// The stacks captured recently, by a hash of their addresses (64 slots, two ways: a stack is
/// looked for in its slot and its slot's neighbour): a call site captured again returns the same
/// instance, which the recorder's pools then keep once. Bounded: a pair of slots holds the last
/// two stacks that hashed to it.
final class RecentStacks: Sendable {
    static let shared = RecentStacks()
    private static let slotCount = 64
    private let slots = Locked([CapturedCallStack?](repeating: nil, count: RecentStacks.slotCount))

    func stack(for frames: UnsafeBufferPointer<UnsafeMutableRawPointer?>) -> CapturedCallStack {
        let addresses = frames.map { UInt(bitPattern: $0) }
        let slot = Self.slot(of: addresses)
        return slots.withLock { slots in
            for i in [slot, slot ^ 1] {
                if let s = slots[i], s.addresses == addresses { return s }
            }
            let s = CapturedCallStack(addresses: addresses)
            // The newest in the slot, the one it held in the neighbour.
            slots[slot ^ 1] = slots[slot]
            slots[slot] = s
            return s
        }
    }

    /// The slot of a stack: FNV-1a over the addresses (a few instructions a frame, no allocation).
    static func slot(of addresses: [UInt]) -> Int {
        var h: UInt = 0xcbf2_9ce4_8422_2325
        for a in addresses { h = (h ^ a) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: (h >> 17) ^ h) & (slotCount - 1)
    }
}

/// Symbolicates return addresses with `dladdr` and the demangler, caching each address's frame
/// for the process (a bounded table: cleared when it reaches ``capacity`` addresses).
final class Symbolicator: CallStackSymbolicating, @unchecked Sendable {
    static let shared = Symbolicator()
    /// Addresses kept before the table starts over.
    static let capacity = 4_096
    private let lock = InspectorLock()
    private var cache: [UInt: CallSite.Frame?] = [:]
    /// `dladdr` lookups made so far.
    private(set) var lookups = 0

    func appFrame(of stack: CapturedCallStack) -> String? {
        let own = CaptureCalibration.ownFrames
        lock.lock(); defer { lock.unlock() }
        if let done = stack.resolvedAppFrame { return done }
        var result: String?
        for address in stack.addresses.dropFirst(own) {
            guard let frame = frame(at: address), !CallSite.isSkipped(frame) else { continue }
            result = frame.description
            break
        }
        stack.resolvedAppFrame = .some(result)
        return result
    }

    func frames(of stack: CapturedCallStack) -> [CallSite.Frame] {
        lock.lock(); defer { lock.unlock() }
        return stack.addresses.compactMap(frame(at:))
    }

    /// The frame at a return address (cached). Called with the lock held.
    private func frame(at address: UInt) -> CallSite.Frame? {
        if let known = cache[address] { return known }
        if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
        lookups += 1
        let frame = Self.lookUp(address)
        cache[address] = frame
        return frame
    }

    /// `dladdr` on the call instruction (a return address can be the first byte of the next
    /// function when the call was the last instruction, e.g. to a function that never returns).
    private static func lookUp(_ address: UInt) -> CallSite.Frame? {
        guard address > 1, let pointer = UnsafeRawPointer(bitPattern: address - 1) else { return nil }
        var info = DlInfo()
        guard dladdr(pointer, &info) != 0, let path = info.dli_fname else { return nil }
        let module = String(String(cString: path).split(separator: "/").last ?? "?")
        if let name = info.dli_sname, let start = info.dli_saddr {
            return CallSite.Frame(module: module, symbol: CallSite.demangle(String(cString: name)),
                                  offset: Int(bitPattern: address &- UInt(bitPattern: start)))
        }
        let base = UInt(bitPattern: info.dli_fbase)
        return CallSite.Frame(module: module, symbol: "0x" + String(address &- base, radix: 16), offset: nil)
    }
}

/// How many frames at the top of every captured stack are ``CapturedCallStack/capture()``'s own
/// (the function, and its buffer closure where the compiler kept it apart), measured once, on
/// first read: two captures from two call sites share exactly those frames and differ from the
/// first frame of their callers on. The hooks' frames below them are skipped by symbol; these
/// cannot be where symbols are not exported (closures are local symbols, which `dladdr` cannot
/// name on Linux). Capturing never reads this.
enum CaptureCalibration {
    static let ownFrames: Int = {
        let a = siteA().addresses, b = siteB(0).addresses
        var n = 0
        while n < min(a.count, b.count), a[n] == b[n] { n += 1 }
        return n
    }()

    @inline(never)
    private static func siteA() -> CapturedCallStack { CapturedCallStack.capture() }

    @inline(never)
    private static func siteB(_ marker: Int) -> CapturedCallStack {
        let s = CapturedCallStack.capture()
        return withExtendedLifetime(marker) { s }
    }
}
