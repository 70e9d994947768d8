public import EventModel

/// The order in which a key press is offered around, as in UIKit since iPadOS 15. Each phase
/// either uses the press or passes it on to the next.
///
/// | phase             | who is asked                                                     | next when not used |
/// |-------------------|------------------------------------------------------------------|--------------------|
/// | accessMode        | the open Full Keyboard Access actions menu or Find               | priorityCommands   |
/// | priorityCommands  | key commands with `wantsPriorityOverSystemBehavior`, up the chain | system            |
/// | system            | Tab, Shift-Tab, arrows, the select key, FKA Space, Tab+Z, Tab+F   | responders        |
/// | responders        | `pressesBegan` up the responder chain                             | commands           |
/// | commands          | the other key commands up the chain, then the app's command table | unhandled          |
/// | unhandled         | —                                                                | —                  |
struct KeyDispatch {
    /// Who is offered the press.
    enum Phase: Hashable, CaseIterable {
        case accessMode
        case priorityCommands
        case system
        case responders
        case commands
        case unhandled
    }

    private var phase: Phase = .accessMode

    /// The phase the press is in.
    var current: Phase { phase }

    /// The current phase did not use the press: the next phase.
    mutating func passed() -> Phase {
        switch phase {
        case .accessMode: phase = .priorityCommands
        case .priorityCommands: phase = .system
        case .system: phase = .responders
        case .responders: phase = .commands
        case .commands: phase = .unhandled
        case .unhandled: assertionFailure("our bug: a key press passed on after it was unhandled")
        }
        return phase
    }
}

extension FocusSystem {
    /// The responder chain: the first responder (or the focused item) and its ancestors.
    public var responderChain: [any FocusEnvironment] {
        var result: [any FocusEnvironment] = []
        var current: (any FocusEnvironment)? = firstResponder ?? focusedItem
        while let environment = current {
            result.append(environment)
            current = environment.parentFocusEnvironment
        }
        return result
    }

    /// Handles one key press or typed text.
    ///
    /// The order, as in UIKit since iPadOS 15:
    /// 1. key commands with ``KeyCommand/wantsPriorityOverSystemBehavior`` along the responder chain;
    /// 2. the focus system: Tab and Shift-Tab, arrows, the select key, and with Full Keyboard
    ///    Access Tab+Z, Tab+F and Space;
    /// 3. ``FocusEnvironment/pressesBegan(_:)`` along the responder chain, until one handles it;
    /// 4. the other key commands along the responder chain.
    ///
    /// A focus update requested during the press runs at its end.
    public func handle(_ input: KeyInput) -> KeyPressResult {
        var events: [EventPayload] = []
        let outcome = handle(input, into: &events)
        return KeyPressResult(input: input, handled: outcome.handled, moved: outcome.moved, events: events)
    }

    /// Handles one key press or typed text like ``handle(_:)``, appending the events to `events`
    /// instead of returning a new array.
    ///
    /// This is the runtime's path: keep `events` between calls and clear it with
    /// `removeAll(keepingCapacity: true)`, and in steady state Tab, Shift-Tab, the arrows, the
    /// select key and key commands make no heap allocation. (Callbacks the app installs, and
    /// Full Keyboard Access Find, may allocate.)
    ///
    /// - Parameters:
    ///   - input: The key press or typed text.
    ///   - events: The buffer the events are appended to, in order.
    /// - Returns: Whether anything used the input and whether focus moved.
    @discardableResult
    public func handle(_ input: KeyInput, into events: inout [EventPayload]) -> KeyPressOutcome {
        isHandlingInput = true
        var outcome = dispatch(input, into: &events)
        isHandlingInput = false
        if !eventsDuringInput.isEmpty {
            // Focus moved by the app while the press ran (a submit action setting a FocusState).
            if eventsDuringInput.contains(where: { if case .focus = $0 { true } else { false } }) {
                outcome.moved = true
            }
            events.append(contentsOf: eventsDuringInput)
            eventsDuringInput.removeAll(keepingCapacity: true)
        }
        if requests.isPending {
            if updateFocusIfNeeded(into: &events).moved { outcome.moved = true }
        }
        return outcome
    }

    private func dispatch(_ input: KeyInput, into events: inout [EventPayload]) -> KeyPressOutcome {
        let press: KeyPress
        switch input {
        case .text(let text):
            guard case .finding = accessState else { return .unhandled }
            return KeyPressOutcome(handled: true, moved: findText(text, into: &events).moved)
        case .press(let value):
            press = value
        }
        var dispatch = KeyDispatch()
        while true {
            switch dispatch.current {
            case .accessMode:
                if let moved = handleAccessMode(press, into: &events) {
                    return KeyPressOutcome(handled: true, moved: moved)
                }
            case .priorityCommands:
                if fireKeyCommand(matching: press, priority: true, into: &events) { return .handledWithoutMove }
            case .system:
                if let moved = systemBehavior(for: press, into: &events) {
                    return KeyPressOutcome(handled: true, moved: moved)
                }
            case .responders:
                var current: (any FocusEnvironment)? = firstResponder ?? focusedItem
                while let environment = current {
                    if environment.pressesBegan(press) == .handled { return .handledWithoutMove }
                    current = environment.parentFocusEnvironment
                }
            case .commands:
                if fireKeyCommand(matching: press, priority: false, into: &events) { return .handledWithoutMove }
                if performCommand(matching: press, into: &events) { return .handledWithoutMove }
            case .unhandled:
                return .unhandled
            }
            _ = dispatch.passed()
        }
    }

    /// Fires the first key command along the responder chain whose chord is `press` and whose
    /// priority flag is `priority`.
    private func fireKeyCommand(matching press: KeyPress, priority: Bool, into events: inout [EventPayload]) -> Bool {
        var current: (any FocusEnvironment)? = firstResponder ?? focusedItem
        while let environment = current {
            for command in environment.keyCommands
            where command.wantsPriorityOverSystemBehavior == priority && command.input == press {
                events.append(
                    .action(ActionEvent(item: Self.name(of: environment), name: command.title, trigger: .key)))
                return true
            }
            current = environment.parentFocusEnvironment
        }
        return false
    }

    /// The focus system's own keys; nil when the press is not one of them, else whether focus
    /// moved.
    private func systemBehavior(for press: KeyPress, into events: inout [EventPayload]) -> Bool? {
        let fullKeyboardAccess = configuration.fullKeyboardAccess
        switch (press.key, press.modifiers) {
        case (.tab, []): return moveFocus(.next, into: &events).moved
        case (.tab, .shift): return moveFocus(.previous, into: &events).moved
        case (let key, []) where key.arrowHeading != nil:
            return moveFocus(key.arrowHeading ?? .none, into: &events).moved
        case (.return, []) where submit(into: &events):
            return false
        case (.space, []) where fullKeyboardAccess && activate(into: &events):
            return false
        case (let key, []) where key == selectKeyPress.key || (fullKeyboardAccess && key == .space):
            // Full Keyboard Access activates with Space whatever the platform's select key.
            guard let focusedItem else { return nil }
            select(focusedItem, into: &events)
            return false
        case (let key, .tab) where fullKeyboardAccess && key == FullKeyboardAccessState.actionsMenuKey:
            openActionsMenu(into: &events)
            return false
        case (let key, .tab) where fullKeyboardAccess && key == FullKeyboardAccessState.findKey:
            accessState = .finding(query: "", matches: [], position: 0)
            return false
        default:
            return nil
        }
    }

    /// Return in a text field: the nearest environment with a ``SubmitAction`` submits. Returns
    /// false when the focused item does not submit or nothing around it has a submit action.
    private func submit(into events: inout [EventPayload]) -> Bool {
        guard let focusedItem, focusedItem.submitsOnReturn else { return false }
        var current: (any FocusEnvironment)? = focusedItem
        while let environment = current {
            if let action = environment.submitAction {
                trace("submit: \(Self.name(of: environment)) → \(action.name)")
                events.append(.action(ActionEvent(item: Self.name(of: environment), name: action.name, trigger: .key)))
                action.perform?(focusedItem)
                return true
            }
            current = environment.parentFocusEnvironment
        }
        return false
    }

    /// Space under Full Keyboard Access on an item that joined the cursor's order only through
    /// Full Keyboard Access (a control or an accessibility element that cannot take keyboard
    /// focus otherwise): an `action` event with its default action. Items that can take focus on
    /// their own are selected instead, as with the select key.
    private func activate(into events: inout [EventPayload]) -> Bool {
        guard let focusedItem, !focusedItem.canBecomeFocused else { return false }
        events.append(
            .action(
                ActionEvent(
                    item: Self.name(of: focusedItem), name: focusedItem.accessibilityDefaultAction, trigger: .key)
            ))
        return true
    }

    /// The select key as a press: Return on iPadOS, Space on the Mac.
    public var selectKeyPress: KeyPress {
        switch configuration.selectKey {
        case .return: KeyPress(.return)
        case .space: KeyPress(.space)
        }
    }
}

extension KeyPressOutcome {
    /// Used without moving focus.
    static let handledWithoutMove = KeyPressOutcome(handled: true, moved: false)
}
