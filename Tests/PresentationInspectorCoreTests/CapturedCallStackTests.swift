import XCTest
import Foundation
@_spi(Package) @testable import PresentationInspectorCore
import TestSupport

/// Call sites as return addresses (issue 10): captured without symbolicating, the app frame
/// symbolicated once when read, each address once per process. These run for real on Linux
/// (`dladdr` and `backtrace` from glibc; the test binary exports its symbols: Package.swift).
final class CapturedCallStackTests: XCTestCase {
    /// The app's call: a function of the test module calling the inspector, as an app calls `present`.
    @inline(never)
    func appCallsTheHook() -> CapturedCallStack { CapturedCallStack.capture() }

    @inline(never)
    func anotherCallSite() -> CapturedCallStack { CapturedCallStack.capture() }

    func testTheAppFrameNamesTheCallingFunctionOfTheTestModule() throws {
        let stack = appCallsTheHook()
        let frame = try XCTUnwrap(stack.appFrame)
        // The inspector's own frame (`capture()`) is skipped by symbol; the first frame left is the caller.
        XCTAssertTrue(frame.contains("PresentationInspectorCoreTests.CapturedCallStackTests.appCallsTheHook()"), frame)
        XCTAssertTrue(frame.contains("`"), "LLDB style: Module`symbol + offset: \(frame)")
        XCTAssertNotNil(frame.range(of: #" \+ [0-9]+$"#, options: .regularExpression), frame)
        XCTAssertFalse(frame.contains("CapturedCallStack.capture"), frame)
        let all = stack.frames
        XCTAssertTrue(all.contains { $0.symbol.contains("PresentationInspectorCore.CapturedCallStack.capture") },
                      "the capture's own frame is in the stack, skipped only when read: \(all.map(\.description))")
        XCTAssertLessThanOrEqual(stack.addresses.count, CapturedCallStack.maximumFrames)
    }

    func testCapturingDoesNotSymbolicateAndReadingSymbolicatesOnce() throws {
        let before = CapturedCallStack.symbolications
        let stacks = (0..<3).map { _ in anotherCallSite() }
        XCTAssertEqual(CapturedCallStack.symbolications, before, "capturing looked symbols up")
        let first = try stacks.element(0), second = try stacks.element(1), third = try stacks.element(2)
        XCTAssertTrue(second === first && third === first, "one call site captured again is the same instance")

        let frame = try XCTUnwrap(try stacks.element(0).appFrame)
        XCTAssertTrue(frame.contains("anotherCallSite()"), frame)
        let afterFirstRead = CapturedCallStack.symbolications
        XCTAssertGreaterThan(afterFirstRead, before, "reading symbolicates")
        XCTAssertEqual(try stacks.element(0).appFrame, frame)
        // A separate instance of the same addresses (another event of the same call site): the
        // process-wide cache answers; nothing is looked up again.
        let twin = CapturedCallStack(addresses: try stacks.element(0).addresses)
        XCTAssertFalse(twin === first)
        XCTAssertEqual(twin.appFrame, frame)
        XCTAssertEqual(CapturedCallStack.symbolications, afterFirstRead)
    }

    /// Two call sites whose stacks share a slot of the recent-stacks table both stay there: each
    /// capture again returns its instance (direct-mapped, they replaced each other at every call,
    /// and every hooked call allocated a stack).
    func testTwoStacksOfOneSlotAreBothKept() throws {
        func frames(_ base: UInt) -> [UnsafeMutableRawPointer?] { [UnsafeMutableRawPointer(bitPattern: base), UnsafeMutableRawPointer(bitPattern: 0x1000)] }
        let first = frames(0x7000_0000)
        func slot(_ f: [UnsafeMutableRawPointer?]) -> Int { RecentStacks.slot(of: f.map { UInt(bitPattern: $0) }) }
        let target = slot(first)
        let other = try XCTUnwrap((1..<100_000).lazy.map { frames(0x7000_0000 + UInt($0) * 16) }.first { slot($0) == target })
        let table = RecentStacks()
        let a = first.withUnsafeBufferPointer { table.stack(for: $0) }
        let b = other.withUnsafeBufferPointer { table.stack(for: $0) }
        XCTAssertFalse(a === b)
        for _ in 0..<3 {
            XCTAssertTrue(first.withUnsafeBufferPointer { table.stack(for: $0) } === a)
            XCTAssertTrue(other.withUnsafeBufferPointer { table.stack(for: $0) } === b)
        }
        XCTAssertEqual(a.addresses, first.map { UInt(bitPattern: $0) })
        XCTAssertEqual(b.addresses, other.map { UInt(bitPattern: $0) })
    }

    @inline(never)
    static func threadCallSite() -> CapturedCallStack { CapturedCallStack.capture() }

    private final class Frames: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String?] = []
        func append(_ more: [String?]) { lock.lock(); stored += more; lock.unlock() }
        var all: [String?] { lock.lock(); defer { lock.unlock() }; return stored }
    }

    /// Captures and reads from several threads at once (the recent-stacks table, the per-stack and
    /// per-address caches are shared): every read names the same frame. Run under TSan in CI step 20.
    func testConcurrentCapturesAndReadsAgree() {
        let collected = Frames()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var local: [String?] = []
            for _ in 0..<100 { local.append(Self.threadCallSite().appFrame) }
            collected.append(local)
        }
        let frames = collected.all
        XCTAssertEqual(frames.count, 800)
        XCTAssertEqual(Set(frames).count, 1, "\(Set(frames))")
        XCTAssertTrue(frames.first??.contains("threadCallSite()") ?? false, "\(String(describing: frames.first))")
    }

    func testStacksAreEqualAndHashedByTheirAddresses() {
        let a = CapturedCallStack(addresses: [0x10, 0x20]), b = CapturedCallStack(addresses: [0x10, 0x20])
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertNotEqual(a, CapturedCallStack(addresses: [0x10, 0x21]))
        XCTAssertNotEqual(a, CapturedCallStack(addresses: [0x10]))
        XCTAssertEqual(CapturedCallStack(addresses: Array(repeating: 1, count: 100)).addresses.count, CapturedCallStack.maximumFrames)
    }

    /// Addresses in no loaded image give no frame (and no app frame), not a crash.
    func testAddressesOutsideEveryImageHaveNoFrame() {
        let stack = CapturedCallStack(addresses: [0x10, 0x18])
        XCTAssertNil(stack.appFrame)
        XCTAssertEqual(stack.frames, [])
        XCTAssertEqual(stack.description, "<no app frame>")
    }

    #if os(Linux)
    @inline(never)
    private static func unexported() -> CapturedCallStack { CapturedCallStack.capture() }

    /// A `private` function is a local symbol, which `dladdr` cannot name (even with
    /// `--export-dynamic`): the frame is the module and the offset into it.
    func testAFrameWithoutAnExportedSymbolIsTheModuleAndTheOffset() throws {
        let frame = try XCTUnwrap(Self.unexported().appFrame)
        let binary = try XCTUnwrap(CommandLine.arguments.first?.split(separator: "/").last)
        XCTAssertNotNil(frame.range(of: "^" + NSRegularExpression.escapedPattern(for: String(binary)) + "`0x[0-9a-f]+$",
                                    options: .regularExpression), frame)
    }
    #endif

    // MARK: Events and the handler

    func testAnEventShowsTheCapturedStacksAppFrameAndTextReplacesIt() throws {
        let stack = appCallsTheHook()
        var e = Event(time: 0, kind: .present, outcome: .presented, capturedCallStack: stack)
        XCTAssertEqual(e.callSite, stack.appFrame)
        XCTAssertNotNil(e.callSite)
        XCTAssertNil(e.callSiteText)
        e.callSite = "App.swift:12"
        XCTAssertNil(e.capturedCallStack, "setting the text drops the stack")
        XCTAssertEqual(e.callSite, "App.swift:12")
        XCTAssertEqual(e.callSiteText, "App.swift:12")
        e.callSite = nil
        XCTAssertNil(e.callSite)
    }

    func testTheLogCarriesTheSymbolicatedCallSite() throws {
        let stack = appCallsTheHook()
        let e = Event(seq: 1, time: 0, kind: .present, outcome: .presented, capturedCallStack: stack)
        let text = LogWriter.text(header: LogHeader(app: ["name": "T"]), events: [e])
        let back = try XCTUnwrap(LogReader.read(text: text).events.first)
        XCTAssertEqual(back.callSite, stack.appFrame)
        XCTAssertNil(back.capturedCallStack, "a log holds text")
    }

    func testTheHandlerStoresTheStackWithoutSymbolicating() throws {
        let recorder = Recorder()
        let handler = PresentationHooksHandler(recorder: recorder, scheduler: ManualScheduler())
        let root = FakeNode("root", window: "w"), p = FakeNode("p")
        let stack = CapturedCallStack(addresses: appCallsTheHook().addresses)  // not yet read
        let before = CapturedCallStack.symbolications
        handler.handlePresent(source: root, presented: p, animated: false, context: .current(capturing: stack), completion: nil) { c in
            root.ownPresentedNode = p; p.presentingNode = root; c?()
        }
        handler.handleDismiss(receiver: p, animated: false, context: CallContext(capturedCallStack: stack), completion: nil) { c in
            root.ownPresentedNode = nil; p.presentingNode = nil; c?()
        }
        XCTAssertEqual(CapturedCallStack.symbolications, before, "recording symbolicated a call site")
        let withStack = recorder.events.filter { $0.capturedCallStack != nil }
        XCTAssertEqual(withStack.map(\.kind), [.present, .dismiss])
        XCTAssertTrue(withStack.allSatisfy { $0.capturedCallStack === stack })
        XCTAssertEqual(withStack.first?.callSite, stack.appFrame)
        XCTAssertTrue(try XCTUnwrap(withStack.first?.callSite).contains("appCallsTheHook()"))
    }

    func testAContextReadsItsStackOnlyWhenAsked() {
        let stack = CapturedCallStack(addresses: [0x10])
        var context = CallContext.current(capturing: stack)
        XCTAssertNil(context.callSiteText)
        XCTAssertTrue(context.capturedCallStack === stack)
        context.callSite = "x"
        XCTAssertNil(context.capturedCallStack)
        XCTAssertEqual(context.callSite, "x")
    }

    /// The rule is `CallSite.firstAppFrame`'s: standard-library code specialised into the app's
    /// image is not the app's call either.
    func testSpecialisedStandardLibraryFramesAreSkipped() {
        XCTAssertTrue(CallSite.isSkipped(CallSite.Frame(module: "MyApp",
            symbol: "generic specialization <()> of static Swift.MainActor.assumeIsolated<A>(_: @MainActor () throws -> A, file: Swift.StaticString, line: Swift.UInt) throws -> A",
            offset: 4)))
        XCTAssertTrue(CallSite.isSkipped(CallSite.Frame(module: "libswiftCore.so", symbol: "swift_retain", offset: 4)))
        XCTAssertFalse(CallSite.isSkipped(CallSite.Frame(module: "MyApp", symbol: "MyApp.ListViewController.showNext() -> ()", offset: 4)))
    }
}
