import EventModel

/// A command of the app's menu (UIKit's `UIKeyCommand` built in `buildMenu(with:)`): a title, a
/// chord, the title the discoverability listing shows, and the action it performs.
public struct AppCommand: Hashable, Sendable {
    /// The menu title, such as "Pin".
    public var title: String
    /// The chord, such as Meta+P.
    public var input: KeyPress
    /// What the discoverability listing (holding Command) shows; defaults to the title.
    public var discoverabilityTitle: String
    /// The action; an environment in the responder chain must be able to perform it
    /// (``FocusEnvironment/canPerformAction(_:)``).
    public var action: String

    /// Creates a command.
    public init(title: String, input: KeyPress, discoverabilityTitle: String? = nil, action: String) {
        self.title = title
        self.input = input
        self.discoverabilityTitle = discoverabilityTitle ?? title
        self.action = action
    }
}

/// A command whose chord the focus system or Full Keyboard Access already uses: it would never
/// fire (or would steal the key from keyboard navigation).
public struct CommandClash: Hashable, Sendable, CustomStringConvertible {
    /// The command.
    public var command: AppCommand
    /// What the chord already does.
    public var use: String

    /// `command "Pin" (Tab) clashes with the Tab loop`.
    public var description: String {
        "command \"\(command.title)\" (\(command.input)) clashes with \(use)"
    }
}

/// A command available for the current focus, with the environment that would perform it.
public struct AvailableCommand: Hashable, Sendable {
    /// The command.
    public var command: AppCommand
    /// The name of the first environment up the responder chain that can perform it.
    public var target: String
}

/// The app's commands, built once. Each command is validated along the responder chain when it
/// is pressed and when the discoverability listing is made; chords the focus system uses are
/// reported in ``clashes`` when the table is built.
///
/// ```swift
/// let table = CommandTable([AppCommand(title: "Pin", input: try KeyPress(parsing: "Meta+P"),
///                                      discoverabilityTitle: "Pin Card", action: "pin")])
/// table.clashes            // [] — Meta+P is free
/// system.commandTable = table
/// system.availableCommands // [Pin → card-1] while a card (performing "pin") is focused
/// ```
public struct CommandTable: Hashable, Sendable {
    /// The commands, in menu order.
    public let commands: [AppCommand]
    /// The commands whose chords clash with keyboard navigation or with an earlier command, in
    /// menu order.
    public let clashes: [CommandClash]
    /// The positions in ``commands`` of the commands on each chord, in menu order: a key press
    /// looks up its own chord instead of comparing it with every command.
    private let positionsByInput: [KeyPress: [Int]]

    /// Builds the table and finds the clashes with Tab, Shift-Tab, the arrows, Return, Space and
    /// the Full Keyboard Access chords (Tab+Z, Tab+F).
    ///
    /// A command on the chord of an earlier one clashes with it too: the earlier fires wherever
    /// both are available (the first available command on a chord fires, as UIKit's first key
    /// command along the responder chain does), and a later one with the same action never fires.
    public init(_ commands: [AppCommand]) {
        self.commands = commands
        var positions: [KeyPress: [Int]] = [:]
        var clashes: [CommandClash] = []
        for (position, command) in commands.enumerated() {
            if let use = Self.systemUse(of: command.input) {
                clashes.append(CommandClash(command: command, use: use))
            } else if let first = positions[command.input]?.first {
                let earlier = commands[first]
                let outcome =
                    earlier.action == command.action
                    ? "which performs the same action, so this one never fires"
                    : "which fires instead wherever both are available"
                clashes.append(
                    CommandClash(command: command, use: "command \"\(earlier.title)\" earlier in the menu, \(outcome)"))
            }
            positions[command.input, default: []].append(position)
        }
        self.clashes = clashes
        positionsByInput = positions
    }

    /// The positions in ``commands`` of the commands whose chord is `press`, in menu order.
    func positions(of press: KeyPress) -> [Int] { positionsByInput[press] ?? [] }

    /// What the focus system does with `press`, or nil when it is free for commands.
    public static func systemUse(of press: KeyPress) -> String? {
        switch (press.key, press.modifiers) {
        case (.tab, []), (.tab, .shift): "the Tab loop"
        case (let key, []) where key.arrowHeading != nil: "arrow-key navigation"
        case (.return, []): "selection and submitting (Return)"
        case (.space, []): "selection and Full Keyboard Access activation (Space)"
        case (let key, .tab) where key == FullKeyboardAccessState.actionsMenuKey:
            "the Full Keyboard Access actions menu (Tab+Z)"
        case (let key, .tab) where key == FullKeyboardAccessState.findKey: "Full Keyboard Access Find (Tab+F)"
        default: nil
        }
    }
}

extension FocusSystem {
    /// The first environment up the responder chain that can perform `action`.
    func performer(of action: String) -> (any FocusEnvironment)? {
        var current: (any FocusEnvironment)? = firstResponder ?? focusedItem
        while let environment = current {
            if environment.canPerformAction(action) { return environment }
            current = environment.parentFocusEnvironment
        }
        return nil
    }

    /// The app's commands available now, in menu order: what holding Command lists.
    public var availableCommands: [AvailableCommand] {
        guard let commandTable else { return [] }
        return commandTable.commands.compactMap { command in
            performer(of: command.action).map { AvailableCommand(command: command, target: Self.name(of: $0)) }
        }
    }

    /// Performs the first available app command whose chord is `press`: an `action` event named
    /// after the command's action, on the environment that performs it.
    func performCommand(matching press: KeyPress, into events: inout [EventPayload]) -> Bool {
        guard let commandTable else { return false }
        for position in commandTable.positions(of: press) {
            let command = commandTable.commands[position]
            guard let target = performer(of: command.action) else {
                trace("command: \(command.title) (\(press)) unavailable here")
                continue
            }
            events.append(.action(ActionEvent(item: Self.name(of: target), name: command.action, trigger: .key)))
            return true
        }
        return false
    }
}
