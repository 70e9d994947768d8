import Foundation

/// A screen reader's view of an accessibility bus of its own, for tests:
/// `Tests/Fixtures/accessibility/atspi-client.py` starts a session bus (`dbus-run-session`), the
/// AT-SPI2 bus launcher and the registry in it, and talks to them through libatspi (the library
/// Orca uses). The test sends it
/// commands and reads what it saw.
///
/// ```swift
/// let reader = try ScreenReaderClient()
/// // start the program under test with reader.environment
/// #expect(try reader.waitForApplication("wayfinder"))
/// let tree = try reader.tree(of: "wayfinder")
/// ```
///
/// Every answer is awaited with a deadline; nothing sleeps.
public final class ScreenReaderClient {
    /// One element as the client read it.
    public struct Element: Decodable, Hashable, Sendable, CustomStringConvertible {
        /// `AccessibleId`.
        public var id: String
        /// The role's name (`push button`).
        public var role: String
        /// The name.
        public var name: String
        /// The states' names, sorted (`focusable`, `showing`, …).
        public var states: [String]
        /// The interfaces, sorted (`Accessible`, `Action`, `Component`, `Text`).
        public var interfaces: [String]
        /// The extents in window coordinates, `[x, y, width, height]`, with `Component`.
        public var extents: [Int]?
        /// The actions' names, with `Action`.
        public var actions: [String]?
        /// The text, with `Text`.
        public var text: String?
        /// The caret offset, with `Text`.
        public var caret: Int?
        /// The children, in order.
        public var children: [Element]

        /// Creates an element, for expectations.
        public init(
            id: String, role: String, name: String, states: [String], interfaces: [String], extents: [Int]? = nil,
            actions: [String]? = nil, text: String? = nil, caret: Int? = nil, children: [Element] = []
        ) {
            self.id = id
            self.role = role
            self.name = name
            self.states = states
            self.interfaces = interfaces
            self.extents = extents
            self.actions = actions
            self.text = text
            self.caret = caret
            self.children = children
        }

        /// The element and everything under it, in tree order.
        public var all: [Element] { [self] + children.flatMap(\.all) }

        /// The element with an id, if it is here.
        public func element(withID wanted: String) -> Element? { all.first { $0.id == wanted } }

        public var description: String {
            let data = (try? JSONEncoder.sorted.encode(EncodableElement(self))) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// One event the client received.
    public struct Event: Decodable, Hashable, Sendable, CustomStringConvertible {
        /// The AT-SPI2 event type (`object:state-changed:focused`).
        public var type: String
        /// The source's `AccessibleId`.
        public var id: String?
        /// The first detail (1 for a state turning on).
        public var detail1: Int
        /// For children-changed: the child's `AccessibleId`.
        public var child: String?

        /// Creates an event, for expectations.
        public init(type: String, id: String?, detail1: Int, child: String? = nil) {
            self.type = type
            self.id = id
            self.detail1 = detail1
            self.child = child
        }

        public var description: String {
            "\(type) \(id ?? "nil") \(detail1)" + (child.map { " child \($0)" } ?? "")
        }
    }

    /// Something went wrong talking to the client.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The events the client listens for by default: what a screen reader needs to follow focus.
    public static let focusEvents = ["object:state-changed:focused", "window:activate", "window:deactivate"]

    /// How long one answer may take: generous, for a loaded machine.
    public static let answerLimit: Duration = .seconds(90)

    private let process = Process()
    private let input: FileHandle
    /// The client's answers.
    public let output: LineReader
    private let errorLog: URL
    /// The session's runtime directory, where the accessibility bus's socket goes.
    private let runtimeDirectory: URL
    /// The session bus's address.
    public let sessionAddress: String

    /// Starts the client on a new session bus.
    /// - Parameters:
    ///   - accessibilityEnabled: Whether the bus launcher starts with accessibility on
    ///     (`org.a11y.Status.IsEnabled`).
    ///   - listening: The events the client listens for.
    public init(accessibilityEnabled: Bool = true, listening: [String] = ScreenReaderClient.focusEvents) throws {
        let script = Fixtures.testFixture("accessibility/atspi-client.py")
        // The script starts its own session bus with `dbus-run-session`.
        var arguments = [script.path]
        if !accessibilityEnabled { arguments.append("--disabled") }
        for event in listening { arguments += ["--listen", event] }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        let inputPipe = Pipe()
        let outputPipe = Pipe()
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-atspi-client-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = try FileHandle(forWritingTo: errorLog)
        // The launcher puts the accessibility bus's socket in `$XDG_RUNTIME_DIR/at-spi/`: a
        // directory of its own keeps clients that run at the same time apart.
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-atspi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: runtimeDirectory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment["PYTHONWARNINGS"] = "ignore::DeprecationWarning"
        environment["WAYFINDER_ATSPI_CLIENT_SESSION"] = nil
        process.environment = environment
        try process.run()
        input = inputPipe.fileHandleForWriting
        output = LineReader(outputPipe.fileHandleForReading)
        struct Ready: Decodable {
            var ready: Bool
            var session: String
        }
        let ready: Ready
        do {
            ready = try Self.decode(Ready.self, from: output.nextLine(within: Self.answerLimit), log: errorLog)
        } catch {
            process.terminate()
            try? FileManager.default.removeItem(at: runtimeDirectory)
            throw error
        }
        sessionAddress = ready.session
    }

    deinit { close() }

    /// The environment a program needs to find this session bus (and through it the accessibility
    /// bus), on top of the test's own without `AT_SPI_BUS_ADDRESS`.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionAddress
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        return environment
    }

    /// Ends the client, its launcher and its session bus; safe to call more than once.
    public func close() {
        if process.isRunning {
            try? input.write(contentsOf: Data("quit\n".utf8))
            try? input.close()
            // The client quits at once on `quit`; the watchdog is for a client that hangs.
            let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
            process.waitUntilExit()
            watchdog.cancel()
        }
        try? FileManager.default.removeItem(at: errorLog)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// What the client wrote on standard error so far (libatspi's warnings, the registry's log).
    public var log: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    /// Sends a command and decodes its answer.
    public func ask<Answer: Decodable>(_ command: String, as type: Answer.Type) throws -> Answer {
        try input.write(contentsOf: Data((command + "\n").utf8))
        return try Self.decode(type, from: output.nextLine(within: Self.answerLimit), log: errorLog)
    }

    private static func decode<Answer: Decodable>(_ type: Answer.Type, from line: String?, log: URL) throws -> Answer {
        let log = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let line else { throw Failure(description: "the screen reader client gave no answer; its log:\n\(log)") }
        if let refusal = try? JSONDecoder().decode(Refusal.self, from: Data(line.utf8)) {
            throw Failure(description: "the screen reader client answered: \(refusal.error)")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(line.utf8))
        } catch {
            throw Failure(description: "unreadable answer \(line): \(error); the client's log:\n\(log)")
        }
    }

    /// Waits until an application of that name is on the desktop; false when it did not come.
    public func waitForApplication(_ name: String) throws -> Bool {
        struct Answer: Decodable { var found: Bool }
        return try ask("wait-app \(name)", as: Answer.self).found
    }

    /// Waits until no application of that name is on the desktop; false when one stayed.
    public func waitUntilGone(_ name: String) throws -> Bool {
        struct Answer: Decodable { var done: Bool }
        return try ask("wait-gone \(name)", as: Answer.self).done
    }

    /// The application's whole tree, read element by element.
    public func tree(of name: String) throws -> Element {
        struct Answer: Decodable { var tree: Element }
        return try ask("tree \(name)", as: Answer.self).tree
    }

    /// Waits until `count` events have arrived (or 30 seconds passed) and returns every event
    /// received so far, in order.
    public func events(waitingFor count: Int) throws -> [Event] {
        struct Answer: Decodable { var events: [Event] }
        return try ask("wait-events \(count)", as: Answer.self).events
    }

    /// Calls `GrabFocus` on an element; returns what it answered.
    public func grabFocus(_ id: String, in application: String) throws -> Bool {
        struct Answer: Decodable { var grab: Bool }
        return try ask("grab \(application) \(id)", as: Answer.self).grab
    }

    /// Calls `DoAction` with the index of the named action; returns what it answered.
    public func doAction(_ action: String, on id: String, in application: String) throws -> Bool {
        struct Answer: Decodable { var action: Bool }
        return try ask("action \(application) \(id) \(action)", as: Answer.self).action
    }

    /// Calls `SetCaretOffset`; returns what it answered.
    public func setCaret(_ offset: Int, on id: String, in application: String) throws -> Bool {
        struct Answer: Decodable { var caret: Bool }
        return try ask("caret \(application) \(id) \(offset)", as: Answer.self).caret
    }

    /// Turns accessibility on or off as a screen reader starting or stopping does
    /// (`org.a11y.Status.IsEnabled`); on, the client starts listening.
    public func setAccessibilityEnabled(_ isEnabled: Bool) throws {
        struct Answer: Decodable { var enabled: Bool }
        _ = try ask("set-enabled \(isEnabled)", as: Answer.self)
    }

    /// The process ids of every connection to the accessibility bus.
    public func connectedProcesses() throws -> [Int32] {
        struct Answer: Decodable { var pids: [Int32] }
        return try ask("connections", as: Answer.self).pids
    }
}

/// An answer saying what went wrong.
private struct Refusal: Decodable {
    var error: String
}

/// An element written back as JSON, for messages.
private struct EncodableElement: Encodable {
    var element: ScreenReaderClient.Element
    init(_ element: ScreenReaderClient.Element) { self.element = element }

    enum Keys: String, CodingKey { case id, role, name, states, interfaces, extents, actions, text, caret, children }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(element.id, forKey: .id)
        try container.encode(element.role, forKey: .role)
        try container.encode(element.name, forKey: .name)
        try container.encode(element.states, forKey: .states)
        try container.encode(element.interfaces, forKey: .interfaces)
        try container.encodeIfPresent(element.extents, forKey: .extents)
        try container.encodeIfPresent(element.actions, forKey: .actions)
        try container.encodeIfPresent(element.text, forKey: .text)
        try container.encodeIfPresent(element.caret, forKey: .caret)
        try container.encode(element.children.map(EncodableElement.init), forKey: .children)
    }
}

extension JSONEncoder {
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
