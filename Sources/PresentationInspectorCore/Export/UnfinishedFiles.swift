import Dispatch
import Foundation

/// The temporary files a command-line tool is writing (a ``FileReplacement``'s file under its
/// temporary name, a copy of standard input, the demo's live log), removed when the tool is
/// interrupted: Ctrl-C (SIGINT) or a `kill` (SIGTERM) leaves nothing behind, and the file the
/// tool was replacing stays as it was.
///
/// Only a tool's `main` turns this on (``removeOnInterrupt()``); inside an app nothing handles a
/// signal: the registry only keeps names.
@_spi(Package) public enum UnfinishedFiles {
    private static let paths = Locked<Set<String>>([])
    private static let signalSources = Locked<[any DispatchSourceSignal]>([])

    /// Notes a temporary file to remove if the tool is interrupted before it is done with it.
    @_spi(Package) public static func register(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// Renames or removes a registered file, and forgets it when that worked (`finish` returns 0;
    /// otherwise its errno value, returned too), in one step an interrupt cannot split: `finish`
    /// runs under the lock the interrupt handler takes, so the handler finds the file either still
    /// unfinished (and removes it) or gone from the registry.
    @_spi(Package) public static func finish(_ path: String, _ finish: () -> Int32) -> Int32 {
        paths.withLock { paths in
            let error = finish()
            if error == 0 { paths.remove(path) }
            return error
        }
    }

    /// Removes a registered file and forgets it.
    @_spi(Package) public static func remove(_ path: String) {
        _ = finish(path) { unlink(path); return 0 }
    }

    /// Makes SIGINT and SIGTERM remove every registered file and exit with 128 + the signal's
    /// number (130, 143), as a shell reports a command killed by that signal. The signals are
    /// handled on a dispatch queue, not in a signal handler, so removing the files may take the
    /// registry's lock. Call once, from a command-line tool's `main`; never in an app.
    @_spi(Package) public static func removeOnInterrupt() {
        signalSources.withLock { sources in
            guard sources.isEmpty else { return }
            let queue = DispatchQueue(label: "PresentationInspector.interrupt")
            for number in [SIGINT, SIGTERM] {
                // Ignored by the process, so the source sees the signal instead of the default action.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { removeAllAndExit(status: 128 + number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Removes every registered file and ends the process at once (no other code runs: a write
    /// in progress on another thread cannot rename its file after this).
    private static func removeAllAndExit(status: Int32) -> Never {
        paths.withLock { paths in
            for path in paths { unlink(path) }
            _exit(status)
        }
    }
}
