// libFuzzer target: every view on what the log reader accepts (issue 13). The log reader's own
// target checks the reader; this one checks that a value the reader lets through never traps
// an exporter, a layout or a renderer, never hangs one (libFuzzer's -timeout), and that each
// output is valid for its format (FuzzSupport/Views.swift). Graphviz checks the DOT outputs of
// the regression inputs in Tests/ReliabilityTests/FuzzViewsRegressionTests.swift.
// Built with -parse-as-library: this file holds declarations only, libFuzzer provides main.
import FuzzSupport
@_spi(Package) import PresentationInspectorCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViews(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: start, count: count), as: UTF8.self),
          let read = try? LogReader.read(text: text, name: "fuzz.jsonl") else { return 0 }
    Views.renderAll(header: read.header, events: read.events)
    return 0
}
