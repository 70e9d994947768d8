import EventModel
import FileAccess

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Standard output, as every command writes it: one buffered writer (``OutputFile``) whose every
/// write is checked, so that a full disk or a closed pipe is noticed instead of output lost.
///
/// Commands write lines here and never `print` to standard output. What is written goes out
/// when the buffer fills, when ``flush()`` is called — a command calls it before it waits (for a
/// device, for a replay's pace), so that a pipe reader sees each line when it happens — and when
/// the process ends (``finish(_:errors:)`` in `main.swift`).
///
/// After the first failed write nothing more is written; ``failure`` keeps the error, and a
/// command that produces output for a long time (a replay, `run`) stops at its next
/// ``checkWritable()``. How the process then ends is decided in one place:
///
/// | output            | ends with                                                              |
/// |-------------------|------------------------------------------------------------------------|
/// | written           | the command's status                                                   |
/// | full disk, I/O    | status 1 and `Error: standard output: cannot write: no space left …`   |
/// | closed pipe       | the command's status (0 when it stopped because of it), quietly        |
///
/// A reader that closes the pipe early (`wayfinder replay --json FILE | head -1`) took what it
/// wanted: as for `git log | head`, nothing went wrong. Tools killed by `SIGPIPE` end quietly
/// too, but with status 141, which `set -o pipefail` scripts take for a failure; `wayfinder`
/// ignores `SIGPIPE` (see `main.swift`) and ends with 0 instead.
///
/// Its state is marked `@exclusivity(unchecked)`: only its own methods touch it and none calls
/// out while holding an access (``withFile(_:)`` hands the file to a body that cannot reach this
/// writer's other methods without a bug), so the dynamic checks would cost every line and every
/// wake-up of `run` for nothing.
final class CommandOutput: TextOutputStream {
    /// The process's standard output.
    nonisolated(unsafe) static let standard = CommandOutput(OutputFile.standardOutput())

    @exclusivity(unchecked) private var file: OutputFile
    /// The first write that failed; nothing is written after it.
    @exclusivity(unchecked) private(set) var failure: FileError?

    /// Creates a writer around an open output.
    init(_ file: consuming OutputFile) {
        self.file = file
    }

    /// Writes text (for `print(_:to:)`), with its control characters other than line feeds and
    /// tabs escaped: names, ids and labels in the output come from files and devices, and must
    /// not drive the terminal that shows them (a recording's `N:` line may hold OSC 52, which
    /// writes the clipboard). JSON lines are already escaped and pass unchanged.
    func write(_ string: String) {
        guard failure == nil else { return }
        do throws(FileError) {
            try file.write(string.escapingControlCharacters(keepingLineBreaks: true))
        } catch {
            failure = error
        }
    }

    /// Writes one line: the text and a line feed.
    func writeLine(_ line: String) {
        write(line)
        write("\n")
    }

    /// Writes one JSON line and a line feed, as ``writeLine(_:)`` writes its text: its bytes as
    /// they are, without making a string of them, unless they hold a control character to escape
    /// (JSON leaves C1 characters alone). An ASCII line, as nearly every line is, holds none, and
    /// is not scanned for them.
    func writeLine(_ line: inout JSONLine) {
        guard failure == nil else { return }
        let isASCII = line.isASCII
        // The line and its line feed in one write.
        line.withUTF8Line { bytes in
            guard isASCII || !bytes.containsControlCharacters(keepingLineBreaks: true) else {
                return write(String(decoding: bytes, as: UTF8.self))
            }
            do throws(FileError) {
                try file.write(UnsafeRawBufferPointer(bytes))
            } catch {
                failure = error
            }
        }
    }

    /// Hands the underlying file to `body`, for writers that write to an ``OutputFile`` (a
    /// recording's text); a failure is kept as a failed write is.
    func withFile(_ body: (inout OutputFile) throws(FileError) -> Void) {
        guard failure == nil else { return }
        do throws(FileError) {
            try body(&file)
        } catch {
            failure = error
        }
    }

    /// Writes out what is buffered: before waiting, so that a reader sees every line when it
    /// happens.
    func flush() {
        guard failure == nil else { return }
        do throws(FileError) {
            try file.flush()
        } catch {
            failure = error
        }
    }

    /// Throws ``OutputStopped`` once a write has failed, so that a command stops producing output
    /// nobody can read; ``finish(_:errors:)`` then says why.
    func checkWritable() throws(OutputStopped) {
        if failure != nil { throw OutputStopped() }
    }

    /// Writes out what is left and decides how the process ends: a failed write turns the
    /// command's status into 1, with one line on standard error naming the output, except for a
    /// closed pipe, which ends quietly with the command's status.
    ///
    /// - Parameters:
    ///   - code: The status the command ended with.
    ///   - errors: Where the message goes.
    /// - Returns: The status to exit with.
    func finish(_ code: ExitCode, errors: inout some TextOutputStream) -> ExitCode {
        flush()
        guard let failure else { return code }
        if failure.reason == .closedPipe { return code }
        print("Error: \(failure)", to: &errors)
        return .failure
    }
}

/// Thrown by a command that stops because its output can no longer be written; the reason is
/// with ``CommandOutput/failure``.
struct OutputStopped: Error, Hashable, Sendable {}
