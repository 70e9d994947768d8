import InputDevices
import InputEvents
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A command's terminal view (`demo`, `explore`): the player on the alternate screen, Ctrl-C and
/// SIGTERM turned into a stop, and pauses that wake for a stop or a resize.
///
/// ```swift
/// let view = try TerminalView()
/// defer { view.end() }
/// view.draw(snapshot, title: " wayfinder demo", caption: "focus → search")
/// view.pause(for: .milliseconds(280))  // redraws on resize; returns at once after Ctrl-C
/// ```
final class TerminalView {
    /// The player that draws.
    let player: TerminalPlayer
    private let stop: StopSignals
    /// Whether Ctrl-C or SIGTERM has arrived: nothing is drawn and nothing waits from then on.
    private(set) var isStopped = false

    /// Switches to the alternate screen and takes over Ctrl-C and SIGTERM.
    /// - Throws: When the signals cannot be set up.
    init() throws {
        stop = try StopSignals()
        player = try TerminalPlayer()
        player.begin()
    }

    /// The descriptor that becomes readable on Ctrl-C or SIGTERM.
    var stopDescriptor: FileDescriptor { stop.withFileDescriptor { $0 } }

    /// Draws a frame, unless the view has been stopped.
    func draw(_ snapshot: TerminalSnapshot, title: String, hint: String = "Ctrl-C: quit", caption: String?) {
        guard !isStopped else { return }
        player.draw(snapshot, title: title, hint: hint, caption: caption)
    }

    /// Notes a stop signal if one has arrived; returns whether the view is stopped.
    @discardableResult
    func checkStop() -> Bool {
        if !isStopped, stop.receivedSignal() != nil { isStopped = true }
        return isStopped
    }

    /// Waits for a duration, redrawing on resize; returns early, and for good, once Ctrl-C or
    /// SIGTERM arrives.
    func pause(for duration: Duration) {
        guard !isStopped else { return }
        let deadline = Self.now() + duration
        while !isStopped {
            let remaining = deadline - Self.now()
            guard remaining > .zero else { return }
            let ready =
                (try? Readiness.waitForReadable([stopDescriptor, player.resizeDescriptor], timeout: remaining))
                ?? [true, false]
            if ready[0] { checkStop() }
            if ready[1] { player.redrawIfResized() }
        }
    }

    /// Leaves the alternate screen, restoring the terminal; safe to call more than once.
    func end() { player.end() }

    /// The monotonic clock.
    static func now() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Timestamp(seconds: Int64(now.tv_sec), microseconds: Int64(now.tv_nsec) / 1000)
    }
}
