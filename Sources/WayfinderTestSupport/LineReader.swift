public import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Lines read from a pipe (a child's standard output) as they come: every wait is bounded by a
/// deadline and wakes for the pipe, never for a fixed time.
///
/// ```swift
/// let reader = LineReader(pipe.fileHandleForReading)
/// while let line = reader.nextLine(within: .seconds(30)) { … }
/// ```
public final class LineReader {
    /// The pipe's descriptor.
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether the writer closed the pipe.
    public private(set) var isAtEnd = false
    /// How the reader waits for the pipe: given the descriptor and the longest wait, it returns
    /// when the descriptor may be readable (or the time is up). The default polls the descriptor
    /// alone; a test that must keep serving something else meanwhile (an accessibility bus in its
    /// own process) polls that too.
    public var wait: (Int32, Duration) -> Void = LineReader.pollReadable

    /// Reads from a pipe's reading end.
    public init(_ handle: FileHandle) {
        descriptor = handle.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Waits for one descriptor to become readable, at most `limit`.
    public static func pollReadable(_ descriptor: Int32, _ limit: Duration) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, milliseconds(limit))
    }

    /// A duration in whole milliseconds, rounded up, for `poll(2)`.
    public static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// The next line (without its newline), or nil when the pipe ended or `limit` passed first.
    public func nextLine(within limit: Duration) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if isAtEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            wait(descriptor, remaining)
            readAvailable()
        }
    }

    /// Every line until the pipe ends, or until `limit` passes.
    public func remainingLines(within limit: Duration) -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var lines: [String] = []
        while let line = nextLine(within: clock.now.duration(to: deadline)) { lines.append(line) }
        return lines
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[0..<count]
            } else if count == 0 {
                isAtEnd = true
                return
            } else if errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
