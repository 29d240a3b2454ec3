@_spi(Package) import PresentationInspectorCore

extension Simulation {
    /// Loads `scenario`, runs its steps in order, then lets pending transitions and leak
    /// checks finish. Errors name the file, the step and the key.
    public func run(_ scenario: Scenario) throws(ScenarioError) {
        do {
            try load(scenario)
        } catch {
            throw ScenarioError(file: scenario.file, key: error.key, message: error.message)
        }
        for (i, step) in scenario.steps.enumerated() {
            do {
                try perform(step)
            } catch {
                throw ScenarioError(file: scenario.file, line: step.line, location: "steps[\(i)] (\(step.action.kindName))", key: error.key, message: error.message)
            }
        }
        drain()
    }

    /// Runs one step.
    public func perform(_ step: Scenario.Step) throws(SimulationError) {
        let context = step.thread == "main" ? CallContext.main : CallContext(thread: step.thread, isMainThread: false)
        func c(_ id: String, _ key: String) throws(SimulationError) -> SimController {
            guard let c = controller(id) else {
                throw SimulationError(key: key, message: "controller \"\(id)\" no longer exists (it was released and deallocated)")
            }
            return c
        }
        switch step.action {
        case .present(let p, let from, let animated):
            let presented = try c(p, "present"), source = try c(from, "from")
            let observed = try step.observed.map { o throws(SimulationError) in try resolve(o) }
            let atEnd = try step.observedAtEnd.map { o throws(SimulationError) in try resolve(o, key: "observedAtEnd") }
            present(presented, from: source, animated: animated, context: context, observed: observed, observedAtEnd: atEnd)
        case .dismiss(let r, let animated):
            let receiver = try c(r, "dismiss")
            let observed = try step.observed.map { o throws(SimulationError) in try resolve(o) }
            dismiss(receiver, animated: animated, context: context, observed: observed)
        case .push(let id, let nav, _):
            try push(try c(id, "push"), onto: try c(nav, "onto"))
        case .pop(let nav, _):
            try pop(try c(nav, "pop"))
        case .select(let index, let tabs):
            try select(index, in: try c(tabs, "in"))
        case .addChild(let child, let parent):
            try addChild(try c(child, "addChild"), to: try c(parent, "to"))
        case .removeFromParent(let child):
            removeFromParent(try c(child, "removeFromParent"))
        case .set(let id, let props):
            let target = try c(id, "set")
            for p in props { set(p, on: target) }
        case .advance(let s):
            advance(by: s)
        case .swipeDown(let id, let complete):
            try swipeDown(try c(id, "swipeDown"), complete: complete, context: context)
        case .release(let id):
            _ = try c(id, "release")
            release(id)
        case .startRecording(let seq):
            recorder.reset(numberingFrom: seq)
        case .selectDetent(let detent, let id):
            try selectDetent(detent, in: try c(id, "in"), context: context)
        }
    }
}

extension Scenario.Action {
    /// The step's key in scenario files.
    public var kindName: String {
        switch self {
        case .present: "present"
        case .dismiss: "dismiss"
        case .push: "push"
        case .pop: "pop"
        case .select: "select"
        case .addChild: "addChild"
        case .removeFromParent: "removeFromParent"
        case .set: "set"
        case .advance: "advance"
        case .swipeDown: "swipeDown"
        case .release: "release"
        case .startRecording: "startRecording"
        case .selectDetent: "selectDetent"
        }
    }
}
