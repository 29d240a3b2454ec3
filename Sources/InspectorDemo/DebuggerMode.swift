import Foundation
@_spi(Package) import PresentationInspectorCore
@_spi(Package) import PresentationSimulator

// The demo's debugger mode (docs/LLDB.md): after the scenarios ran and the log was
// written, stop at a named breakpoint symbol so the `pi` commands can be tried on a live process.
//
//   --break-for-debugger              call `inspector_demo_debugger_stop` (break on it in lldb)
//   --debugger-synthetic-events N     first record N synthetic events (large-log tests)
//
// Without a debugger attached the stop is a no-op and the demo exits as usual.

/// The breakpoint symbol: `breakpoint set -n inspector_demo_debugger_stop`.
///
/// A C symbol (not a Swift name) so that any lldb finds it without Swift support. It is called
/// through a C function pointer: a direct Swift call would enter the Swift body and skip the C
/// symbol, and the breakpoint would never hit.
@_cdecl("inspector_demo_debugger_stop")
@inline(never)
func inspectorDemoDebuggerStop() {
    // Keeps the body from being empty so the call is never folded away.
    debuggerStopCount &+= 1
}

nonisolated(unsafe) private var debuggerStopCount = 0

private let breakpointSymbol = "inspector_demo_debugger_stop"

/// Debugger mode, first half (before the artefacts are written, so every output of the run
/// holds the same events): reopens the camera chain so `pi chain` shows a live chain, then
/// records the synthetic events asked for, after the last event in time.
func prepareDebuggerMode(_ options: DemoOptions, recorder: Recorder) {
    guard options.breakForDebugger else { return }
    print("debugger mode: writing into \(options.outputDirectory)\(options.outputGiven ? "" : " (a plain run's \(DemoOptions.defaultOutputDirectory) stays as it was)")")
    if reopenCameraChain(chains.value) {
        print("debugger mode: reopened camera → photo library → people picker, so `pi chain` shows a live chain")
    }
    if options.syntheticEvents > 0 {
        recordSyntheticEvents(options.syntheticEvents, into: recorder)
        print("debugger mode: recorded \(options.syntheticEvents) synthetic events")
    }
}

/// Debugger mode, second half: calls the breakpoint symbol (a no-op without a debugger).
func stopForDebuggerIfRequested(_ options: DemoOptions) {
    guard options.breakForDebugger else { return }
    print("debugger mode: stopping at \(breakpointSymbol) (in lldb: breakpoint set -n \(breakpointSymbol)); without a debugger this does nothing")
    let stop: @convention(c) () -> Void = inspectorDemoDebuggerStop
    stop()
}

/// Presents the camera scenario's photo library and people picker again (when that scenario
/// ran), leaving them on screen. Returns whether it did.
private func reopenCameraChain(_ simulation: Simulation) -> Bool {
    guard let camera = simulation.controller("camera"), let photos = simulation.controller("photos"),
          let library = simulation.controller("library"), let picker = simulation.controller("peoplePicker"),
          simulation.windowChains().contains(where: { $0.chain.map(\.id) == ["camera"] })
    else { return false }
    simulation.present(photos, from: camera, animated: false)
    simulation.present(picker, from: library, animated: true)
    simulation.advance(by: 0.5)
    return true
}

/// Records `count` present/dismiss events of synthetic controllers, each with a long
/// explanation and a title with non-ASCII text and characters JSON escapes, so a large log
/// crosses the debugger's read-chunk boundaries in the middle of multi-byte characters.
private func recordSyntheticEvents(_ count: Int, into recorder: Recorder) {
    let host = ControllerRef(id: "syntheticHost", type: "SyntheticHostViewController", title: "Host")
    // After the latest event in time, so time never goes backwards within the recording.
    let last = recorder.snapshot().events.map(\.time).max() ?? 0
    for i in 0..<count {
        let controller = ControllerRef(id: "synthetic-\(i)", type: "SyntheticViewController",
                                       title: "Synthétique №\(i) \"quoted\" ✓ 日本")
        let time = last + Double(i + 1) * 0.001
        if i % 2 == 0 {
            recorder.record(Event(
                time: time, kind: .present, outcome: .presented, animated: true, window: "synthetic",
                source: host, presented: controller, presenting: host, contextProvider: host,
                requestedStyle: .automatic, effectiveStyle: .pageSheet,
                requestedTransition: .coverVertical, effectiveTransition: .coverVertical,
                explanation: [
                    "Synthetic event \(i) of \(count), recorded by InspectorDemo's debugger mode to test large logs.",
                    "Style pageSheet is not a context style, so definesPresentationContext is not consulted.",
                    "The presentation root \(host.label) provides the context and presents \(controller.label).",
                ],
                chain: [host, controller]))
        } else {
            recorder.record(Event(
                time: time, kind: .dismiss, outcome: .dismissed, animated: true, window: "synthetic",
                explanation: ["\(controller.label) dismisses itself; the message is forwarded to \(host.label)."],
                receiver: controller, handledBy: host, dismissed: [controller], forwarded: true,
                chain: [host]))
        }
    }
}
