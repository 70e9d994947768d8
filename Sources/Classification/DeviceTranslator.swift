public import DeviceProfiles
public import EventModel
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
///     output.removeAll(keepingCapacity: true)
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

    /// Creates a translator for a device.
    ///
    /// - Parameters:
    ///   - device: the device's description.
    ///   - kind: the device's kind; `nil` uses `device.kind`.
    ///   - options: a person's choices (tap-to-click, click method, handedness, keyboard layout).
    ///   - thresholds: the thresholds; the defaults follow libinput, GTK and UIKit.
    /// - Throws: `ClassificationError.keymapUnavailable` when the device has keys and xkbcommon
    ///   cannot compile the layout although it compiles its default one. When it compiles nothing
    ///   (no keymap data), the keys are classified by code and `diagnostic` says so.
    public init(
        device: DeviceDescription,
        kind: DeviceKind? = nil,
        options: ClassifierOptions = ClassifierOptions(),
        thresholds: ClassificationThresholds = .default
    ) throws(ClassificationError) {
        try self.init(device: device, kind: kind, options: options, thresholds: thresholds, xkbIncludePaths: nil)
    }

    /// The designated initialiser, with explicit xkbcommon include paths (nil: xkbcommon's
    /// defaults).
    init(
        device: DeviceDescription,
        kind: DeviceKind?,
        options: ClassifierOptions,
        thresholds: ClassificationThresholds,
        xkbIncludePaths: [String]?
    ) throws(ClassificationError) {
        self.device = device
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
                TouchpadTranslator(device: device, profile: profile, options: options, thresholds: thresholds))
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
                PointerTranslator(device: device, profile: profile, options: options, thresholds: thresholds))
        }
        surface =
            touchpad != nil ? .touchpad : touchscreen != nil ? .touchscreen : pointer != nil ? .pointer : .none
    }

    /// Asks for new touchpad settings (tap-to-click, click method, handedness). They apply once
    /// the pad is at rest (no finger down, no button held), so that a touch sequence is judged to
    /// its end under the settings it began with.
    mutating func request(_ options: ClassifierOptions) {
        let settings = TouchpadSettings(options: options, device: device, profile: profile)
        touchpad?.modify { $0.request(settings) }
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
        releaseEverything(at: time, into: &output)
        isRemoved = true
        nextDeadline = nil
    }
}
