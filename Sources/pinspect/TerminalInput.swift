import Foundation

/// Refuses to read a log (or a scenario) from standard input when that is a terminal: nobody types
/// JSON, so a command run without a file would otherwise wait silently. Piped input is read as usual.
/// The message repeats the command as typed, with a file in place of standard input.
func refuseTerminalStandardInput(path: String, what: String = "log", example: String = "events.jsonl") throws {
    guard path == "-", isatty(STDIN_FILENO) == 1 else { return }
    let typed = CommandLine.arguments.dropFirst().filter { $0 != "-" }.joined(separator: " ")
    report("no \(what) given and standard input is a terminal: name the \(what) file, or pipe one in "
           + "(pinspect \(typed) \(example), or ... | pinspect \(typed))")
    throw ExitStatus.usage
}
