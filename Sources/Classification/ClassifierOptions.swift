public import DeviceProfiles

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a person can choose about how their devices are classified.
///
/// ```swift
/// var options = ClassifierOptions()
/// options.tapToClick = true
/// options.clickMethod = .fingers
/// ```
public struct ClassifierOptions: Hashable, Sendable {
    /// Whether touchpad taps click. `nil` uses the default: on only for pads without a physical
    /// button (libinput's default; tapping on a pad with a button is a choice people make).
    public var tapToClick: Bool?
    /// How a clickpad chooses the logical button. `nil` uses the device profile, else button
    /// areas.
    public var clickMethod: ClickMethod?
    /// Whether the primary and secondary buttons are swapped.
    public var leftHanded: Bool
    /// The keyboard layout; `nil` fields come from `XKB_DEFAULT_*` or are US.
    public var keyboardLayout: KeyboardLayout

    /// Creates options with the defaults.
    public init(
        tapToClick: Bool? = nil,
        clickMethod: ClickMethod? = nil,
        leftHanded: Bool = false,
        keyboardLayout: KeyboardLayout = KeyboardLayout()
    ) {
        self.tapToClick = tapToClick
        self.clickMethod = clickMethod
        self.leftHanded = leftHanded
        self.keyboardLayout = keyboardLayout
    }
}

/// An XKB keymap selection: rules, model, layout, variant and options.
///
/// A field left `nil` is taken from the environment (`XKB_DEFAULT_RULES`, `XKB_DEFAULT_MODEL`,
/// `XKB_DEFAULT_LAYOUT`, `XKB_DEFAULT_VARIANT`, `XKB_DEFAULT_OPTIONS`), and when that is unset
/// from xkbcommon's defaults (`evdev` rules, `pc105`, `us`).
public struct KeyboardLayout: Hashable, Sendable {
    /// The rules file, e.g. `evdev`.
    public var rules: String?
    /// The keyboard model, e.g. `pc105`.
    public var model: String?
    /// The layout, e.g. `de` or `us,ru`.
    public var layout: String?
    /// The variant, e.g. `nodeadkeys`.
    public var variant: String?
    /// The options, e.g. `ctrl:nocaps`.
    public var options: String?

    /// Creates a layout selection.
    public init(
        rules: String? = nil,
        model: String? = nil,
        layout: String? = nil,
        variant: String? = nil,
        options: String? = nil
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }
}

extension KeyboardLayout {
    /// `rules/model/layout/variant/options` as xkbcommon sees them: a field left nil is taken from
    /// its `XKB_DEFAULT_*` variable, else printed `default`.
    var names: String {
        let fields = [
            (rules, "XKB_DEFAULT_RULES"), (model, "XKB_DEFAULT_MODEL"), (layout, "XKB_DEFAULT_LAYOUT"),
            (variant, "XKB_DEFAULT_VARIANT"), (options, "XKB_DEFAULT_OPTIONS"),
        ]
        return fields.map { value, variable in
            value ?? getenv(variable).map { String(cString: $0) } ?? "default"
        }.joined(separator: "/")
    }

    /// Checks that the layout compiles, before any keyboard needs it.
    ///
    /// - Throws: ``ClassificationError/layoutUnavailable(_:)`` when xkbcommon compiles its default
    ///   layout but not this one. A system without keymap data, where nothing compiles, is not an
    ///   error here: keyboards are then classified by key code.
    public func validate() throws(ClassificationError) {
        guard XKBKeymap.shared(for: self) == nil else { return }
        let fallback = KeyboardLayout(rules: "evdev", model: "pc105", layout: "us", variant: "", options: "")
        if XKBKeymap.shared(for: fallback) != nil { throw .layoutUnavailable(self) }
    }
}

/// Why a device cannot be classified.
public enum ClassificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// xkbcommon could not compile a keymap for the layout.
    case keymapUnavailable(device: String, layout: KeyboardLayout)
    /// xkbcommon compiles the default layout but not the one chosen: the choice names a layout,
    /// variant or option that does not exist.
    case layoutUnavailable(KeyboardLayout)

    /// A sentence naming the device or layout and what went wrong.
    public var description: String {
        switch self {
        case .keymapUnavailable(let device, let layout):
            return "\(device): xkbcommon cannot compile a keymap for rules/model/layout/variant/options \(layout.names)"
        case .layoutUnavailable(let layout):
            return "xkbcommon cannot compile a keymap for rules/model/layout/variant/options \(layout.names) "
                + "(from the options or XKB_DEFAULT_*), though it compiles the default one"
        }
    }
}
