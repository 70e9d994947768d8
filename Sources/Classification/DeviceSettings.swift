public import DeviceProfiles

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// How a person wants their devices to behave: the settings libinput offers (and `libinput
/// debug-events` takes as options), with libinput's defaults and meanings.
///
/// A setting left `nil` takes the device's default, which depends on what the device is (see each
/// property). A setting that a device cannot have (edge scrolling on a mouse) is ignored for that
/// device, which keeps its default.
///
/// ```swift
/// var settings = DeviceSettings()
/// settings.tapToClick = true
/// settings.naturalScrolling = true
/// settings.scrollMethod = .edge
/// let runtime = try Runtime(settings: settings)
/// ```
///
/// | setting | default | applies to |
/// | --- | --- | --- |
/// | ``tapToClick`` | on only for touchpads without a physical button | touchpads |
/// | ``tapAndDrag`` | on | touchpads, when tapping is on |
/// | ``dragLock`` | off | touchpads, when tap-and-drag is on |
/// | ``clickMethod`` | the device profile's, else button areas | clickpads |
/// | ``naturalScrolling`` | off | every device that scrolls |
/// | ``leftHanded`` | off | mice, pointing sticks, touchpads |
/// | ``middleButtonEmulation`` | on for a left and a right button without a middle one | mice, pointing sticks, touchpads with buttons, clickpads |
/// | ``disableWhileTyping`` | on | touchpads, with the keyboards they pair with |
/// | ``disableWhileTrackpointing`` | on | touchpads, with the pointing sticks they pair with |
/// | ``scrollMethod`` | two fingers (edge for single-finger pads), on-button for pointing sticks, none for mice | touchpads, mice, pointing sticks |
/// | ``accelerationProfile`` | adaptive | mice, touchpads, pointing sticks |
/// | ``accelerationSpeed`` | 0 | mice, touchpads, pointing sticks (adaptive and flat) |
/// | ``customAcceleration`` | one point per count | mice, touchpads, pointing sticks (custom) |
/// | ``dotsPerInch`` | the device's `MOUSE_DPI`, else 1000 | mice |
/// | ``scrollFactor`` | 1 | every device that scrolls |
/// | ``threeFingerDrag`` | off | touchpads that follow three or more fingers |
public struct DeviceSettings: Hashable, Sendable {
    /// Whether touchpad taps click: one finger primary, two secondary, three middle. `nil` uses
    /// the default: on only for pads without a physical button (libinput's default; tapping on a
    /// pad with a button is a choice people make).
    public var tapToClick: Bool?
    /// Whether a tap followed by a touch within the drag timeout (160 ms + 20 ms per finger of the
    /// tap) holds the tap's button down for a drag until the finger lifts. On by default, as in
    /// libinput; it delays a tap's button release by that timeout.
    public var tapAndDrag: Bool
    /// What lifting the finger during a tap-and-drag does: ends the drag (off, the default), or
    /// keeps the button down so that the drag can go on with a new touch.
    public var dragLock: DragLock
    /// How a clickpad chooses the logical button. `nil` uses the device profile, else button
    /// areas.
    public var clickMethod: ClickMethod?
    /// Whether scrolling is natural: content follows the fingers (and a wheel turned toward the
    /// user scrolls up), so every scroll's deltas change sign, on both axes, for every kind of
    /// device. Off by default.
    public var naturalScrolling: Bool
    /// Whether the primary and secondary buttons are swapped: a mouse's or a pointing stick's
    /// buttons, a touchpad's physical buttons and button areas, clickfinger and tap buttons.
    public var leftHanded: Bool
    /// Whether pressing the left and right buttons together (within 50 ms) is a middle click.
    /// `nil` uses the default: on for a device with left and right buttons and no middle button
    /// (not a clickpad), off otherwise. On a clickpad it splits the button strip into a left and
    /// a right half, without a middle area.
    public var middleButtonEmulation: Bool?
    /// Whether a touchpad ignores new touches and taps while a paired keyboard is typed on: for
    /// 200 ms after the first key, 500 ms after later ones; modifiers and keys outside the typing
    /// block do not count. On by default.
    public var disableWhileTyping: Bool
    /// Whether a touchpad ignores new touches and taps while a paired pointing stick moves the
    /// pointer: from the stick's third event within 40 ms of the one before until 300 ms after
    /// its last (libinput's disable-while-trackpointing). On by default.
    public var disableWhileTrackpointing: Bool
    /// How the device scrolls. `nil` uses the device's default: two fingers on a touchpad that
    /// tracks two (else edge), on-button for a pointing stick, none for a mouse (whose wheel
    /// scrolls whatever the method).
    public var scrollMethod: ScrollMethod?
    /// The keyboard layout; `nil` fields come from `XKB_DEFAULT_*` or are US.
    public var keyboardLayout: KeyboardLayout
    /// How the pointer's speed changes how far it moves: libinput's adaptive curve for the kind
    /// of device (the default), flat, or the person's own curves.
    public var accelerationProfile: AccelerationProfile
    /// The pointer speed, from -1 (slowest) to 1 (fastest), 0 by default, as libinput's: the
    /// adaptive curves shift and scale with it, and the flat factor is 1 + speed. Values outside
    /// the range are clamped; the custom profile ignores it.
    public var accelerationSpeed: Double
    /// The curves of the custom profile.
    public var customAcceleration: CustomAcceleration
    /// A mouse's resolution in counts per inch, which motion is normalised from to 1000 dpi (one
    /// count of a 1000-dpi mouse is one point). `nil` uses the device's `MOUSE_DPI` udev property
    /// (its default entry), else 1000. Recordings carry no udev properties: set it to replay a
    /// high-resolution mouse at its speed.
    public var dotsPerInch: Int?
    /// Multiplies every scroll's deltas, continuous and wheel (not the wheel's v120 counts,
    /// which stay notches): 1 by default.
    public var scrollFactor: Double
    /// Whether three (or four) fingers moving together on a touchpad drag: the pointer moves with
    /// the primary button held, and the button stays down for 700 ms after the fingers lift, so
    /// that fingers put back in that time go on dragging; a tap (with tap-to-click) or a click
    /// ends the drag at once (libinput 1.27's three-finger drag). The swipe of that finger count
    /// becomes the drag; the other counts still swipe. Off by default.
    public var threeFingerDrag: ThreeFingerDragSetting

    /// Creates settings; every setting not given keeps its default.
    public init(
        tapToClick: Bool? = nil,
        tapAndDrag: Bool = true,
        dragLock: DragLock = .off,
        clickMethod: ClickMethod? = nil,
        naturalScrolling: Bool = false,
        leftHanded: Bool = false,
        middleButtonEmulation: Bool? = nil,
        disableWhileTyping: Bool = true,
        disableWhileTrackpointing: Bool = true,
        scrollMethod: ScrollMethod? = nil,
        keyboardLayout: KeyboardLayout = KeyboardLayout(),
        accelerationProfile: AccelerationProfile = .adaptive,
        accelerationSpeed: Double = 0,
        customAcceleration: CustomAcceleration = CustomAcceleration(),
        dotsPerInch: Int? = nil,
        scrollFactor: Double = 1,
        threeFingerDrag: ThreeFingerDragSetting = .off
    ) {
        self.tapToClick = tapToClick
        self.tapAndDrag = tapAndDrag
        self.dragLock = dragLock
        self.clickMethod = clickMethod
        self.naturalScrolling = naturalScrolling
        self.leftHanded = leftHanded
        self.middleButtonEmulation = middleButtonEmulation
        self.disableWhileTyping = disableWhileTyping
        self.disableWhileTrackpointing = disableWhileTrackpointing
        self.scrollMethod = scrollMethod
        self.keyboardLayout = keyboardLayout
        self.accelerationProfile = accelerationProfile
        self.accelerationSpeed = accelerationSpeed
        self.customAcceleration = customAcceleration
        self.dotsPerInch = dotsPerInch
        self.scrollFactor = scrollFactor
        self.threeFingerDrag = threeFingerDrag
    }
}

extension DeviceSettings {
    /// The speeds libinput takes (`accelerationSpeed`).
    public static let accelerationSpeedRange = -1.0...1.0
    /// The resolutions taken (`dotsPerInch`): mice report 100 to about 30,000 counts per inch.
    public static let dotsPerInchRange = 1...100_000
    /// The scroll factors taken (`scrollFactor`): 0 stops scrolling, 100 is far beyond use.
    public static let scrollFactorRange = 0.0...100.0

    /// The same settings with the default keyboard layout (for a device whose chosen layout does
    /// not compile).
    public var withDefaultKeyboardLayout: DeviceSettings {
        var settings = self
        settings.keyboardLayout = KeyboardLayout()
        return settings
    }
}

/// What lifting the finger during a tap-and-drag does.
public enum DragLock: String, Hashable, Sendable, CaseIterable {
    /// The drag ends when the finger lifts (libinput's default).
    case off
    /// The button stays down for 300 ms after the finger lifts; a new touch in that time goes on
    /// dragging, a tap ends the drag at once.
    case timeout
    /// The button stays down after the finger lifts until a tap ends the drag.
    case sticky
}

/// Which fingers drag on a touchpad (``DeviceSettings/threeFingerDrag``); the raw values are
/// what the command line and settings files take.
public enum ThreeFingerDragSetting: String, Hashable, Sendable, CaseIterable {
    /// No three-finger drag: three and four fingers swipe (the default, as libinput's).
    case off
    /// Three fingers drag; four still swipe.
    case threeFingers = "3"
    /// Four fingers drag; three still swipe.
    case fourFingers = "4"

    /// How many fingers drag, or nil when off.
    public var fingerCount: Int? {
        switch self {
        case .off: nil
        case .threeFingers: 3
        case .fourFingers: 4
        }
    }
}

/// How a device turns movement into scrolling.
public enum ScrollMethod: String, Hashable, Sendable, CaseIterable {
    /// Two fingers moving together on a touchpad (libinput's default where the pad tracks two).
    case twoFingers = "two-finger"
    /// One finger moving along the right edge (vertical) or the bottom edge (horizontal) of a
    /// touchpad (the default for pads that track a single finger).
    case edge
    /// Moving a pointing stick or mouse while its middle button is held (the default for
    /// pointing sticks); a short press without movement is still a middle click.
    case onButton = "on-button"
    /// No scrolling from movement (a wheel still scrolls).
    case noScrolling = "none"
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
            Self.effective(value, variable).map(Self.shown) ?? "default"
        }.joined(separator: "/")
    }

    /// A name in a message: names come from the environment or a settings file, so a long one
    /// is cut (xkbcommon's own names are a few dozen characters at most).
    static func shown(_ name: String) -> String {
        name.count > maximumShownName ? String(name.prefix(maximumShownName)) + "… (\(name.utf8.count) bytes)" : name
    }

    /// The longest name a message shows whole.
    static let maximumShownName = 64

    /// A field as xkbcommon takes it: the field, else its `XKB_DEFAULT_*` variable.
    static func effective(_ value: String?, _ variable: String) -> String? {
        value ?? getenv(variable).map { String(cString: $0) }
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
        // xkbcommon drops a variant given without a layout and compiles its default layout, so a
        // person who asked for a variant would get a keymap they did not ask for.
        if let variant = Self.effective(variant, "XKB_DEFAULT_VARIANT"), !variant.isEmpty,
            Self.effective(layout, "XKB_DEFAULT_LAYOUT")?.isEmpty ?? true
        {
            throw .variantWithoutLayout(variant: variant)
        }
        switch keymapAvailability(includePaths: includePaths) {
        case .compiles: return nil
        case .wrongLayout: throw .layoutUnavailable(self)
        case .noKeymapData: return .noKeymap(self)
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
    /// A variant was chosen without a layout, which xkbcommon ignores.
    case variantWithoutLayout(variant: String)

    /// A sentence naming the device or layout and what went wrong.
    public var description: String {
        switch self {
        case .keymapUnavailable(let device, let layout):
            return "\(device): xkbcommon cannot compile a keymap for rules/model/layout/variant/options \(layout.names)"
        case .layoutUnavailable(let layout):
            return "xkbcommon cannot compile a keymap for rules/model/layout/variant/options \(layout.names) "
                + "(from --layout and --variant, a settings file, or XKB_DEFAULT_*), though it compiles the default one"
        case .variantWithoutLayout(let variant):
            return "the keyboard variant '\(KeyboardLayout.shown(variant))' (from --variant, a settings file, or "
                + "XKB_DEFAULT_VARIANT) has no layout, and xkbcommon ignores a variant without one: give --layout too "
                + "(for example --layout us)"
        }
    }
}
