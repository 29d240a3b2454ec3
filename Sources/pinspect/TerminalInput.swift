import Foundation

/// Refuses to read a log from standard input when that is a terminal: nobody types JSONL, so
/// a command run without a file would otherwise wait silently. Piped input is read as usual.
func refuseTerminalStandardInput(path: String) throws {
    guard path == "-", isatty(STDIN_FILENO) == 1 else { return }
    let command = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("-") } ?? "summary"
    report("no log given and standard input is a terminal: name the log file, or pipe one in "
           + "(pinspect \(command) events.jsonl, or ... | pinspect \(command))")
    throw ExitStatus.usage
}
