/// SwiftUI's `@FocusState` for the focus engine: a value that reflects which bound item has focus
/// and moves focus when set.
///
/// ```swift
/// enum Field: Hashable { case email, password }
/// let focus = FocusState<Field>(system: system)
/// focus.bind(emailField, to: .email)        // .focused($focus, equals: .email)
/// focus.bind(passwordField, to: .password)
/// focus.set(.password)                      // moves focus to the password field
/// focus.value                               // .password
/// focus.set(nil)                            // dismisses focus
/// ```
///
/// The value is nil whenever focus is outside all bound items.
///
/// The binding goes both ways: ``onChange(_:)`` tells the app each time the value changes,
/// once per change, whatever moved focus (Tab, an arrow, a click, Find, ``set(_:)`` itself). A
/// vetoed move changes nothing and tells nothing.
///
/// ```swift
/// focus.onChange { field in print("editing", field as Any) }
/// ```
public final class FocusState<Value: Hashable>: FocusChangeObserver {
    private struct Binding {
        weak var item: (any FocusItem)?
        var value: Value
    }

    /// The system whose focus this state reflects.
    public let system: FocusSystem
    private var bindings: [Binding] = []
    /// The value last reported to the change handlers.
    private var reported: Value?
    private var changeHandlers: [(Value?) -> Void] = []

    /// Creates a focus state over `system`'s focus.
    public init(system: FocusSystem) {
        self.system = system
        system.addObserver(self)
    }

    /// Calls `handler` with the new value each time the value changes.
    public func onChange(_ handler: @escaping (Value?) -> Void) {
        changeHandlers.append(handler)
    }

    public func focusSystem(_ system: FocusSystem, didUpdateFocusIn context: FocusUpdateContext) {
        let current = value
        guard current != reported else { return }
        reported = current
        for handler in changeHandlers { handler(current) }
    }

    /// Binds `item` to `value`: the state reads `value` while `item` is focused, and setting
    /// `value` focuses `item`. A later binding of the same item replaces the earlier one.
    public func bind(_ item: any FocusItem, to value: Value) {
        bindings.removeAll { $0.item == nil || $0.item === item }
        bindings.append(Binding(item: item, value: value))
        reported = self.value  // binding is not a change of focus
    }

    /// The value bound to the focused item, or nil when focus is elsewhere (or nowhere).
    public var value: Value? {
        guard let focused = system.focusedItem else { return nil }
        return bindings.first { $0.item === focused }?.value
    }

    /// Moves focus to the item bound to `newValue`; nil dismisses focus if a bound item has it.
    ///
    /// - Returns: The movement's result; it can fail (a veto, an item that cannot be focused, or
    ///   no item bound to the value).
    @discardableResult
    public func set(_ newValue: Value?) -> FocusMoveResult {
        guard let newValue else {
            guard value != nil else {
                return FocusMoveResult(moved: false, events: [], failure: .alreadyFocused)
            }
            return system.resignFocus()
        }
        guard let item = bindings.first(where: { $0.value == newValue })?.item else {
            return FocusMoveResult(moved: false, events: [], failure: .notFocusable("no item is bound to \(newValue)"))
        }
        return system.focus(item)
    }
}

extension FocusState where Value == Bool {
    /// SwiftUI's `@FocusState var isFocused: Bool` with `.focused($isFocused)`: true while the
    /// bound item has focus, false otherwise (never nil).
    public var isFocused: Bool { value ?? false }

    /// Binds `item` as the one item this Boolean state tracks.
    public func bind(_ item: any FocusItem) {
        bind(item, to: true)
    }

    /// Focuses the bound item (true) or dismisses its focus (false).
    @discardableResult
    public func set(focused: Bool) -> FocusMoveResult {
        set(focused ? true : nil)
    }
}
