import XCTest
@_spi(Package) import PresentationInspectorCore

/// The scene the inspector's windows go to when the app has several.
final class IntegrationSceneChoiceTests: XCTestCase {
    typealias C = SceneChoice.Candidate

    func testTheSceneWhoseKeyWindowBecameKeyLastWins() {
        let scenes = [C(activation: .foregroundActive, hasKeyWindow: true, keyOrder: 1),
                      C(activation: .foregroundActive, hasKeyWindow: true, keyOrder: 4),
                      C(activation: .foregroundActive, hasKeyWindow: true, keyOrder: 2)]
        XCTAssertEqual(SceneChoice.choose(scenes), 1, "not the first of the unordered set")
    }

    func testAKeyWindowBeatsNone() {
        let scenes = [C(activation: .foregroundActive, hasKeyWindow: false),
                      C(activation: .foregroundActive, hasKeyWindow: true)]
        XCTAssertEqual(SceneChoice.choose(scenes), 1)
        XCTAssertEqual(SceneChoice.choose([C(activation: .foregroundActive, hasKeyWindow: true),
                                           C(activation: .foregroundActive, hasKeyWindow: true)]), 0, "a tie goes to the earlier")
    }

    func testActiveBeatsInactiveAndBackgroundIsNeverChosen() {
        let scenes = [C(activation: .background, hasKeyWindow: true, keyOrder: 9),
                      C(activation: .foregroundInactive, hasKeyWindow: true, keyOrder: 8),
                      C(activation: .foregroundActive, hasKeyWindow: true, keyOrder: 1)]
        XCTAssertEqual(SceneChoice.choose(scenes), 2)
        XCTAssertEqual(SceneChoice.choose(Array(scenes.prefix(2))), 1, "inactive but on screen")
        XCTAssertNil(SceneChoice.choose([C(activation: .background, hasKeyWindow: true), C(activation: .unattached, hasKeyWindow: false)]),
                     "a background scene's windows are not on screen")
        XCTAssertNil(SceneChoice.choose([]))
    }

    func testTheSceneTheUserActedInWinsWhenOnScreen() {
        let scenes = [C(activation: .foregroundActive, hasKeyWindow: true, keyOrder: 5),
                      C(activation: .foregroundInactive, hasKeyWindow: true, keyOrder: 1),
                      C(activation: .background, hasKeyWindow: true)]
        XCTAssertEqual(SceneChoice.choose(scenes, preferred: 1), 1)
        XCTAssertEqual(SceneChoice.choose(scenes, preferred: 2), 0, "not a background scene")
        XCTAssertEqual(SceneChoice.choose(scenes, preferred: 7), 0, "an index out of range is ignored")
    }
}
