@_spi(Package) import BenchKit
import Foundation
@_spi(Package) import PresentationInspectorCore

// Benchmark: what one hooked call pays for its call site. Before issue 10 the hooks symbolicated
// every recorded call (`Thread.callStackSymbols`, then `CallSite.firstAppFrame` parses and
// demangles); now they capture return addresses (`CapturedCallStack.capture()`) and the app frame
// is symbolicated when someone reads it, once per call site for the process.

@inline(never)
private func appCallSite() -> CapturedCallStack { CapturedCallStack.capture() }

/// The same capture unwound as Darwin's `backtrace()` unwinds (frame pointers; the device path's).
@inline(never)
private func appCallSiteFramePointers() -> CapturedCallStack { framePointerCallStack() }

@inline(never)
private func appCallSiteSymbols() -> String? { CallSite.firstAppFrame(in: Thread.callStackSymbols) }

/// `pibench callsite`: nanoseconds per capture, per `callStackSymbols` + parse, and per read of
/// an app frame (the first read, which symbolicates, and later ones, which are cached).
func runCallSiteBenchmark(_ o: Options) {
    let calls = o.int("calls", 20_000)
    let symbolCalls = max(1, calls / 50)
    _ = appCallSite()
    // First read of a call site no other code has read: dladdr and the demangler, once.
    let fresh = appCallSite()
    let r0 = Measure.nanoseconds()
    let frame = fresh.appFrame
    let firstRead = Measure.nanoseconds() - r0

    var kept: CapturedCallStack?
    let c0 = Measure.nanoseconds()
    for _ in 0..<calls { kept = appCallSite() }
    let capture = Double(Measure.nanoseconds() - c0) / Double(calls)

    // The frame-pointer walk finds the callers glibc's DWARF unwinder finds, or its figure would
    // price a shorter walk than a device makes: past its own first frame or two (inlined or not),
    // the walk is a run of glibc's stack, which goes on into start-up code built without frame
    // pointers, where the walk stops.
    let walked = appCallSiteFramePointers().addresses, unwound = appCallSite().addresses
    let agrees = (1...2).contains { own in
        let callers = Array(walked.dropFirst(own))
        return callers.count >= 2 && unwound.indices.contains { unwound[$0...].starts(with: callers) }
    }
    guard agrees else {
        fatalError("pibench callsite: the frame-pointer walk disagrees with glibc's backtrace() (\(walked) vs \(unwound))")
    }
    let f0 = Measure.nanoseconds()
    for _ in 0..<calls { kept = appCallSiteFramePointers() }
    let framePointerCapture = Double(Measure.nanoseconds() - f0) / Double(calls)

    // Another instance of the same addresses: the process-wide cache answers.
    let r1 = Measure.nanoseconds()
    var reads = 0
    for _ in 0..<symbolCalls where CapturedCallStack(addresses: fresh.addresses).appFrame != nil { reads += 1 }
    let cachedRead = Double(Measure.nanoseconds() - r1) / Double(symbolCalls)

    var text: String?
    let s0 = Measure.nanoseconds()
    for _ in 0..<symbolCalls { text = appCallSiteSymbols() }
    let symbols = Double(Measure.nanoseconds() - s0) / Double(symbolCalls)
    withExtendedLifetime(kept) {}
    Measure.emit(["bench": "callsite", "calls": calls, "frames": fresh.addresses.count, "capture_ns": capture,
                  "frame_pointer_frames": walked.count, "frame_pointer_capture_ns": framePointerCapture,
                  "first_read_ns": Double(firstRead), "cached_read_ns": cachedRead, "callstacksymbols_ns": symbols,
                  "app_frame": frame ?? "nil", "callstacksymbols_frame": text ?? "nil", "reads": reads])
}
