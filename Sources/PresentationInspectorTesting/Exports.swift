// A test that imports PresentationInspectorTesting records with the simulator (`Simulation`,
// `Scenario`, ``PresentationRecording/capture(running:)``) and reads the core's events: both
// come with it, as the core comes with PresentationInspector.
@_exported import PresentationInspectorCore
@_exported import PresentationSimulator
