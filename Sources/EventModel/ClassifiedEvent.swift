public import Geometry
public import InputEvents

/// A logical pointer button, after handedness, button areas and finger counting.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    /// The main button (left for right-handed people).
    case primary
    /// The button that opens context menus (right for right-handed people).
    case secondary
    /// The middle button or wheel press.
    case middle
    /// The thumb button that goes back (`BTN_SIDE`, `BTN_BACK`).
    case back
    /// The thumb button that goes forward (`BTN_EXTRA`, `BTN_FORWARD`).
    case forward
    /// Any other button.
    case other
}

/// What produced a logical button event.
public enum ButtonTrigger: String, Hashable, Sendable {
    /// A physical button with its own code (`BTN_RIGHT` on a mouse, a firmware right button).
    case button
    /// A clickpad press whose button was chosen by where the finger rests (software button areas).
    case buttonArea
    /// A clickpad press whose button was chosen by how many fingers were down (clickfinger).
    case fingers
    /// A tap on a touchpad with tap-to-click on.
    case tap
    /// Three (or four) fingers moving together on a touchpad with three-finger drag on: the
    /// primary button is held while they drag, and for a moment after they lift.
    case threeFingerDrag
}

/// How a touch reached the device, in UIKit's terms.
public enum TouchType: String, Hashable, Sendable, CaseIterable {
    /// A finger on a touchscreen.
    case direct
    /// A mouse or touchpad pointer.
    case indirectPointer
    /// A stylus.
    case pencil
}

/// The phase of a continuous scroll sequence.
public enum ScrollPhase: String, Hashable, Sendable {
    /// The first movement of a sequence.
    case began
    /// Further movement.
    case changed
    /// The fingers lifted or the stick was let go; carries the release velocity.
    case ended
}

/// The phase of a continuous gesture (long press, drag).
public enum GesturePhase: String, Hashable, Sendable {
    /// The gesture was recognised.
    case began
    /// It moved.
    case changed
    /// The press was released.
    case ended
    /// It stopped without a release: the device went away, or the press became something else.
    case cancelled
}

/// Whether a key went down, came up, or repeated (the kernel's autorepeat).
public enum KeyState: String, Hashable, Sendable {
    /// The key went down.
    case down
    /// The key came up.
    case up
    /// The kernel's autorepeat while the key is held.
    case `repeat`
}

/// Whether a button went down or came up.
public enum ButtonState: String, Hashable, Sendable {
    /// The button went down.
    case down
    /// The button came up.
    case up
}

/// Modifier keys held at the time of an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// Creates modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control (printed `ctrl`).
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (XKB's Mod1).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// Meta, Super or the Windows key (XKB's Mod4).
    public static let meta = KeyModifiers(rawValue: 1 << 3)
    /// Caps Lock is locked (not printed in the event stream).
    public static let capsLock = KeyModifiers(rawValue: 1 << 4)
    /// Tab held as a modifier, for Full Keyboard Access's chords (Tab+Z, Tab+F) in the focus
    /// engine; the classifier never sets it, and the event stream does not print it.
    public static let tab = KeyModifiers(rawValue: 1 << 5)

    /// The names the event stream prints, in this order: `shift`, `ctrl`, `alt`, `meta`.
    public var names: [String] {
        var result: [String] = []
        if contains(.shift) { result.append("shift") }
        if contains(.control) { result.append("ctrl") }
        if contains(.alt) { result.append("alt") }
        if contains(.meta) { result.append("meta") }
        return result
    }
}

/// Where a touchscreen contact is in its life: it landed, moved, or lifted.
public enum TouchPhase: String, Hashable, Sendable {
    /// The contact landed (its first position).
    case down
    /// It moved.
    case move
    /// It lifted (or the device went away, or it became a palm).
    case up
}

/// Where the source of a scroll is: a wheel in detents, or a surface tracked continuously.
public enum ScrollSource: String, Hashable, Sendable {
    /// A wheel: steps of 120 per detent (fractions for hi-res wheels), no phases.
    case discrete
    /// Fingers on a touchpad or a scroll stick: began, changed, ended.
    case continuous
}

/// One classified interaction: what a person did, as the event stream (`events.md`) names it.
public enum ClassifiedEvent: Hashable, Sendable {
    /// A keyboard key. `keysym` and `text` come from xkbcommon with the device's layout: the
    /// keysym the key produced (before the key's own effect on the modifiers, as xkbcommon
    /// recommends) and the text it types; both are nil for a key the layout gives nothing, or
    /// when no keymap could be compiled (the key is then known by its code alone).
    case key(code: KeyCode, state: KeyState, modifiers: KeyModifiers, keysym: KeySymbol?, text: String?)
    /// A logical click. `code` is the physical button, when there is one.
    case button(PointerButton, state: ButtonState, trigger: ButtonTrigger, code: KeyCode?)
    /// A scroll. `delta` is in the points a scroll view moves, 40 per wheel detent (positive y
    /// scrolls down, positive x right). `v120` is set for
    /// discrete scrolls (120 per detent); `phase` and `velocity` (points per second, on `ended`) for
    /// continuous ones.
    case scroll(source: ScrollSource, delta: Vector, v120: Vector?, phase: ScrollPhase?, velocity: Vector?)
    /// A tap. `position` is the fraction of the surface, for direct touch.
    case tap(fingers: Int, touchType: TouchType, position: Vector?)
    /// A press held still. `position` is the fraction of the surface for direct touch, else nil.
    case longPress(phase: GesturePhase, touchType: TouchType, position: Vector?)
    /// A press that moves. `translation` is in points from where the press went down, so `began`
    /// already carries the movement that started the drag (as UIKit's pan translation includes
    /// its threshold) and the dragged item can follow the pointer exactly.
    case drag(phase: GesturePhase, touchType: TouchType, translation: Vector, position: Vector?)
    /// Relative pointer motion: `delta` in points after pointer acceleration (where the pointer
    /// went), `unaccelerated` the same movement before it (a mouse's counts normalised to
    /// 1000 dpi, a touchpad's millimetres at 1000 dpi), as libinput's debug-events prints both.
    case motion(delta: Vector, unaccelerated: Vector)
    /// An absolute pointer or contact position, as a fraction of the surface (touchscreens,
    /// tablets), with whether it is down. `contact` tells simultaneous contacts apart: it stays
    /// the same from the contact's first `isDown` position to its last (`isDown` false) and is
    /// 0 for a device with one contact; a number may be used again by a later contact.
    case position(Vector, touchType: TouchType, isDown: Bool, contact: Int)
    /// A finger on a touchscreen: where it landed, moved or lifted, as a fraction of the surface.
    /// `contact` tells simultaneous fingers apart, as for ``position(_:touchType:isDown:contact:)``.
    /// The stream prints every touch (version 2), without a scene and without `--motion`.
    case touch(TouchPhase, position: Vector, contact: Int)
    /// A multi-finger gesture: pinch, swipe or hold.
    case gesture(Gesture)
}

/// A classified event with its time.
public struct ClassifiedInput: Hashable, Sendable {
    /// When it happened (the frame's time, or the deadline's).
    public var time: Timestamp
    /// The event.
    public var event: ClassifiedEvent

    /// Creates a classified input.
    public init(time: Timestamp, event: ClassifiedEvent) {
        self.time = time
        self.event = event
    }
}

/// An XKB keysym: the symbol a key means in the active layout (`z` for `KEY_Y` in German).
public struct KeySymbol: Hashable, Sendable, CustomStringConvertible {
    /// The keysym's number (`XKB_KEY_*`).
    public var rawValue: UInt32
    /// The keysym's name, as xkbcommon spells it (`z`, `Control_L`, `Return`).
    public var name: String
    /// The character the keysym stands for (`z` for `z`, `ß` for `ssharp`), or nil for a keysym
    /// that is not a character (`Return`, `Control_L`, `XF86AudioPlay`).
    public var character: Unicode.Scalar?

    /// Creates a keysym.
    public init(rawValue: UInt32, name: String, character: Unicode.Scalar? = nil) {
        self.rawValue = rawValue
        self.name = name
        self.character = character
    }

    /// The name.
    public var description: String { name }
}

extension ClassifiedEvent {
    /// Motion that no acceleration changed (the pointer moved as far as the hand): for scripts
    /// and tests that move a pointer by a known number of points.
    public static func motion(_ delta: Vector) -> ClassifiedEvent {
        .motion(delta: delta, unaccelerated: delta)
    }
}
