import Accessibility
import InputDevices
import InputEvents
import Wayfinder

/// `--accessibility`, which `run --scene`, `replay --scene --realtime` and `explore` take: the
/// scene on the AT-SPI2 accessibility bus, where screen readers see it, while the command runs.
enum AccessibilityExposure {
    /// The option, defined once for every command that takes it.
    static let option = CommandOption.flag(
        "--accessibility",
        help: "Shows the scene to screen readers (Orca) on the AT-SPI2 accessibility bus while it runs.")

    /// The name screen readers list the application by.
    static let applicationName = "wayfinder"

    /// What screen readers call the window of a scene whose root has no label: the scene file's
    /// name.
    static func windowName(ofScene path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Exposes a runtime's scene. With no accessibility bus, reports one warning and returns nil:
    /// the command runs as it would without the option. With accessibility off on the desktop,
    /// says that the scene appears once a screen reader turns it on.
    /// - Parameters:
    ///   - runtime: The runtime of the scene.
    ///   - windowName: What screen readers call the window when the scene's root has no label.
    ///   - clock: The time requests from screen readers are stamped with.
    ///   - report: Where messages for people go.
    static func expose(
        _ runtime: Runtime, windowName: String, clock: @escaping () -> Timestamp, report: @escaping (String) -> Void
    ) -> AccessibleScene? {
        let scene: AccessibleScene
        do {
            scene = try AccessibleScene(runtime: runtime, name: applicationName, windowName: windowName, clock: clock)
        } catch {
            report("Warning: --accessibility: \(error); running without the accessibility bus")
            return nil
        }
        scene.bus.onReport = { message in report("Warning: accessibility bus: \(message)") }
        if scene.bus.status == .waitingForScreenReader {
            report(
                "Accessibility is off on this desktop (org.a11y.Status); the scene joins the accessibility bus "
                    + "when a screen reader turns it on.")
        }
        return scene
    }

    /// Writes a message on standard error.
    static func reportOnStandardError(_ message: String) {
        var standardError = FileStream.standardError
        print(message, to: &standardError)
    }
}

/// Ctrl-C and SIGTERM as something a paced replay's wait serves: they end the replay early, and
/// cleanly (keys released, the accessibility bus left), instead of killing the process.
final class StopRequest: PollParticipant {
    private let signals: StopSignals
    /// Whether a stop signal has arrived.
    private(set) var isStopped = false

    /// Takes over SIGINT and SIGTERM until released.
    init() throws {
        signals = try StopSignals()
    }

    func appendPollRequests(to requests: inout [PollRequest]) {
        signals.withFileDescriptor { requests.append(PollRequest(descriptor: $0.rawValue, events: 0x001)) }
    }

    var pollTimeout: Duration? { nil }

    func handlePoll(_ results: ArraySlice<PollRequest>) {
        if results.contains(where: { $0.returnedEvents != 0 }) { check() }
    }

    /// Notes a signal that arrived while nothing waited (a replay behind its pace); never blocks.
    func check() {
        if signals.receivedSignal() != nil { isStopped = true }
    }
}
