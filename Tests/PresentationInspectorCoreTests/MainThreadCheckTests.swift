import Foundation
import XCTest
@testable import PresentationInspectorCore

/// `MainThreadCheck` keeps each thread's answer (Linux: thread-local storage), so it must answer
/// as Foundation does on every thread, whichever thread asked first.
final class MainThreadCheckTests: XCTestCase {
    /// What a background thread saw: its answers (first and kept) and its call context.
    private final class Seen: @unchecked Sendable {
        var first: Bool?, second: Bool?, foundation: Bool?, context: CallContext?
    }

    private func onNewThread(named name: String) -> Seen {
        let seen = Seen(), done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Named from inside: on Linux a name set before `start()` does not reach `Thread.current`.
            Thread.current.name = name
            seen.first = MainThreadCheck.isMainThread
            seen.second = MainThreadCheck.isMainThread
            seen.foundation = Thread.isMainThread
            seen.context = CallContext.current(capturing: nil)
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the thread did not finish")
        return seen
    }

    func testAnswersAsFoundationOnTheMainThreadAndOnOthers() {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs test methods on the main thread")
        // The main thread asks first and keeps its answer; an answer kept for the process (not
        // per thread) would then call every other thread the main thread.
        XCTAssertTrue(MainThreadCheck.isMainThread)
        XCTAssertTrue(MainThreadCheck.isMainThread)
        for i in 0..<3 {
            let seen = onNewThread(named: "worker-\(i)")
            XCTAssertEqual(seen.foundation, false)
            XCTAssertEqual(seen.first, false)
            XCTAssertEqual(seen.second, false, "the kept answer")
            XCTAssertEqual(seen.context?.isMainThread, false)
            XCTAssertEqual(seen.context?.thread, "worker-\(i)")
        }
        // Still the main thread's own answer after the others asked.
        XCTAssertTrue(MainThreadCheck.isMainThread)
        let context = CallContext.current(capturing: nil)
        XCTAssertTrue(context.isMainThread)
        XCTAssertEqual(context.thread, "main")
    }
}
