import Dispatch
import InputDevices
import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Why `try await loop.run()` (``LiveLoop``) cannot wait on a source.
public struct LiveLoopError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String
}

extension LiveLoop {
    /// Runs until the source stops or the task is cancelled, waiting for input without blocking
    /// a thread of the caller's: the wait happens on a Dispatch thread, and everything else (the
    /// runtime, its `onEvent`) on the caller's actor, where the loop stays. Then removes every
    /// device and closes the source, as the blocking `run()` does.
    ///
    /// ```swift
    /// @MainActor func follow(_ loop: LiveLoop) async throws {
    ///     try await loop.run()   // the runtime runs on the main actor; the wait does not block it
    /// }
    /// ```
    /// - Throws: ``LiveLoopError`` when the source is no ``PollableInputSource``; what the source
    ///   throws while reading; `DeviceError` when the wait fails.
    nonisolated(nonsending) public func run() async throws {
        guard let descriptor = try fileDescriptor() else {
            throw LiveLoopError(
                description: "the source has no descriptors to wait on (it is no PollableInputSource): use run()")
        }
        // Written to when the task is cancelled, to end the wait.
        var cancellation: [Int32] = [-1, -1]
        guard pipe(&cancellation) == 0 else { throw DeviceError(.poll, errno: Errno(rawValue: errno)) }
        for end in cancellation {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let (readEnd, writeEnd) = (cancellation[0], cancellation[1])
        defer {
            close(readEnd)
            close(writeEnd)
        }
        defer { finish() }
        while try drain() {
            let timeout = self.timeout
            let failure = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                    DispatchQueue.global().async {
                        continuation.resume(returning: Self.wait(descriptor, readEnd, timeout))
                    }
                }
            } onCancel: {
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
            if Task.isCancelled { return }
            if failure != 0 { throw DeviceError(.poll, errno: Errno(rawValue: failure)) }
        }
    }

    /// Waits until `descriptor` or `cancellation` is readable or the timeout passes; returns
    /// zero, or the `errno` of a failed `poll(2)`.
    private static func wait(_ descriptor: Int32, _ cancellation: Int32, _ timeout: Duration?) -> Int32 {
        do throws(DeviceError) {
            _ = try Readiness.waitForReadable(
                [FileDescriptor(rawValue: descriptor), FileDescriptor(rawValue: cancellation)], timeout: timeout)
            return 0
        } catch {
            return error.errno.rawValue
        }
    }
}
