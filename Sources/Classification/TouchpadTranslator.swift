import DeviceProfiles
import EventModel
import Geometry
import InputEvents

/// A person's touchpad settings, resolved against the device and its profile.
///
/// Settings change only at rest (no finger on the pad, no button held), so that a sequence that
/// began under one setting is judged under it to the end.
struct TouchpadSettings: Hashable, Sendable {
    /// Whether taps click.
    var tapToClick: Bool
    /// How a clickpad chooses the logical button of a press.
    var clickMethod: ClickMethod
    /// Which logical buttons presses, areas, finger counts and taps stand for.
    var mapping: ButtonMapping

    /// Resolves a person's options for a device: taps click by default only on pads without a
    /// physical button; the click method comes from the options, else the profile, else button
    /// areas.
    init(options: ClassifierOptions, device: DeviceDescription, profile: DeviceProfile) {
        tapToClick = options.tapToClick ?? !device.supports(.leftButton)
        clickMethod = options.clickMethod ?? profile.clickMethod ?? .buttonAreas
        mapping = ButtonMapping(leftHanded: options.leftHanded)
    }
}

/// Classifies a touchpad or clickpad: one-finger pointer motion, two-finger continuous scroll,
/// clicks (physical buttons, software button areas or finger counting), taps, and long press
/// and drag while a button is held.
///
/// The translator composes one machine per concern and carries out their actions; the machines do
/// not know of each other:
///
/// | part | decides | file |
/// | --- | --- | --- |
/// | `TouchContacts` | where the contacts are, for every kernel protocol | TouchContacts.swift |
/// | `PalmDetector` | which contacts are palms | PalmDetector.swift |
/// | `TouchpadFingers` | how many fingers are down, and which | TouchpadFingers.swift |
/// | `TouchpadButtons`, `ClickpadButtonChoice` | which logical button a press is | TouchpadButtons.swift |
/// | `TouchpadTap` | whether a touch sequence was a tap | TouchpadTap.swift |
/// | `TouchpadGesture`, `ScrollMotion` | pointer motion and two-finger scroll | TouchpadGesture.swift |
/// | `TouchpadGestureRecognition`, `PinchSwipeDecision` | scroll, pinch, swipe or hold | TouchpadGestureRecognition.swift |
/// | `PressGesture` | long press and drag while the primary button is held | PressGesture.swift |
///
/// Each frame: the contacts are completed, palms judged and fingers counted; then the frame's
/// button events are handled (a press ends a scroll and gestures and kills a tap); then the tap
/// and the gestures see the new finger count. `TouchpadGestureRecognition` decides what two or
/// more fingers do and reports pinches, swipes and holds; a scroll it hands to
/// `TouchpadGesture`. Where these rules come from is documented on each machine.
///
/// - **Clicks**: on a pad with separate buttons, a button is what its code says, with trigger
///   `button`. A clickpad has one switch under its surface: its press becomes primary, secondary
///   or middle by button area or finger count (the click method), decided at the press and kept
///   until the release, whatever code the firmware reports it with. Cypress clickpads report a
///   two-finger press as `BTN_RIGHT`; libinput drops that event on a clickpad and reports no
///   click at all, while a person pressing with two fingers expects a secondary click, which
///   clickfinger (their profile's click method) gives.
/// - **Taps** report at once at the lift; there is no tap-and-drag yet.
struct TouchpadTranslator: PointingPart {
    private let isClickpad: Bool
    private var settings: TouchpadSettings
    private var pendingSettings: TouchpadSettings?
    private var choice: ClickpadButtonChoice

    private var contacts: TouchContacts
    private var palms: PalmDetector
    private var fingers = TouchpadFingers.none
    private var buttons = TouchpadButtons()
    private var tap: TouchpadTap
    private var gesture: TouchpadGesture
    private var recognition: TouchpadGestureRecognition
    private var press: PressGesture

    init(
        device: DeviceDescription, profile: DeviceProfile, options: ClassifierOptions,
        thresholds: ClassificationThresholds
    ) {
        isClickpad = device.has(.buttonPad)
        let settings = TouchpadSettings(options: options, device: device, profile: profile)
        self.settings = settings
        let fallback =
            profile.size
            ?? PhysicalSize(width: thresholds.fallbackTouchpadWidth, height: thresholds.fallbackTouchpadHeight)
        let geometry = SurfaceGeometry(device: device, fallbackSize: fallback)
        let size = geometry.size
        choice = ClickpadButtonChoice(method: settings.clickMethod, size: size, thresholds: thresholds)
        contacts = TouchContacts(device: device, geometry: geometry)
        let slotCount = contacts.contacts.count
        palms = PalmDetector(
            device: device, profile: profile, size: size, slotCount: slotCount, thresholds: thresholds)
        tap = TouchpadTap(isSemiMultitouch: device.has(.semiMultitouch), thresholds: thresholds)
        gesture = TouchpadGesture(thresholds: thresholds)
        recognition = TouchpadGestureRecognition(
            slotCount: slotCount,
            followsFingers: contacts.contactProtocol == .slots && !device.has(.semiMultitouch),
            thresholds: thresholds)
        let pressMovement = thresholds.touchpadPressMovement * thresholds.pointerPointsPerMillimetre
        press = PressGesture(
            mode: .pointer,
            longPressDuration: thresholds.longPressDuration,
            allowableMovement: pressMovement,
            dragThreshold: pressMovement
        )
    }

    /// When the long press or a hold begins if the fingers stay still, or a gesture whose finger
    /// count changed is cancelled (updated after every input).
    private(set) var nextDeadline: Timestamp?

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("touchpad gesture", gesture.stateName))
        names.append(("touchpad gestures", recognition.stateName))
        names.append(("touchpad tap", tap.stateName))
        names.append(("touchpad press", press.stateName))
    }

    /// Asks for new settings; they apply once the pad is at rest.
    mutating func request(_ settings: TouchpadSettings) {
        pendingSettings = settings
        applySettingsIfAtRest()
    }

    private mutating func applySettingsIfAtRest() {
        let isAtRest =
            fingers.count == 0 && !buttons.isAnyHeld && tap.isIdle && gesture.isIdle && recognition.isIdle
            && !press.isPressed
        guard let pending = pendingSettings, isAtRest else { return }
        pendingSettings = nil
        settings = pending
        choice.method = pending.clickMethod
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        press.advance(to: time, into: &output)
        recognition.advance(to: time, into: &output)
        updateNextDeadline()
    }

    private mutating func updateNextDeadline() {
        nextDeadline = .earliest(press.nextDeadline, recognition.nextDeadline)
    }

    /// A frame starts: positions become previous positions.
    mutating func beginFrame() {
        contacts.beginFrame()
    }

    /// Gathers a button event for the end of the frame, or follows a tool key.
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    {
        if code.rawValue >= contacts.codes.leftButton, code.rawValue <= contacts.codes.taskButton {
            buttons.gather(code, value: value)
        } else {
            contacts.handleKey(code, value: value)
        }
    }

    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        contacts.handleAbsolute(axis, value: value, at: time)
    }

    mutating func handleRelative(_ axis: RelativeAxis, value: Int32) {}

    mutating func handleContactReport() {
        contacts.handleContactReport()
    }

    // MARK: Frames

    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {
        contacts.endFrame(at: time)
        palms.update(contacts.contacts, live: contacts.live, at: time)
        let previousCount = fingers.count
        fingers = countFingers()

        if buttons.pendingCount > 0 {
            for index in 0..<buttons.pendingCount {
                let (code, value) = buttons.pendingEvent(index)
                handleGatheredButton(code, value: value, at: time, into: &output)
            }
            buttons.clearPending()
            // A press or release changes which contacts count (the thumb pressing in the strip).
            fingers = countFingers()
        }

        if settings.tapToClick {
            let liftDistance = tap.measuresLifts ? largestLiftDistance() : 0
            let action = tap.frame(
                fingers: fingers.count, previous: previousCount, liftDistance: liftDistance,
                isButtonHeld: buttons.isAnyHeld, at: time)
            if let action { perform(action, at: time, into: &output) }
        }

        if fingers.count != previousCount {
            if let action = gesture.fingersChanged(to: fingers, at: time) { perform(action, at: time, into: &output) }
            recognition.fingersChanged(
                to: fingers, contacts: contacts.contacts, isButtonHeld: buttons.isAnyHeld, at: time, into: &output)
        } else {
            // What the fingers do is decided before they move the pointer or scroll: a scroll
            // that becomes a pinch ends before this frame would scroll it.
            let recognised = recognition.frame(
                fingers: fingers, contacts: contacts.contacts, changed: contacts.changed,
                isButtonHeld: buttons.isAnyHeld, at: time, into: &output)
            let action: TouchpadGesture.Action?
            switch recognised {
            case .beginScroll(let average)?:
                action = gesture.beginScroll(fingers: fingers, contacts: contacts.contacts, average: average, at: time)
            case .endScroll(let began)?:
                if let ended = gesture.endScroll(at: time) { perform(ended, at: time, into: &output) }
                output.append(ClassifiedInput(time: time, event: .gesture(began)))
                action = nil
            case nil:
                action = gesture.frame(fingers: fingers, contacts: contacts.contacts, at: time)
            }
            if let action { perform(action, at: time, into: &output) }
        }

        if pendingSettings != nil { applySettingsIfAtRest() }
        updateNextDeadline()
    }

    // The helpers below are `mutating` although they change nothing: called from a mutating
    // method, a non-mutating method of a struct this large gets a copy of it.

    private mutating func countFingers() -> TouchpadFingers {
        let thumbsPress = isClickpad && buttons.isAnyHeld
        return TouchpadFingers(
            contacts: contacts.contacts, active: contacts.active, toolFingerCount: contacts.toolFingerCount,
            keysOverruleContacts: !contacts.reportsContactPressure
        ) { slot in
            !palms.isPalm(slot) && !(thumbsPress && choice.isInButtonStrip(contacts.contacts[slot]))
        }
    }

    /// The largest distance between landing and lift of a finger that lifted in this frame.
    private mutating func largestLiftDistance() -> Double {
        var largest = 0.0
        for slot in contacts.changed where contacts.contacts[slot].didEnd && !palms.isPalm(slot) {
            let contact = contacts.contacts[slot]
            largest = max(largest, (contact.position - contact.origin).length)
        }
        return largest
    }

    // MARK: Buttons

    private mutating func handleGatheredButton(
        _ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        let action: TouchpadButtons.Action?
        if value != KeyEventValue.released {
            guard !buttons.isHeld(code) else { return }
            let decision: TouchpadButtons.Decision
            if isClickpad, TouchpadButtons.isClickpadSwitch(code) {
                // The click method decides, whatever code the firmware reported the switch with.
                guard !buttons.isClickpadSwitchHeld else {
                    buttons.merge(code)
                    return
                }
                decision = choice.decision(contacts: contacts.contacts, fingers: fingers, mapping: settings.mapping)
            } else {
                decision = TouchpadButtons.Decision(button: settings.mapping.button(for: code), trigger: .button)
            }
            action = buttons.press(code, as: decision)
        } else {
            action = buttons.release(code)
        }
        if let action { perform(action, at: time, into: &output) }
    }

    private mutating func perform(
        _ action: TouchpadButtons.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .pressed(let decision, let code):
            if let ended = gesture.buttonPressed(at: time) { perform(ended, at: time, into: &output) }
            recognition.buttonPressed(at: time, into: &output)
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .down, trigger: decision.trigger, code: code))
            )
            tap.buttonPressed()
            if decision.button == .primary { press.press(at: time) }
        case .released(let decision, let code):
            if decision.button == .primary { press.release(at: time, into: &output) }
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .up, trigger: decision.trigger, code: code))
            )
        }
    }

    // MARK: Taps, motion and scroll

    private mutating func perform(
        _ action: TouchpadTap.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .tapped(let count):
            recognition.tapped(at: time, into: &output)
            output.append(
                ClassifiedInput(time: time, event: .tap(fingers: count, touchType: .indirectPointer, position: nil)))
            guard let button = settings.mapping.tapButton(fingers: count) else { return }
            output.append(ClassifiedInput(time: time, event: .button(button, state: .down, trigger: .tap, code: nil)))
            output.append(ClassifiedInput(time: time, event: .button(button, state: .up, trigger: .tap, code: nil)))
        }
    }

    private mutating func perform(
        _ action: TouchpadGesture.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .motion(let delta):
            output.append(ClassifiedInput(time: time, event: .motion(delta: delta)))
            press.move(by: delta, at: time, into: &output)
        case .scroll(let delta, let phase):
            output.append(ClassifiedInput(time: time, event: .continuousScroll(delta, phase: phase)))
        case .scrollEnded(let velocity):
            output.append(ClassifiedInput(time: time, event: .continuousScrollEnded(velocity: velocity)))
        }
    }

    // MARK: Removal

    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if let ended = gesture.reset(at: time) { perform(ended, at: time, into: &output) }
        recognition.reset(at: time, into: &output)
        press.cancel(at: time, into: &output)
        while let action = buttons.releaseFirst() { perform(action, at: time, into: &output) }
        buttons.clearPending()
        contacts.reset()
        palms.reset()
        tap.reset()
        fingers = .none
        applySettingsIfAtRest()
        updateNextDeadline()
    }
}
