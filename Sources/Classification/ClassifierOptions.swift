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

    /// xkbcommon's built-in default layout (`evdev` rules, `pc105`, `us`), which compiles
    /// wherever xkbcommon has its data.
    static let builtInDefault = KeyboardLayout(rules: "evdev", model: "pc105", layout: "us", variant: "", options: "")

    /// Checks that the layout compiles, before any keyboard needs it.
    ///
    /// - Returns: ``ClassificationDiagnostic/noKeymap(_:)`` when xkbcommon compiles no keymap at
    ///   all (no keymap data on the system): keyboards will then be classified by key code; nil
    ///   when the layout compiles.
    /// - Throws: ``ClassificationError/layoutUnavailable(_:)`` when xkbcommon compiles its default
    ///   layout but not this one.
    @discardableResult
    public func validate() throws(ClassificationError) -> ClassificationDiagnostic? {
        try validate(includePaths: nil)
    }

    /// `validate()` with explicit xkbcommon include paths (nil: xkbcommon's defaults).
    func validate(includePaths: [String]?) throws(ClassificationError) -> ClassificationDiagnostic? {
        switch keymapAvailability(includePaths: includePaths) {
        case .compiles: nil
        case .wrongLayout: throw .layoutUnavailable(self)
        case .noKeymapData: .noKeymap(self)
        }
    }

    /// Whether the layout compiles, and if not, whether any layout does.
    func keymapAvailability(includePaths: [String]?) -> KeymapAvailability {
        if XKBKeymap.shared(for: self, includePaths: includePaths) != nil { return .compiles }
        if XKBKeymap.shared(for: Self.builtInDefault, includePaths: includePaths) != nil { return .wrongLayout }
        return .noKeymapData
    }
}

/// Whether a layout compiles.
enum KeymapAvailability: Hashable, Sendable {
    /// It compiles.
    case compiles
    /// It does not, but the built-in default does: the layout names something that does not
    /// exist.
    case wrongLayout
    /// Nothing compiles: xkbcommon has no keymap data.
    case noKeymapData
}

/// Something the classifier does differently from what was asked, which a person should hear
/// about once (print it as a warning).
///
/// ```swift
/// let translator = try DeviceTranslator(device: description)
/// if let diagnostic = translator.diagnostic, !warned {
///     print("warning: \(diagnostic)", to: &standardError)
///     warned = true
/// }
/// ```
public enum ClassificationDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// xkbcommon compiles no keymap at all, not even its default one: the system has no keymap
    /// data (a minimal image or a container without `/usr/share/X11/xkb`, or `XKB_CONFIG_ROOT`
    /// pointing at an empty directory). Keys are reported by their codes, with Shift, Control,
    /// Alt and Meta from the modifier keys, and without keysym or text; Tab, arrows, Return,
    /// Space and Escape still move focus.
    case noKeymap(KeyboardLayout)

    /// A sentence saying what is missing and what happens instead.
    public var description: String {
        switch self {
        case .noKeymap(let layout):
            "xkbcommon cannot compile any keymap (rules/model/layout/variant/options \(layout.names)): "
                + "no keymap data in XKB_CONFIG_ROOT or /usr/share/X11/xkb; keys are reported by code, "
                + "without keysyms or text"
        }
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
