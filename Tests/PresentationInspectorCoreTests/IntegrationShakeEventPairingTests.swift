import XCTest
import PresentationInspectorCore

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
