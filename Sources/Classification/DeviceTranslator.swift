public import DeviceProfiles
public import EventModel
import Geometry
public import InputEvents

/// Turns one device's event frames into classified input: keys, clicks, motion, scrolls, taps,
/// long presses and drags.
///
/// One translator serves one device. It picks its parts from the device's kind and capabilities:
/// a keyboard part, a relative-pointer part (mice, trackballs, pointing sticks), a touchpad part
/// and a touchscreen part; a combined device such as a keyboard cover with a pointer gets both a
/// keyboard and a pointer part.
///
/// Time comes only from the frames: feed each frame with its time, and call `advance(to:)` when
/// no frame arrives before `nextDeadline` (live, arm a timer for it; in a replay, it fires by
/// itself when the next frame is later). Output goes to a buffer the caller owns and clears, so
/// that steady-state classification does not allocate.
///
/// ```swift
/// let recorded = recording.devices[0]
/// var translator = try DeviceTranslator(device: recorded.description)
/// var output: [ClassifiedInput] = []
/// output.reserveCapacity(64)
/// for frame in recorded.frames {
///     output.removeAllKeepingCapacity()
///     translator.process(frame, at: frame.time, into: &output)
///     for input in output { print(input) }
/// }
/// translator.removeDevice(at: recorded.frames.last!.time, into: &output)  // releases held keys
/// ```
public struct DeviceTranslator {
    /// The device being classified.
    public let device: DeviceDescription
    /// The kind the translator was chosen for.
    public let kind: DeviceKind
    /// The profile found for the device.
    public let profile: DeviceProfile

    private var keyboard: PartStorage<KeyboardTranslator>?
    private var pointer: PartStorage<PointerTranslator>?
    private var touchpad: PartStorage<TouchpadTranslator>?
    private var touchscreen: PartStorage<TouchscreenTranslator>?
    private var isRemoved = false

    /// Which of the pointing parts exists (at most one does).
    private enum Surface {
        case none
        case pointer
        case touchpad
        case touchscreen
    }

    private let surface: Surface
    private let codes = KernelCodes()

    /// What a person should be told once about how this device is classified, or nil: set when
    /// the device has keys and xkbcommon compiles no keymap at all (the keys are then reported by
    /// code). Print it as a warning for the first device that has one.
    public let diagnostic: ClassificationDiagnostic?

    /// Receives one line per state transition, as `touchpad gesture: undecided → frame → scrolling`,
    /// when set. Tracing builds strings for every frame; leave it nil outside debugging.
    public var transitionTrace: ((String) -> Void)? {
        didSet { isTracing = transitionTrace != nil }
    }
    /// Whether `transitionTrace` is set: checked per frame without touching the closure.
    private var isTracing = false

    /// Whether scrolls change sign (natural scrolling), as last resolved at rest.
    private var isNaturalScrolling: Bool
    /// Natural scrolling asked for while a continuous scroll was under way.
    private var pendingNaturalScrolling: Bool?
    /// What every scroll's deltas are multiplied by (``DeviceSettings/scrollFactor``).
    private var scrollFactor: Double
    /// The custom profile's scroll curve at work on continuous scrolls, or nil under another
    /// profile.
    private var scrollAcceleration: CustomAccelerationFunction?
    /// Whether a continuous scroll has begun and not ended (a setting waits for its end).
    private var isContinuousScrollOpen = false

    /// Whether the translator records why it decided what it did (``ClassificationDecision``),
    /// for ``takeDecisions(into:)``. Off, nothing is recorded and nothing is allocated for it.
    public var isExplaining = false {
        didSet {
            let isOn = isExplaining
            pointer?.modify { $0.log.isEnabled = isOn }
            touchpad?.modify { $0.log.isEnabled = isOn }
            touchscreen?.modify { $0.log.isEnabled = isOn }
        }
    }

    /// Creates a translator for a device.
    ///
    /// - Parameters:
    ///   - device: the device's description.
    ///   - kind: the device's kind; `nil` uses `device.kind`.
    ///   - settings: a person's settings (tapping, clicks, scrolling, handedness, typing, layout).
    ///   - thresholds: the thresholds; the defaults follow libinput, GTK and UIKit.
    /// - Throws: `ClassificationError.keymapUnavailable` when the device has keys and xkbcommon
    ///   cannot compile the layout although it compiles its default one. When it compiles nothing
    ///   (no keymap data), the keys are classified by code and `diagnostic` says so.
    public init(
        device: DeviceDescription,
        kind: DeviceKind? = nil,
        settings: DeviceSettings = DeviceSettings(),
        thresholds: ClassificationThresholds = .default
    ) throws(ClassificationError) {
        try self.init(device: device, kind: kind, settings: settings, thresholds: thresholds, xkbIncludePaths: nil)
    }

    /// The designated initialiser, with explicit xkbcommon include paths (nil: xkbcommon's
    /// defaults).
    init(
        device: DeviceDescription,
        kind: DeviceKind?,
        settings options: DeviceSettings,
        thresholds: ClassificationThresholds,
        xkbIncludePaths: [String]?
    ) throws(ClassificationError) {
        self.device = device
        isNaturalScrolling = options.naturalScrolling
        scrollFactor = options.scrollFactor
        scrollAcceleration = Self.scrollAcceleration(options)
        let kind = kind ?? device.kind
        self.kind = kind
        let profile = DeviceProfiles.profile(for: device)
        self.profile = profile
        var diagnostic: ClassificationDiagnostic?
        if Self.hasKeyboardKeys(device) {
            let layout = options.keyboardLayout
            if let keymap = XKBKeymap.shared(for: layout, includePaths: xkbIncludePaths) {
                keyboard = PartStorage(KeyboardTranslator(keyboard: XKBKeyboardState(keymap: keymap)))
            } else if layout.keymapAvailability(includePaths: xkbIncludePaths) == .wrongLayout {
                throw .keymapUnavailable(device: device.name, layout: layout)
            } else {
                keyboard = PartStorage(KeyboardTranslator(keyboard: nil))
                diagnostic = .noKeymap(layout)
            }
        }
        self.diagnostic = diagnostic
        switch kind {
        case .touchpad, .clickpad:
            touchpad = PartStorage(
                TouchpadTranslator(device: device, profile: profile, settings: options, thresholds: thresholds))
        case .touchscreen:
            touchscreen = PartStorage(TouchscreenTranslator(device: device, thresholds: thresholds))
        case .keyboard, .mouse, .pointingStick, .tablet, .other:
            break
        }
        let hasRelativePointer =
            (device.supports(RelativeAxis.x) && device.supports(RelativeAxis.y)) || device.supports(RelativeAxis.wheel)
            || device.supports(RelativeAxis.wheelHighResolution) || device.supports(RelativeAxis.horizontalWheel)
        if touchpad == nil, touchscreen == nil, hasRelativePointer || kind == .mouse || kind == .pointingStick {
            pointer = PartStorage(
                PointerTranslator(
                    device: device, profile: profile, settings: options, kind: kind, thresholds: thresholds))
        }
        surface =
            touchpad != nil ? .touchpad : touchscreen != nil ? .touchscreen : pointer != nil ? .pointer : .none
    }

    /// Asks for new settings: a touchpad's (tapping, clicks, scrolling, handedness, typing) apply
    /// once the pad is at rest (no finger down, no button held), so that a touch sequence is
    /// judged to its end under the settings it began with; natural scrolling once no continuous
    /// scroll is under way.
    mutating func request(_ settings: DeviceSettings) {
        let touchpadSettings = TouchpadSettings(settings: settings, device: device, profile: profile)
        touchpad?.modify { $0.request(touchpadSettings) }
        pendingNaturalScrolling = settings.naturalScrolling
        scrollFactor = settings.scrollFactor
        if Self.scrollAcceleration(settings)?.curve != scrollAcceleration?.curve {
            scrollAcceleration = Self.scrollAcceleration(settings)
        }
        applyNaturalScrollingIfAtRest()
    }

    /// The custom scroll curve (else the fallback) under the custom profile, as libinput 1.23
    /// accelerates continuous scrolling (`filter-custom.c`); nil under the other profiles, which
    /// leave scrolling alone.
    private static func scrollAcceleration(_ settings: DeviceSettings) -> CustomAccelerationFunction? {
        guard settings.accelerationProfile == .custom else { return nil }
        let curves = settings.customAcceleration
        return CustomAccelerationFunction(curve: curves.scroll ?? curves.fallback)
    }

    private mutating func applyNaturalScrollingIfAtRest() {
        guard let pending = pendingNaturalScrolling, !isContinuousScrollOpen else { return }
        isNaturalScrolling = pending
        pendingNaturalScrolling = nil
    }

    /// Moves the decisions recorded since the last call to `buffer` (nothing unless
    /// ``isExplaining``), in the order they were taken.
    public mutating func takeDecisions(into buffer: inout [ClassificationDecision]) {
        guard isExplaining else { return }
        pointer?.modify { $0.log.take(into: &buffer) }
        touchpad?.modify { $0.log.take(into: &buffer) }
        touchscreen?.modify { $0.log.take(into: &buffer) }
    }

    /// Whether what other devices do changes what this one does: a touchpad's disable-while-typing
    /// and disable-while-trackpointing. The others ignore ``observeKey(_:isDown:onKeyboard:at:)``
    /// and ``observePointingStickMotion(onStick:at:)``, so they need not be told.
    public var observesOtherDevices: Bool { surface == .touchpad }

    /// A key of a keyboard (this device or another) went down or up: a touchpad that pairs with
    /// that keyboard ignores new touches and taps while it is typed on (disable-while-typing).
    ///
    /// - Parameters:
    ///   - code: the key.
    ///   - isDown: whether it went down (the kernel's autorepeat is not passed in).
    ///   - keyboard: the keyboard's identity, which decides whether it pairs with this touchpad.
    ///   - time: the key event's time.
    public mutating func observeKey(
        _ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp
    ) {
        guard surface == .touchpad, !isRemoved else { return }
        touchpad?.modify { $0.observeKey(code, isDown: isDown, onKeyboard: keyboard, at: time) }
        updateNextDeadline()
    }

    /// A pointing stick (another device) moved the pointer: a touchpad that pairs with it ignores
    /// the touches that land while it moves (disable-while-trackpointing).
    ///
    /// - Parameters:
    ///   - stick: the stick's identity, which decides whether it pairs with this touchpad.
    ///   - time: the motion's time.
    public mutating func observePointingStickMotion(onStick stick: DeviceIdentity, at time: Timestamp) {
        guard surface == .touchpad, !isRemoved else { return }
        touchpad?.modify { $0.observePointingStickMotion(onStick: stick, at: time) }
        updateNextDeadline()
    }

    /// The opposite vector, without negative zeros (an ended scroll's zero delta stays zero).
    private static func reversed(_ vector: Vector) -> Vector { Vector(x: 0 - vector.x, y: 0 - vector.y) }

    /// The vector times `factor`, without negative zeros.
    private static func scaled(_ vector: Vector, by factor: Double) -> Vector {
        Vector(x: 0 + vector.x * factor, y: 0 + vector.y * factor)
    }

    /// Turns the scrolls appended from `start` on: the custom scroll curve accelerates continuous
    /// scrolls, the scroll factor scales every scroll's deltas and velocities (not v120 counts,
    /// which stay notches), natural scrolling changes their sign; a continuous scroll's begin and
    /// end are followed so a setting waits for its end.
    ///
    /// Inlined where it is called: most frames append no scroll, and then this is a look at the
    /// tags of what they appended.
    @inline(__always)
    private mutating func finishScrolls(in output: inout [ClassifiedInput], from start: Int) {
        if let first = Self.firstScroll(in: output, from: start) { transformScrolls(in: &output, from: first) }
        if pendingNaturalScrolling != nil { applyNaturalScrollingIfAtRest() }
    }

    /// `finishScrolls`' work on the scrolls from `first` on.
    private mutating func transformScrolls(in output: inout [ClassifiedInput], from first: Int) {
        for index in first..<output.count {
            guard case .scroll(let source, var delta, let v120, let phase, let velocity) = output[index].event else {
                continue
            }
            if source == .continuous, let phase {
                isContinuousScrollOpen = phase != .ended
            }
            if source == .continuous, delta != .zero, var acceleration = scrollAcceleration {
                delta = acceleration.accelerate(delta, at: output[index].time.microseconds).delta
                scrollAcceleration = acceleration
                output[index].event = .scroll(
                    source: source, delta: delta, v120: v120, phase: phase, velocity: velocity)
            }
            guard isNaturalScrolling || scrollFactor != 1 else { continue }
            let sign: Double = isNaturalScrolling ? -1 : 1
            let factor = scrollFactor * sign
            output[index].event = .scroll(
                source: source, delta: Self.scaled(delta, by: factor),
                v120: isNaturalScrolling ? v120.map(Self.reversed) : v120, phase: phase,
                velocity: velocity.map { Self.scaled($0, by: factor) })
        }
    }

    /// The index of the first scroll from `start` on, or nil. Most frames append none: looking
    /// first reads the buffer, where changing it would check first that it is not shared.
    ///
    /// The inputs are looked at where they are, and only their tags: `output[index]` copied each
    /// whole input (88 bytes) out of the buffer first, a dozen instructions more per input.
    @inline(__always)
    private static func firstScroll(in output: [ClassifiedInput], from start: Int) -> Int? {
        guard start < output.count else { return nil }
        return output.withUnsafeBufferPointer { inputs in
            var index = start
            while index < inputs.count {
                if inputs[index].event.isScroll { return index }
                index += 1
            }
            return nil
        }
    }

    private static func hasKeyboardKeys(_ device: DeviceDescription) -> Bool {
        guard let keys = device.supportedCodes[.key] else { return false }
        return keys.contains { $0 > 0 && $0 < KeyCode.firstButton.rawValue }
    }

    /// The earliest time at which something happens without a new frame (a long press begins, a
    /// scroll stick's scroll ends), or nil.
    public private(set) var nextDeadline: Timestamp?

    /// Takes the deadline of the part that has deadlines (after every input, so that reading it
    /// costs a load). At most one of pointer, touchpad and touchscreen exists.
    private mutating func updateNextDeadline() {
        switch surface {
        case .none: nextDeadline = nil
        case .pointer: nextDeadline = pointer?.read { $0.pointee.nextDeadline } ?? nil
        case .touchpad: nextDeadline = touchpad?.read { $0.pointee.nextDeadline } ?? nil
        case .touchscreen: nextDeadline = touchscreen?.read { $0.pointee.nextDeadline } ?? nil
        }
    }

    private func stateNames() -> [(String, String)] {
        var names: [(String, String)] = []
        pointer?.read { $0.pointee.appendStateNames(to: &names) }
        touchpad?.read { $0.pointee.appendStateNames(to: &names) }
        touchscreen?.read { $0.pointee.appendStateNames(to: &names) }
        return names
    }

    /// Calls `body`, reporting every part whose state it changed to `transitionTrace`.
    private mutating func tracing(_ cause: String, at time: Timestamp, _ body: (inout Self) -> Void) {
        guard let trace = transitionTrace else { return body(&self) }
        let before = stateNames()
        body(&self)
        let after = stateNames()
        for ((machine, from), (_, to)) in zip(before, after) where from != to {
            trace("\(machine): \(from) → \(cause) at \(time) → \(to)")
        }
    }

    /// Fires every deadline up to and including `time`. Events carry their deadline's time, so
    /// the output does not depend on how often this is called.
    public mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        guard let deadline = nextDeadline, deadline <= time, !isRemoved else { return }
        let start = output.count
        defer { finishScrolls(in: &output, from: start) }
        tracing("deadline", at: deadline) { translator in
            translator.pointer?.modify { $0.advance(to: time, into: &output) }
            translator.touchpad?.modify { $0.advance(to: time, into: &output) }
            translator.touchscreen?.modify { $0.advance(to: time, into: &output) }
        }
        updateNextDeadline()
    }

    /// Classifies one frame (the events up to a `SYN_REPORT`), first firing any deadline that
    /// falls before it.
    ///
    /// - Parameters:
    ///   - frame: the frame; events after a `SYN_REPORT` inside it start a new frame.
    ///   - time: the frame's time.
    ///   - output: where classified input is appended.
    public mutating func process(_ frame: EventFrame, at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard !isRemoved else { return }
        advance(to: time, into: &output)
        let start = output.count
        // The last event's value first: it rules out nearly every frame with one comparison.
        let isRelease = frame.events.last?.value == KeyEventValue.syntheticReport && Self.isKernelRelease(frame.events)
        if isTracing {
            tracing(isRelease ? "kernel release" : "frame", at: time) { translator in
                translator.handle(frame, isKernelRelease: isRelease, at: time, into: &output)
            }
        } else {
            handle(frame, isKernelRelease: isRelease, at: time, into: &output)
        }
        updateNextDeadline()
        // Called here rather than deferred: a deferred call is a closure of its own.
        finishScrolls(in: &output, from: start)
    }

    private mutating func handle(
        _ frame: EventFrame, isKernelRelease: Bool, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        if isKernelRelease {
            releaseEverything(at: time, into: &output)
        } else {
            processEvents(of: frame, at: time, into: &output)
        }
    }

    /// Whether the kernel itself wrote this frame to release what was held: it does so when a
    /// device is disconnected or reset, in a frame of releases whose `SYN_REPORT` has the value 1
    /// (the kernel's mark for events it made up; its autorepeat frames carry the same mark but
    /// only repeats, never releases). A person did not let go, so a begun gesture is cancelled
    /// rather than ended:
    ///
    /// ```
    /// P---drag---(unplug) kernel: BTN_LEFT 0, SYN_REPORT 1   →  drag cancelled, button up
    /// ```
    static func isKernelRelease(_ events: [InputEvent]) -> Bool {
        guard let last = events.last, last.value == KeyEventValue.syntheticReport, last.isReport else {
            return false
        }
        var releases = false
        for event in events.dropLast() {
            switch event.type {
            case .key where event.value == KeyEventValue.released: releases = true
            case .synchronization, .miscellaneous: continue
            default: return false
            }
        }
        return releases
    }

    /// Cancels begun gestures, ends a continuous scroll and releases every held key and button,
    /// as removal does, while the device stays.
    private mutating func releaseEverything(at time: Timestamp, into output: inout [ClassifiedInput]) {
        pointer?.modify { $0.removeDevice(at: time, into: &output) }
        touchpad?.modify { $0.removeDevice(at: time, into: &output) }
        touchscreen?.modify { $0.removeDevice(at: time, into: &output) }
        keyboard?.modify { $0.releaseAll(at: time, into: &output) }
    }

    private mutating func processEvents(of frame: EventFrame, at time: Timestamp, into output: inout [ClassifiedInput])
    {
        switch surface {
        case .none:
            var none = NoPointingPart()
            none.classify(frame.events, keyboard: &keyboard, codes: codes, at: time, into: &output)
        case .pointer:
            pointer?.modify { $0.classify(frame.events, keyboard: &keyboard, codes: codes, at: time, into: &output) }
        case .touchpad:
            touchpad?.modify { $0.classify(frame.events, keyboard: &keyboard, codes: codes, at: time, into: &output) }
        case .touchscreen:
            touchscreen?.modify {
                $0.classify(frame.events, keyboard: &keyboard, codes: codes, at: time, into: &output)
            }
        }
    }

    /// The device went away: deadlines up to `time` fire, begun gestures are cancelled, a
    /// continuous scroll ends, and every held key and button is released. Later frames are
    /// ignored.
    public mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard !isRemoved else { return }
        advance(to: time, into: &output)
        let start = output.count
        releaseEverything(at: time, into: &output)
        finishScrolls(in: &output, from: start)
        isRemoved = true
        nextDeadline = nil
    }
}

extension ClassifiedEvent {
    /// Whether this is a scroll: a look at the tag alone.
    fileprivate var isScroll: Bool {
        if case .scroll = self { return true }
        return false
    }
}
