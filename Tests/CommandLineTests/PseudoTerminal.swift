import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a terminal shows: a grid of characters kept up to date from the bytes a program writes,
/// for the escape sequences the terminal views use (cursor home, clear, clear to end of line,
/// colours, the alternate screen, the cursor's visibility).
struct TerminalScreen {
    /// The width in cells.
    private(set) var columns: Int
    /// The height in cells.
    private(set) var rows: Int
    private var cells: [[Character]]
    private var savedMainScreen: [[Character]]?
    private var savedCursor = (row: 0, column: 0)
    private var row = 0
    private var column = 0
    private var pending: [UInt8] = []
    /// Whether the alternate screen is showing.
    private(set) var isAlternate = false
    /// Whether the cursor is visible.
    private(set) var isCursorVisible = true
    /// How many times the program switched to the alternate screen.
    private(set) var alternateScreenEntries = 0

    /// Creates a blank screen.
    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Self.blank(columns: columns, rows: rows)
    }

    private static func blank(columns: Int, rows: Int) -> [[Character]] {
        Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The rows as text, trailing blanks removed.
    var lines: [String] {
        cells.map { cells in
            var line = String(cells)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Changes the size, as a terminal window does: rows and columns are cut or padded.
    mutating func resize(columns: Int, rows: Int) {
        func fitted(_ grid: [[Character]]) -> [[Character]] {
            (0..<rows).map { index in
                let line = index < grid.count ? grid[index] : []
                return Array((line + Array(repeating: " ", count: columns)).prefix(columns))
            }
        }
        cells = fitted(cells)
        savedMainScreen = savedMainScreen.map(fitted)
        self.columns = columns
        self.rows = rows
        row = min(row, rows - 1)
        column = min(column, columns - 1)
    }

    /// Interprets bytes the program wrote.
    mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard let length = escapeLength(at: index) else { break }
                apply(escape: Array(pending[index..<(index + length)]))
                index += length
            } else if byte == 0x0D {
                column = 0
                index += 1
            } else if byte == 0x0A {
                lineFeed()
                index += 1
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= pending.count else { break }
                let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
                for character in text { put(character) }
                index += length
            }
        }
        pending.removeFirst(index)
    }

    /// The length of the escape sequence at an index, or nil when it is not complete yet.
    private func escapeLength(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
        var end = index + 2
        while end < pending.count {
            if (0x40...0x7E).contains(pending[end]) { return end - index + 1 }
            end += 1
        }
        return nil
    }

    private mutating func apply(escape: [UInt8]) {
        let text = String(decoding: escape.dropFirst(2), as: UTF8.self)
        switch text {
        case "H":
            row = 0
            column = 0
        case "2J": cells = Self.blank(columns: columns, rows: rows)
        case "K":
            for index in min(column, columns)..<columns { cells[row][index] = " " }
        case "?25l": isCursorVisible = false
        case "?25h": isCursorVisible = true
        case "?1049h":
            guard !isAlternate else { return }
            isAlternate = true
            alternateScreenEntries += 1
            savedMainScreen = cells
            savedCursor = (row, column)
            cells = Self.blank(columns: columns, rows: rows)
        case "?1049l":
            guard isAlternate, let saved = savedMainScreen else { return }
            isAlternate = false
            cells = saved
            savedMainScreen = nil
            row = min(savedCursor.row, rows - 1)
            column = min(savedCursor.column, columns - 1)
        default:
            // Colours (`…m`) change nothing that the text shows.
            return
        }
    }

    /// Moves down a row, scrolling the screen up at the bottom.
    private mutating func lineFeed() {
        if row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    /// Writes a character; one past the last column wraps to the next row first, as xterm's
    /// auto-wrap does.
    private mutating func put(_ character: Character) {
        if column >= columns {
            column = 0
            lineFeed()
        }
        cells[row][column] = character
        column += 1
    }
}

/// A program run on a pseudo-terminal of a given size, as its controlling terminal (through
/// `setsid --ctty`), so that resizing the terminal sends it SIGWINCH as a terminal window does.
///
/// Everything is driven by reading: ``read(until:)`` reads what the program writes until the
/// screen shows what is expected, bounded by a deadline, and never sleeps.
final class PseudoTerminal {
    /// Errors setting up the terminal.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let master: Int32
    /// The terminal side, kept open so that its modes can be read after the program ends.
    private let terminal: Int32
    private let process = Process()
    /// What the terminal shows.
    private(set) var screen: TerminalScreen
    /// Everything the program wrote.
    private(set) var output: [UInt8] = []

    /// How long ``read(until:)`` waits at most for a screen: generous for a loaded machine.
    static let readLimit: Duration = .seconds(60)

    /// Starts a program on a new terminal of a given size, with the test's environment or the
    /// one given.
    init(
        _ executable: URL, _ arguments: [String], columns: Int, rows: Int, environment: [String: String]? = nil
    ) throws {
        guard let openMaster = Self.function("posix_openpt", as: OpenMaster.self),
            let grant = Self.function("grantpt", as: TerminalCall.self),
            let unlock = Self.function("unlockpt", as: TerminalCall.self),
            let name = Self.function("ptsname_r", as: TerminalName.self)
        else { throw Failure(description: "the C library has no posix_openpt") }
        master = openMaster(O_RDWR | O_NOCTTY)
        var pathBuffer = [CChar](repeating: 0, count: 128)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, name(master, &pathBuffer, pathBuffer.count) == 0
        else { throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))") }
        let path = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        screen = TerminalScreen(columns: columns, rows: rows)
        try Self.setSize(master, columns: columns, rows: rows)
        terminal = open(path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw Failure(description: "cannot open \(path)") }
        let handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--ctty", "--wait", executable.path] + arguments
        // An xterm, unless the environment given names another terminal.
        let term = environment?["TERM"] ?? "xterm-256color"
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment["TERM"] = term
        process.environment = environment
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    // posix_openpt, grantpt, unlockpt and ptsname_r are in the C library but not in the Glibc
    // module (their declarations need _XOPEN_SOURCE), so they are looked up by name.
    private typealias OpenMaster = @convention(c) (Int32) -> Int32
    private typealias TerminalCall = @convention(c) (Int32) -> Int32
    private typealias TerminalName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    deinit {
        // A test that failed before the program ended: end it (setsid may have forked, so the
        // program is the terminal's foreground group, not necessarily `process`).
        if process.isRunning {
            signal(SIGKILL)
            process.terminate()
        }
        close(master)
        close(terminal)
    }

    private static func setSize(_ descriptor: Int32, columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(descriptor, UInt(TIOCSWINSZ), &size) == 0 else {
            throw Failure(description: "cannot resize the terminal: \(String(cString: strerror(errno)))")
        }
    }

    /// Reads what the program writes until the screen satisfies a condition; returns false when
    /// the program ends or the limit passes first.
    @discardableResult
    func read(until condition: (TerminalScreen) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.readLimit
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition(screen) {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000 + 1)
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { return false }
            output += buffer[0..<count]
            screen.feed(buffer[0..<count])
        }
        return true
    }

    /// Types text on the terminal.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Resizes the terminal, which sends the program SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        screen.resize(columns: columns, rows: rows)
        try Self.setSize(master, columns: columns, rows: rows)
    }

    /// Sends a signal to the terminal's foreground process group (the program), as `kill` would.
    func signal(_ number: Int32) {
        var group: pid_t = 0
        guard ioctl(master, UInt(TIOCGPGRP), &group) == 0, group > 0 else { return }
        kill(-group, number)
    }

    /// Reads until the program has left the alternate screen, waits for it to end and returns
    /// its exit status.
    func waitForExit() -> Int32 {
        read { !$0.isAlternate }
        process.waitUntilExit()
        // What it wrote after leaving the alternate screen, already in the terminal's buffer.
        var buffer = [UInt8](repeating: 0, count: 4096)
        var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 0) > 0, entry.revents & Int16(POLLIN) != 0 {
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[0..<count]
            screen.feed(buffer[0..<count])
        }
        return process.terminationStatus
    }

    /// The terminal's modes now (echo, canonical input, …), to compare before and after.
    func modes() -> termios {
        var modes = termios()
        tcgetattr(terminal, &modes)
        return modes
    }
}
