#if canImport(UIKit)
import Foundation
import os
@_spi(Package) import PresentationInspectorCore

/// Emits the ``SignpostPlanner``'s signposts with `os_signpost`, under subsystem
/// `PresentationInspector`, category `Presentations`: in Instruments, add the os_signpost
/// instrument (or Points of Interest's neighbour lane) to see `present` and `dismiss`
/// intervals beside the app's own signposts.
final class SignpostEmitter: @unchecked Sendable {
    private let log = OSLog(subsystem: SignpostPlanner.subsystem, category: SignpostPlanner.category)

    /// Whether signposts are being recorded (Instruments attached): events are planned and
    /// emitted only then.
    var isEnabled: Bool { log.signpostsEnabled }

    /// Emits one action. Messages are public: they hold class names, addresses and — unless
    /// titles are redacted or not recorded — titles.
    func emit(_ action: SignpostAction) {
        switch action {
        case let .begin(id, name, message):
            let spid = OSSignpostID(UInt64(id))
            switch name {
            case .present: os_signpost(.begin, log: log, name: "present", signpostID: spid, "%{public}@", message as NSString)
            case .dismiss: os_signpost(.begin, log: log, name: "dismiss", signpostID: spid, "%{public}@", message as NSString)
            default: emitEvent(name, message)
            }
        case let .end(id, name, message):
            let spid = OSSignpostID(UInt64(id))
            switch name {
            case .present: os_signpost(.end, log: log, name: "present", signpostID: spid, "%{public}@", message as NSString)
            case .dismiss: os_signpost(.end, log: log, name: "dismiss", signpostID: spid, "%{public}@", message as NSString)
            default: emitEvent(name, message)
            }
        case let .event(name, message):
            emitEvent(name, message)
        }
    }

    private func emitEvent(_ name: SignpostName, _ message: String) {
        switch name {
        case .present: os_signpost(.event, log: log, name: "present", "%{public}@", message as NSString)
        case .dismiss: os_signpost(.event, log: log, name: "dismiss", "%{public}@", message as NSString)
        case .interactiveDismiss: os_signpost(.event, log: log, name: "interactive-dismiss", "%{public}@", message as NSString)
        case .rejected: os_signpost(.event, log: log, name: "rejected", "%{public}@", message as NSString)
        case .leak: os_signpost(.event, log: log, name: "leak", "%{public}@", message as NSString)
        case .sheetDetent: os_signpost(.event, log: log, name: "sheet-detent", "%{public}@", message as NSString)
        }
    }
}
#endif
