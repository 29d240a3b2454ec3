import XCTest
@_spi(Package) import PresentationInspectorCore

/// One toggle per shake from the began/ended events `UIApplication.sendEvent` sees.
final class IntegrationShakeEventPairingTests: XCTestCase {
    func testEachShakeTogglesOnceOnItsSecondEvent() {
        var pairing = ShakeEventPairing()
        // Three shakes: began/ended pairs, timestamps as UIEvent.timestamp (seconds since boot).
        let toggles = [100.0, 100.6, 104.0, 104.9, 110.0, 110.1].map { pairing.shakeEventDispatched(at: $0) }
        XCTAssertEqual(toggles, [false, true, false, true, false, true])
        XCTAssertNil(pairing.pendingSince)
    }

    func testALostEventCostsAtMostOneShake() {
        var pairing = ShakeEventPairing(pairWindow: 3)
        // Installed mid-shake: only its ended event (50) is seen; the next shake comes 20 s later.
        let toggles = [50.0, 70.0, 70.5, 80.0, 80.4].map { pairing.shakeEventDispatched(at: $0) }
        XCTAssertEqual(toggles, [false, false, true, false, true], "the stale event does not pair with the next shake")
    }

    func testAnEventThatReachedTheWindowIsTheEndOfAShake() {
        var pairing = ShakeEventPairing()
        // No responder swallows the shake: began (not reaching motionEnded), then ended (reaching it).
        XCTAssertFalse(pairing.shakeEventDispatched(at: 10, reachedWindow: false))
        XCTAssertTrue(pairing.shakeEventDispatched(at: 10.5, reachedWindow: true))
        XCTAssertNil(pairing.pendingSince)
        // Were UIKit to send only the end through sendEvent, each shake would still toggle once.
        XCTAssertTrue(pairing.shakeEventDispatched(at: 20, reachedWindow: true))
        XCTAssertTrue(pairing.shakeEventDispatched(at: 30, reachedWindow: true))
        // A stale unpaired event is dropped by an end that reached the window.
        XCTAssertFalse(pairing.shakeEventDispatched(at: 40))
        XCTAssertTrue(pairing.shakeEventDispatched(at: 90, reachedWindow: true))
        XCTAssertFalse(pairing.shakeEventDispatched(at: 91), "a new pair starts")
    }

    func testHostileTimestampsNeverToggle() {
        var pairing = ShakeEventPairing()
        XCTAssertFalse(pairing.shakeEventDispatched(at: 10))
        XCTAssertFalse(pairing.shakeEventDispatched(at: .nan), "not finite: start over")
        XCTAssertNil(pairing.pendingSince)
        XCTAssertFalse(pairing.shakeEventDispatched(at: 10))
        XCTAssertFalse(pairing.shakeEventDispatched(at: 9), "earlier than the pending event: a new pair")
        XCTAssertTrue(pairing.shakeEventDispatched(at: 9.5))
        XCTAssertFalse(pairing.shakeEventDispatched(at: .infinity))
        XCTAssertEqual(ShakeEventPairing(pairWindow: -1).pairWindow, 3)
        XCTAssertEqual(ShakeEventPairing(pairWindow: .nan).pairWindow, 3)
    }
}
