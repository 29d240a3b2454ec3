import Foundation

/// The demo's debugger mode (owned by the LLDB plugin work): after the scenarios ran, stop at
/// a named breakpoint symbol so `pi` commands can be tried on a live process.
func stopForDebuggerIfRequested(arguments: [String]) {}
