public import InputDevices
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The terminal the process writes to: whether there is one, its size, and raw keyboard input.
public enum Terminal {
    /// Whether standard output is a terminal (not a pipe or a file).
    public static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal.
    public static var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard input is a terminal.
    public static var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether the terminal views may draw in colour: not when `NO_COLOR` is set to anything
    /// (no-color.org) or `TERM` is `dumb`, a terminal that shows escape sequences as text.
    public static func allowsColour(environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"].map { !$0.isEmpty } ?? false) && environment["TERM"] != "dumb"
    }

    /// ``allowsColour(environment:)`` for this process's environment.
    public static var allowsColour: Bool {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return allowsColour(environment: environment)
    }

    /// The size of the terminal on standard output, or nil when it is not a terminal or does not
    /// say.
    public static var size: (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return nil
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Escape sequences (ECMA-48 and the xterm alternate screen).
    public enum Sequence {
        /// Switches to the alternate screen, hides the cursor and clears the screen.
        public static let enterFullScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
        /// Resets colours, shows the cursor and returns to the normal screen as it was.
        public static let leaveFullScreen = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        /// Clears the whole screen.
        public static let clearScreen = "\u{1B}[2J"
        /// Moves the cursor to the top-left corner.
        public static let home = "\u{1B}[H"
        /// Clears from the cursor to the end of the line.
        public static let clearToEndOfLine = "\u{1B}[K"
    }

    /// Writes text to standard output at once, unbuffered.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// The terminal's size changes (SIGWINCH) as something an event loop can poll: a pipe that
/// becomes readable when the window is resized (the self-pipe technique).
///
/// ```swift
/// let resize = try TerminalResizeSignal()
/// // poll resize.fileDescriptor with the other inputs
/// if resize.consume() { redraw(at: Terminal.size) }
/// ```
///
/// Create one at a time; releasing it restores SIGWINCH's default (ignored).
public final class TerminalResizeSignal {
    /// The descriptor that becomes readable after a resize.
    public let fileDescriptor: FileDescriptor
    private let writeDescriptor: Int32

    /// A failure to set up the signal.
    public struct Failure: Error, CustomStringConvertible {
        /// The system error number.
        public var code: Int32
        public var description: String {
            "cannot watch the terminal's size: \(String(cString: strerror(code)))"
        }
    }

    /// Installs the handler.
    /// - Throws: ``Failure`` when the pipe or the handler cannot be set up.
    public init() throws(Failure) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(code: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = FileDescriptor(rawValue: descriptors[0])
        writeDescriptor = descriptors[1]
        resizePipe.store(descriptors[1], ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let descriptor = resizePipe.load(ordering: .relaxed)
            guard descriptor >= 0 else { return }
            let saved = errno
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        guard sigaction(SIGWINCH, &action, nil) == 0 else {
            let code = errno
            close(descriptors[0])
            close(descriptors[1])
            throw Failure(code: code)
        }
        // A parent may have started the process with SIGWINCH blocked (signal masks are
        // inherited); the view needs it delivered.
        var resize = sigset_t()
        sigemptyset(&resize)
        sigaddset(&resize, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &resize, &previousMask)
    }

    private var previousMask = sigset_t()

    /// Returns whether the terminal was resized since the last call, emptying the pipe. Never
    /// blocks.
    public func consume() -> Bool {
        var resized = false
        var bytes = [UInt8](repeating: 0, count: 16)
        while true {
            let count = read(fileDescriptor.rawValue, &bytes, bytes.count)
            if count > 0 {
                resized = true
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return resized
            }
        }
    }

    deinit {
        signal(SIGWINCH, SIG_DFL)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        resizePipe.store(-1, ordering: .sequentiallyConsistent)
        close(fileDescriptor.rawValue)
        close(writeDescriptor)
    }
}

/// The write end of the current ``TerminalResizeSignal``'s pipe, for its signal handler; -1 when
/// there is none.
private let resizePipe = Atomic<Int32>(-1)

/// Puts the terminal on standard input in raw mode (no echo, no line buffering, no signals from
/// keys) and restores it when released.
///
/// ```swift
/// let raw = try RawTerminalMode()
/// defer { raw.restore() }
/// ```
public final class RawTerminalMode {
    private var original = termios()
    private var isActive = false

    /// A failure to change the terminal's mode.
    public struct Failure: Error, CustomStringConvertible {
        /// The system error number.
        public var code: Int32
        public var description: String {
            "cannot put the terminal in raw mode: \(String(cString: strerror(code))) (standard input must be a terminal)"
        }
    }

    /// Switches standard input to raw mode.
    /// - Throws: ``Failure`` when standard input is not a terminal.
    public init() throws(Failure) {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw Failure(code: errno) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw Failure(code: errno) }
        isActive = true
    }

    /// Restores the mode the terminal had before; safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    deinit { restore() }
}

/// Turns the bytes a terminal sends for keys into the focus engine's key names.
///
/// Tab is `\t`, Shift-Tab `ESC [ Z`, arrows `ESC [ A…D` (or `ESC O A…D` in application mode),
/// Return `\r`, Space ` `, Escape a lone `ESC`.
public struct TerminalKeyDecoder: Sendable {
    private var buffer: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// One key the terminal sent.
    public enum Key: Hashable, Sendable {
        /// A key the focus engine knows, by its name (`Tab`, `Shift+Tab`, `Up`, `Return`, …).
        case named(String)
        /// A printable character.
        case character(Character)
    }

    /// Feeds bytes and returns the keys they complete. A lone ESC is held until the next bytes or
    /// ``flush()`` (a terminal sends a whole escape sequence in one read).
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        buffer.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case 0x1B:
                if index + 2 < buffer.count, buffer[index + 1] == 0x5B || buffer[index + 1] == 0x4F {
                    let name: String? =
                        switch buffer[index + 2] {
                        case 0x41: "Up"
                        case 0x42: "Down"
                        case 0x43: "Right"
                        case 0x44: "Left"
                        case 0x5A: "Shift+Tab"
                        default: nil
                        }
                    if let name { keys.append(.named(name)) }
                    index += 3
                } else if index + 1 < buffer.count, buffer[index + 1] != 0x5B, buffer[index + 1] != 0x4F {
                    keys.append(.named("Escape"))
                    index += 1
                } else if index + 1 == buffer.count {
                    buffer.removeFirst(index)
                    return keys
                } else {
                    // ESC [ with the final byte still to come.
                    buffer.removeFirst(index)
                    return keys
                }
            case 0x09: keys.append(.named("Tab")); index += 1
            case 0x0D, 0x0A: keys.append(.named("Return")); index += 1
            case 0x20: keys.append(.named("Space")); index += 1
            case 0x7F, 0x08: keys.append(.named("Backspace")); index += 1
            case 0x21...0x7E: keys.append(.character(Character(Unicode.Scalar(byte)))); index += 1
            default: index += 1
            }
        }
        buffer.removeAll()
        return keys
    }

    /// Ends a pending lone ESC as the Escape key.
    public mutating func flush() -> [Key] {
        defer { buffer.removeAll() }
        return buffer.first == 0x1B ? [.named("Escape")] : []
    }
}
