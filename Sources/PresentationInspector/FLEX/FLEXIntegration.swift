// `FLEX` is the package trait (on by default); canImport covers builds where the trait is on but
// FLEX is not linked (the dependency is conditioned on iOS, so not on Mac Catalyst).
#if canImport(UIKit) && FLEX && canImport(FLEX)
import UIKit
import ObjectiveC
import FLEX
@_spi(Package) import PresentationInspectorCore

/// Adds the inspector to FLEX (with the package's `FLEX` trait, on by default):
/// - a global entry **Presentations** at the top of FLEX's menu, opening the live timeline,
///   and **Presentation conformance**, running the model against UIKit;
/// - on every `UIViewController` object explorer, a shortcut row
///   `presentationInspectorHistory`: that controller's recorded events, oldest first.
///
/// FLEX keeps registrations forever and has no unregister call, so they are made once per
/// process; after `stop()` they show the last recording (or say that nothing runs).
@MainActor
enum FLEXIntegration {
    private static var registered = false

    /// Registers the entry and the shortcut (main thread, as FLEX requires). Idempotent.
    static func registerOnce() {
        guard !registered else { return }
        registered = true
        FLEXManager.shared.registerGlobalEntry(withName: "Presentations", viewControllerFutureBlock: {
            TimelineViewController(model: OverlayModel())
        })
        #if canImport(PresentationSimulator)
        FLEXManager.shared.registerGlobalEntry(withName: "Presentation conformance", viewControllerFutureBlock: {
            ConformanceViewController()
        })
        #endif
        // FLEX finds shortcut properties with class_getProperty and asserts when one is
        // missing; declare ours explicitly in case the Swift compiler emitted no metadata.
        let name = "presentationInspectorHistory"
        if class_getProperty(UIViewController.self, name) == nil {
            // Type NSArray, read-only, nonatomic. The runtime copies the strings during the call.
            let texts: [String] = ["T", "@\"NSArray\"", "R", "", "N", ""]
            let strings = texts.map { strdup($0) }
            defer { for string in strings { free(string) } }
            let c = strings.compactMap { $0 }
            if c.count == strings.count {
                let attributes = [objc_property_attribute_t(name: c[0], value: c[1]),
                                  objc_property_attribute_t(name: c[2], value: c[3]),
                                  objc_property_attribute_t(name: c[4], value: c[5])]
                attributes.withUnsafeBufferPointer { buffer in
                    _ = class_addProperty(UIViewController.self, name, buffer.baseAddress, UInt32(buffer.count))
                }
            }
        }
        FLEXShortcutsFactory.append.properties([name]).forClass(UIViewController.self)
    }
}

extension UIViewController {
    /// This controller's recorded presentation history, one summary per event (shown by
    /// FLEX's object explorer; diagnostics follow each summary).
    @objc public var presentationInspectorHistory: [String] {
        let id = UIKitNode.address(of: self)
        let events = PresentationInspector.history(ofControllerID: id)
        guard !events.isEmpty else {
            return [PresentationInspector.isRunning ? "No presentation recorded for \(id)." : "PresentationInspector is not running."]
        }
        return events.map { e in
            ([e.summary] + e.diagnostics.map { "  \($0.severity.rawValue): \($0.message)" }).joined(separator: "\n")
        }
    }
}
#endif
