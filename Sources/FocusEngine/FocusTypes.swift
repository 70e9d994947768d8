public import EventModel

/// Settings of a ``FocusSystem`` that apply to the whole tree.
public struct FocusConfiguration: Hashable, Sendable {
    /// Reading order for Tab and group order; arrows stay physical either way.
    public var layoutDirection: LayoutDirection
    /// The key that selects the focused item.
    public var selectKey: SelectKey
    /// How arrow keys find the next item.
    public var directionalSearch: DirectionalSearch
    /// Full Keyboard Access: controls become focusable, elements that do not respond to the user
    /// are skipped, and Tab+Z (actions) and Tab+F (Find) work.
    public var fullKeyboardAccess: Bool
    /// When true, an arrow opposite to the previous arrow returns to the item focus came from,
    /// even when geometry alone would pick another (Flutter's directional history); an arrow on
    /// the other axis, Tab or any other focus change forgets the history. Off by default, as in
    /// UIKit.
    public var remembersDirectionalHistory: Bool

    /// Creates a configuration.
    public init(
        layoutDirection: LayoutDirection = .leftToRight,
        selectKey: SelectKey = .return,
        directionalSearch: DirectionalSearch = .precise,
        fullKeyboardAccess: Bool = false,
        remembersDirectionalHistory: Bool = false
    ) {
        self.layoutDirection = layoutDirection
        self.selectKey = selectKey
        self.directionalSearch = directionalSearch
        self.fullKeyboardAccess = fullKeyboardAccess
        self.remembersDirectionalHistory = remembersDirectionalHistory
    }
}

/// Why focus did not move.
public enum FocusMoveFailure: Hashable, Sendable {
    /// Nothing lies in that direction within the group (arrows do not wrap).
    case nothingInDirection
    /// The target is the item already focused.
    case alreadyFocused
    /// The target cannot be focused; the text says why.
    case notFocusable(String)
    /// An environment's `shouldUpdateFocus(in:)` returned false.
    case vetoed(by: String)
    /// A focus update was asked for while one was running; updates never re-enter themselves.
    case updateInProgress
    /// Nothing in the tree can be focused.
    case nothingFocusable
}

/// The outcome of a focus movement.
public struct FocusMoveResult: Hashable, Sendable {
    /// Whether the focused item changed.
    public var moved: Bool
    /// The events the movement produced, in order.
    public var events: [EventPayload]
    /// Why focus did not move, when it did not.
    public var failure: FocusMoveFailure?

    static func failed(_ failure: FocusMoveFailure) -> FocusMoveResult {
        FocusMoveResult(moved: false, events: [], failure: failure)
    }
}

/// The outcome of one key press or typed text.
public struct KeyPressResult: Hashable, Sendable {
    /// The input.
    public var input: KeyInput
    /// Whether anything (the focus system, a responder or a key command) used it.
    public var handled: Bool
    /// Whether the focused item changed.
    public var moved: Bool
    /// The events it caused, in order.
    public var events: [EventPayload]
}

/// The outcome of one key press handled by ``FocusSystem/handle(_:into:)``: the events went into
/// the caller's buffer, so only the two flags are returned.
public struct KeyPressOutcome: Hashable, Sendable {
    /// Whether anything (the focus system, a responder or a key command) used the input.
    public var handled: Bool
    /// Whether the focused item changed.
    public var moved: Bool

    /// Creates an outcome.
    public init(handled: Bool, moved: Bool) {
        self.handled = handled
        self.moved = moved
    }

    /// Nothing used the input.
    public static let unhandled = KeyPressOutcome(handled: false, moved: false)
}

/// Whether one focus movement happened; its events go into the caller's buffer.
enum MoveOutcome: Hashable, Sendable {
    /// The focused item changed.
    case moved
    /// Focus stayed; the failure says why.
    case failed(FocusMoveFailure)

    /// Whether the focused item changed.
    var moved: Bool {
        switch self {
        case .moved: true
        case .failed: false
        }
    }

    /// The failure, when focus stayed.
    var failure: FocusMoveFailure? {
        switch self {
        case .moved: nil
        case .failed(let failure): failure
        }
    }
}

extension FocusMoveResult {
    /// A result from an outcome and the events it wrote.
    init(_ outcome: MoveOutcome, events: [EventPayload]) {
        self.init(moved: outcome.moved, events: events, failure: outcome.failure)
    }
}

/// Errors of the focus system's programmatic interface.
public enum FocusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `becomeFirstResponder` was called while a focus update was running (from a
    /// `shouldUpdateFocus` or `didUpdateFocus` callback). UIKit raises an internal inconsistency
    /// exception here; this engine refuses the call instead.
    case firstResponderChangeDuringFocusUpdate(String)

    /// What happened, in words.
    public var description: String {
        switch self {
        case .firstResponderChangeDuringFocusUpdate(let name):
            "refused to make \"\(name)\" the first responder while processing a focus update; "
                + "request a focus update instead (setNeedsFocusUpdate)"
        }
    }
}
