import DeviceProfiles
import EventModel
import Geometry
import InputEvents

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
/// | `TapAndDrag` | what a tap's button does after the tap (tap-and-drag, drag lock) | TapAndDrag.swift |
/// | `MiddleButtonEmulation` | left and right buttons together as middle (pads with buttons) | MiddleButtonEmulation.swift |
/// | `DisableWhileTyping` | which touches and taps typing on a paired keyboard disables | DisableWhileTyping.swift |
/// | `DisableWhileTrackpointing` | which touches a paired pointing stick's motion disables | DisableWhileTrackpointing.swift |
/// | `EdgeScroll` | one-finger scrolling along the right and bottom edges | EdgeScroll.swift |
/// | `ThreeFingerDrag` | three or four fingers dragging with the primary button held | ThreeFingerDrag.swift |
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
/// - **Taps** report at the lift; with tap-and-drag the button stays down for the drag timeout.
/// - **Three-finger drag** (when on): the swipe of its finger count presses the primary button
///   (trigger `threeFingerDrag`) and the fingers' average movement moves the pointer, accelerated
///   as one finger's, until the release timeout after they lift, a tap, a click or the device's
///   removal releases it. While it holds the fingers, the other gestures and the one-finger
///   pointer wait; they start afresh from the fingers then down.
/// - **Arbitration**: a physical press ends tap-and-drag, an edge scroll, a two-finger scroll and
///   every multi-finger gesture; a finger held by edge scrolling moves no pointer; touches that
///   land while typing are not fingers (as palms are not).
struct TouchpadTranslator: PointingPart {
    private let isClickpad: Bool
    private var settings: TouchpadSettings
    private var pendingSettings: TouchpadSettings?
    private var choice: ClickpadButtonChoice

    private var contacts: TouchContacts
    private var palms: PalmDetector
    private var fingers = TouchpadFingers.none
    /// The touches that landed while typing or trackpointing when `fingers` was counted.
    private var countedTypingTouches = SlotSet()
    /// Whether `fingers` depends on where the contacts are (fingers the tool keys report beyond
    /// the tracked contacts are judged as the topmost contact is), so that moving contacts may
    /// change it.
    private var fingersFollowPositions = false
    /// Whether `fingers` must be counted afresh whatever the frame reports (after the device's
    /// removal).
    private var fingersAreStale = false
    private var buttons = TouchpadButtons()
    private var tap: TouchpadTap
    private var gesture: TouchpadGesture
    private var accelerator: PointerAccelerator
    /// The bus type of Bluetooth devices (`BUS_BLUETOOTH` in `linux/input.h`).
    private static let bluetoothBus: UInt16 = 0x05
    private var recognition: TouchpadGestureRecognition
    private var press: PressGesture
    private var tapDrag: TapAndDrag
    private var middle: MiddleButtonEmulation
    private var typing: DisableWhileTyping
    private var trackpointing: DisableWhileTrackpointing
    private var edgeScroll: EdgeScroll
    private var threeFingerDrag: ThreeFingerDrag
    /// Whether a three-finger drag ended in this frame: the gestures start again from the fingers
    /// down, as when their count changes.
    private var restartsGestures = false
    /// Whether the touch sequence under way had a touch that landed while typing (it never taps).
    private var sequenceHadTypingTouch = false
    /// Whether a physical button was pressed since the pad was last free of contacts: a finger
    /// that stopped counting during the press (resting in the button strip) and counts again
    /// after the release is the click's, and its lift is no tap.
    private var sequenceHadClick = false
    /// Whether the touch sequence under way had a touch that landed while a paired stick moved
    /// (it never taps).
    private var sequenceHadTrackpointingTouch = false
    private let identity: DeviceIdentity
    private let size: PhysicalSize
    private let thresholds: ClassificationThresholds
    /// The decisions recorded while explaining.
    var log = DecisionLog()

    init(
        device: DeviceDescription, profile: DeviceProfile, settings deviceSettings: DeviceSettings,
        thresholds: ClassificationThresholds
    ) {
        isClickpad = device.has(.buttonPad)
        identity = device.identity
        self.thresholds = thresholds
        let settings = TouchpadSettings(settings: deviceSettings, device: device, profile: profile)
        self.settings = settings
        let fallback =
            profile.size
            ?? PhysicalSize(width: thresholds.fallbackTouchpadWidth, height: thresholds.fallbackTouchpadHeight)
        let geometry = SurfaceGeometry(device: device, fallbackSize: fallback)
        let size = geometry.size
        self.size = size
        choice = Self.makeChoice(settings, size: size, thresholds: thresholds)
        contacts = TouchContacts(device: device, geometry: geometry)
        let slotCount = contacts.contacts.count
        palms = PalmDetector(
            device: device, profile: profile, size: size, slotCount: slotCount, thresholds: thresholds)
        tap = TouchpadTap(isSemiMultitouch: device.has(.semiMultitouch), thresholds: thresholds)
        gesture = TouchpadGesture(thresholds: thresholds)
        accelerator = PointerAccelerator(
            source: .touchpad(
                unitsPerMillimetre: geometry.unitsPerMillimetreX,
                pointsPerMillimetre: thresholds.pointerPointsPerMillimetre,
                isBluetooth: device.identity.busType == Self.bluetoothBus),
            profile: deviceSettings.accelerationProfile, speed: deviceSettings.accelerationSpeed,
            curves: deviceSettings.customAcceleration)
        recognition = TouchpadGestureRecognition(
            slotCount: slotCount,
            followsFingers: contacts.contactProtocol == .slots && !device.has(.semiMultitouch),
            detectsThumbs: isClickpad && size.height >= thresholds.thumbDetectionMinimumPadHeight,
            thresholds: thresholds)
        recognition.scrollsWithTwoFingers = settings.scrollMethod == .twoFingers
        recognition.dragFingerCount = settings.threeFingerDragFingers
        threeFingerDrag = ThreeFingerDrag(fingerCount: settings.threeFingerDragFingers, thresholds: thresholds)
        tapDrag = TapAndDrag(configuration: settings.tapAndDrag, thresholds: thresholds)
        middle = MiddleButtonEmulation(thresholds: thresholds)
        trackpointing = DisableWhileTrackpointing(
            isEnabled: settings.disableWhileTrackpointing, slotCount: slotCount)
        typing = DisableWhileTyping(
            isEnabled: settings.disableWhileTyping, slotCount: slotCount, thresholds: thresholds)
        edgeScroll = EdgeScroll(
            isEnabled: settings.scrollMethod == .edge, size: size, isClickpad: isClickpad, thresholds: thresholds)
        let pressMovement = thresholds.touchpadPressMovement * thresholds.pointerPointsPerMillimetre
        press = PressGesture(
            mode: .pointer,
            longPressDuration: thresholds.longPressDuration,
            allowableMovement: pressMovement,
            dragThreshold: pressMovement
        )
    }

    /// The earliest of the parts' deadlines: a long press, a tap's held button, a touch after a
    /// tap, a held-back button, the end of typing, a finger resting in a scroll edge, a hold
    /// beginning, a gesture whose finger count changed being cancelled or a three-finger drag's
    /// release (updated after every input).
    private(set) var nextDeadline: Timestamp?

    private mutating func updateNextDeadline() {
        // One machine after the other (see `Timestamp.earliest`).
        var earliest = press.nextDeadline
        earliest = .earliest(earliest, tapDrag.nextDeadline)
        earliest = .earliest(earliest, recognition.nextDeadline)
        earliest = .earliest(earliest, middle.nextDeadline)
        earliest = .earliest(earliest, typing.nextDeadline)
        earliest = .earliest(earliest, edgeScroll.nextDeadline)
        earliest = .earliest(earliest, trackpointing.nextDeadline)
        earliest = .earliest(earliest, threeFingerDrag.nextDeadline)
        nextDeadline = earliest
    }

    /// Builds the clickpad's button choice: with middle-button emulation the strip has a left and
    /// a right half and no middle area.
    private static func makeChoice(
        _ settings: TouchpadSettings, size: PhysicalSize, thresholds: ClassificationThresholds
    ) -> ClickpadButtonChoice {
        var areas = thresholds
        if settings.middleButtonEmulation {
            areas.middleAreaStart = 0.5
            areas.secondaryAreaStart = 0.5
        }
        return ClickpadButtonChoice(method: settings.clickMethod, size: size, thresholds: areas)
    }

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("touchpad gesture", gesture.stateName))
        names.append(("touchpad gestures", recognition.stateName))
        names.append(("touchpad tap", tap.stateName))
        names.append(("touchpad press", press.stateName))
        names.append(("tap-and-drag", tapDrag.stateName))
        names.append(("middle-button emulation", middle.stateName))
        names.append(("disable-while-typing", typing.stateName))
        names.append(("disable-while-trackpointing", trackpointing.stateName))
        names.append(("edge scroll", edgeScroll.stateName))
        names.append(("three-finger drag", threeFingerDrag.stateName))
    }

    /// Asks for new settings; they apply once the pad is at rest.
    mutating func request(_ settings: TouchpadSettings) {
        pendingSettings = settings
        applySettingsIfAtRest()
    }

    private mutating func applySettingsIfAtRest() {
        let isAtRest =
            fingers.count == 0 && !buttons.isAnyHeld && tap.isIdle && gesture.isIdle && recognition.isIdle
            && !press.isPressed && tapDrag.isIdle && edgeScroll.isIdle && middle.nextDeadline == nil
            && !middle.isMiddleDown && threeFingerDrag.isIdle
        guard let pending = pendingSettings, isAtRest else { return }
        pendingSettings = nil
        settings = pending
        choice = Self.makeChoice(pending, size: size, thresholds: thresholds)
        tapDrag.configuration = pending.tapAndDrag
        typing.isEnabled = pending.disableWhileTyping
        trackpointing.isEnabled = pending.disableWhileTrackpointing
        edgeScroll.isEnabled = pending.scrollMethod == .edge
        recognition.scrollsWithTwoFingers = pending.scrollMethod == .twoFingers
        recognition.dragFingerCount = pending.threeFingerDragFingers
        threeFingerDrag.fingerCount = pending.threeFingerDragFingers
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        // Fire in deadline order so the output is the same whatever the batching.
        while let deadline = nextDeadline, deadline <= time {
            if press.nextDeadline == deadline {
                press.advance(to: deadline, into: &output)
            } else if recognition.nextDeadline == deadline {
                recognition.advance(to: deadline, into: &output)
            } else if tapDrag.nextDeadline == deadline {
                if let action = tapDrag.advance(to: deadline) { perform(action, at: deadline, into: &output) }
            } else if middle.nextDeadline == deadline {
                if let action = middle.advance(to: deadline) { perform(action, at: deadline, into: &output) }
            } else if typing.nextDeadline == deadline {
                if case .ended(let released)? = typing.advance(to: deadline), released.count > 0 {
                    // The touches count from now on: the gesture starts again from where they are.
                    releaseTypingTouches(at: deadline, into: &output)
                }
            } else if threeFingerDrag.nextDeadline == deadline {
                if let action = threeFingerDrag.advance(to: deadline) { perform(action, at: deadline, into: &output) }
                // The fingers down (landing again, not yet the drag's count) start afresh.
                fingersChanged(at: deadline, into: &output)
            } else if trackpointing.nextDeadline == deadline {
                if case .ended(let released)? = trackpointing.advance(to: deadline), released.count > 0 {
                    releaseTypingTouches(at: deadline, into: &output)
                }
            } else if let action = edgeScroll.advance(to: deadline) {
                perform(action, at: deadline, into: &output)
            }
            updateNextDeadline()
        }
    }

    /// A key of a keyboard went down or up: typing on a paired keyboard disables the pad.
    mutating func observeKey(_ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp) {
        guard DisableWhileTyping.pairs(touchpad: identity, keyboard: keyboard) else { return }
        typing.key(code, isDown: isDown, at: time)
        updateNextDeadline()
    }

    /// A pointing stick moved the pointer: a paired stick's motion disables the pad.
    mutating func observePointingStickMotion(onStick stick: DeviceIdentity, at time: Timestamp) {
        guard DisableWhileTrackpointing.pairs(touchpad: identity, stick: stick) else { return }
        trackpointing.stickMoved(at: time)
        updateNextDeadline()
    }

    /// Touches that landed while typing or trackpointing count again: the finger count changes.
    private mutating func releaseTypingTouches(at time: Timestamp, into output: inout [ClassifiedInput]) {
        let previousCount = fingers.count
        recountFingers()
        guard fingers.count != previousCount else { return }
        // Taps are followed whatever tap-to-click says: they are reported either way.
        if let action = tap.frame(
            fingers: fingers.count, previous: previousCount, liftDistance: 0,
            isButtonHeld: buttons.isAnyHeld || sequenceHadClick, at: time)
        {
            perform(action, at: time, into: &output)
        }
        fingersChanged(at: time, into: &output)
    }

    /// The finger count changed: a scroll ends, and the gestures start again from the fingers
    /// now down; during a three-finger drag, only the drag hears of it.
    private mutating func fingersChanged(at time: Timestamp, into output: inout [ClassifiedInput]) {
        restartsGestures = false
        // The pointer's speed is measured afresh from the change (libinput restarts its filter
        // when touches begin).
        accelerator.restart(at: time)
        guard threeFingerDrag.isIdle else {
            let wasWaiting = threeFingerDrag.nextDeadline != nil
            threeFingerDrag.fingersChanged(to: fingers.count, at: time)
            if !wasWaiting, threeFingerDrag.nextDeadline != nil {
                log.record(
                    .threeFingerDragWaiting(
                        milliseconds: thresholds.threeFingerDragReleaseTimeout.flooredMicroseconds / 1000),
                    at: time)
            }
            return
        }
        if let action = gesture.fingersChanged(to: fingers, at: time) { perform(action, at: time, into: &output) }
        recognition.fingersChanged(
            to: fingers, contacts: contacts.contacts, isButtonHeld: buttons.isAnyHeld, at: time, into: &output,
            log: &log)
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

    /// Inlined into the frame loop: most of a touch surface's events are absolute axes.
    @inline(__always)
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
        if palms.update(contacts.contacts, restated: contacts.restatedSlots, live: contacts.live, at: time) {
            tap.fingerBecamePalm()
        }
        if typing.isTyping || typing.ignoredSlots.count > 0 { followTypingTouches(at: time) }
        if trackpointing.isActive || trackpointing.ignoredSlots.count > 0 { followTrackpointingTouches(at: time) }
        let previousCount = fingers.count
        // The same fingers that only moved are the same fingers: most frames count nothing.
        if fingersMayHaveChanged() { recountFingers() }

        if buttons.pendingCount > 0 {
            for index in 0..<buttons.pendingCount {
                let (code, value) = buttons.pendingEvent(index)
                handleGatheredButton(code, value: value, at: time, into: &output)
            }
            buttons.clearPending()
            // A press or release changes which contacts count (the thumb pressing in the strip).
            recountFingers()
        }

        // Taps are followed whatever tap-to-click says: they are reported either way.
        // Only a frame in which a contact lifted has a lift to measure.
        let liftDistance = !contacts.changed.isEmpty && tap.measuresLifts ? largestLiftDistance() : 0
        if !tap.isUnchanged(fingers: fingers.count, previous: previousCount, liftDistance: liftDistance),
            let action = tap.frame(
                fingers: fingers.count, previous: previousCount, liftDistance: liftDistance,
                isButtonHeld: buttons.isAnyHeld || sequenceHadClick, at: time)
        {
            perform(action, at: time, into: &output)
        }
        if contacts.activeCount == 0 {
            sequenceHadClick = false
            sequenceHadTypingTouch = false
            sequenceHadTrackpointingTouch = false
        }
        if !tapDrag.isIdle {
            if fingers.count != previousCount,
                let action = tapDrag.fingersChanged(to: fingers.count, from: previousCount, at: time)
            {
                perform(action, at: time, into: &output)
            }
        }
        if settings.scrollMethod == .edge,
            let action = edgeScroll.frame(active: touchesNotTyping(), contacts: contacts.contacts, at: time)
        {
            perform(action, at: time, into: &output)
        }

        // A finger whose position arrives after its landing starts the gestures afresh, as a
        // landing does: their movements are measured from where the fingers are.
        if fingers.count != previousCount || contacts.arrivedPositions.count > 0 || restartsGestures {
            fingersChanged(at: time, into: &output)
        } else if !threeFingerDrag.isIdle {
            if let action = threeFingerDrag.frame(fingers: fingers.count, average: averageMovement()) {
                perform(action, at: time, into: &output)
            }
        } else {
            // What the fingers do is decided before they move the pointer or scroll: a scroll
            // that becomes a pinch ends before this frame would scroll it.
            let recognised =
                recognition.ignoresFrames
                ? nil
                : recognition.frame(
                    fingers: fingers, contacts: contacts.contacts, changed: contacts.changed,
                    isButtonHeld: buttons.isAnyHeld, at: time, into: &output, log: &log)
            let action: TouchpadGesture.Action?
            switch recognised {
            case .beginScroll(let average)?:
                action = gesture.beginScroll(fingers: fingers, contacts: contacts.contacts, average: average, at: time)
            case .endScroll(let began)?:
                if let ended = gesture.endScroll(at: time) { perform(ended, at: time, into: &output) }
                output.append(ClassifiedInput(time: time, event: .gesture(began)))
                action = nil
            case .beginDrag(let count)?:
                if let action = threeFingerDrag.fingersSwiped(count, at: time) {
                    perform(action, at: time, into: &output)
                }
                action = nil
            case .ignoreThumb(let slot)?:
                // A resting thumb counts no more: the fingers left start afresh from the next frame.
                palms.ignoreThumb(in: slot)
                log.record(.restingThumbIgnored, at: time)
                recountFingers()
                fingersChanged(at: time, into: &output)
                action = nil
            case nil:
                action = gesture.frame(fingers: fingers, contacts: contacts.contacts, at: time)
            }
            if let action { perform(action, at: time, into: &output) }
        }

        if pendingSettings != nil { applySettingsIfAtRest() }
        updateNextDeadline()
    }

    /// The tracked contacts but those that landed while typing.
    private mutating func touchesNotTyping() -> SlotSet {
        var touches = contacts.active
        for slot in typing.ignoredSlots { touches.remove(slot) }
        for slot in trackpointing.ignoredSlots { touches.remove(slot) }
        return touches
    }

    /// Marks the touches that land while a paired stick moves (they are not fingers until they
    /// lift or the stick rests) and forgets those that lifted.
    private mutating func followTrackpointingTouches(at time: Timestamp) {
        for slot in contacts.changed {
            let contact = contacts.contacts[slot]
            if contact.isNew, contact.isActive, trackpointing.touchLanded(in: slot, at: time) {
                sequenceHadTrackpointingTouch = true
                log.record(
                    .touchIgnoredWhileTrackpointing(sinceEvent: trackpointing.millisecondsSinceEvent(at: time) ?? 0),
                    at: time)
            } else if contact.didEnd {
                trackpointing.touchLifted(in: slot)
            }
        }
    }

    /// Marks the touches that land while typing (they are not fingers until they lift or typing
    /// ends) and forgets those that lifted.
    private mutating func followTypingTouches(at time: Timestamp) {
        for slot in contacts.changed {
            let contact = contacts.contacts[slot]
            if contact.isNew, contact.isActive, typing.touchLanded(in: slot, at: time) {
                sequenceHadTypingTouch = true
                log.record(.touchIgnoredWhileTyping(sinceKey: typing.millisecondsSinceKey(at: time) ?? 0), at: time)
            } else if contact.didEnd {
                typing.touchLifted(in: slot)
            }
        }
    }

    /// Whether this frame may have changed which contacts are fingers: a contact landed or
    /// lifted, a position arrived, a tool key changed, a palm verdict changed, a touch began or
    /// stopped counting while typing or trackpointing, or the count follows positions (a thumb
    /// pressing a clickpad in its button strip, fingers the keys report beyond the contacts).
    /// Otherwise counting again would give the same fingers.
    @inline(__always)
    private mutating func fingersMayHaveChanged() -> Bool {
        !contacts.changed.isEmpty || !contacts.arrivedPositions.isEmpty || contacts.toolKeysChanged
            || palms.changedVerdicts || fingersFollowPositions || fingersAreStale
            || (isClickpad && buttons.isAnyHeld)
            || typing.ignoredSlots.union(trackpointing.ignoredSlots) != countedTypingTouches
    }

    /// Counts the fingers afresh, and notes what the count depended on.
    private mutating func recountFingers() {
        fingers = countFingers()
        countedTypingTouches = typing.ignoredSlots.union(trackpointing.ignoredSlots)
        fingersFollowPositions = (contacts.toolFingerCount ?? 0) > contacts.activeCount
        fingersAreStale = false
    }

    // The helpers below are `mutating` although they change nothing: called from a mutating
    // method, a non-mutating method of a struct this large gets a copy of it.

    private mutating func countFingers() -> TouchpadFingers {
        let thumbsPress = isClickpad && buttons.isAnyHeld
        let typingTouches = typing.ignoredSlots.union(trackpointing.ignoredSlots)
        return TouchpadFingers(
            contacts: contacts.contacts, active: contacts.active, toolFingerCount: contacts.toolFingerCount,
            keysOverruleContacts: !contacts.reportsContactPressure
        ) { slot in
            !palms.isPalm(slot) && !typingTouches.contains(slot)
                && !(thumbsPress && choice.isInButtonStrip(contacts.contacts[slot]))
        }
    }

    /// The tracked fingers' average movement in this frame, in millimetres.
    private mutating func averageMovement() -> Vector {
        guard fingers.tracked.count > 0 else { return .zero }
        var sum = Vector.zero
        for slot in fingers.tracked { sum = sum + contacts.contacts[slot].delta }
        return sum * (1 / Double(fingers.tracked.count))
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
        let isDown = value != KeyEventValue.released
        guard settings.middleButtonEmulation, !isClickpad else {
            return handleButtonEdge(code, isDown: isDown, at: time, into: &output)
        }
        if let action = middle.handle(code, isDown: isDown, at: time) { perform(action, at: time, into: &output) }
    }

    /// A physical button went down or up (after middle-button emulation): its logical button is
    /// decided at the press.
    private mutating func handleButtonEdge(
        _ code: KeyCode, isDown: Bool, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        let action: TouchpadButtons.Action?
        if isDown {
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

    /// A physical press (or an emulated middle one) starts: it ends a scroll and every gesture, is
    /// no tap, and releases a tap's held button.
    private mutating func physicalPressStarts(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if let ended = gesture.buttonPressed(at: time) { perform(ended, at: time, into: &output) }
        recognition.buttonPressed(at: time, into: &output, log: &log)
        if let ended = edgeScroll.reset(at: time) { perform(ended, at: time, into: &output) }
        if let released = tapDrag.cancel() { perform(released, at: time, into: &output) }
        if let released = threeFingerDrag.cancel() { perform(released, at: time, into: &output) }
        tap.buttonPressed()
        sequenceHadClick = true
    }

    private mutating func perform(
        _ action: TouchpadButtons.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .pressed(let decision, let code):
            physicalPressStarts(at: time, into: &output)
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .down, trigger: decision.trigger, code: code))
            )
            if decision.button == .primary { press.press(at: time) }
        case .released(let decision, let code):
            if decision.button == .primary { press.release(at: time, into: &output) }
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .up, trigger: decision.trigger, code: code))
            )
        }
    }

    private mutating func perform(
        _ action: MiddleButtonEmulation.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .forward(let event):
            handleButtonEdge(event.code, isDown: event.isDown, at: time, into: &output)
        case .forwardHeldThen(let held, let event, let waited):
            log.record(.middleButtonNotEmulated(code: held, milliseconds: waited), at: time)
            handleButtonEdge(held, isDown: true, at: time, into: &output)
            handleButtonEdge(event.code, isDown: event.isDown, at: time, into: &output)
        case .forwardHeld(let held, let waited):
            log.record(.middleButtonNotEmulated(code: held, milliseconds: waited), at: time)
            handleButtonEdge(held, isDown: true, at: time, into: &output)
        case .middle(let isDown, let apart):
            if isDown {
                if let apart {
                    log.record(
                        .middleButtonEmulated(
                            milliseconds: apart, limit: thresholds.middleButtonTimeout.flooredMicroseconds / 1000),
                        at: time)
                }
                physicalPressStarts(at: time, into: &output)
            }
            output.append(
                ClassifiedInput(
                    time: time, event: .button(.middle, state: isDown ? .down : .up, trigger: .button, code: nil)))
        }
    }

    // MARK: Taps, motion and scroll

    private mutating func perform(
        _ action: TouchpadTap.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .tapped(let count):
            guard !sequenceHadTypingTouch, !typing.isTyping else {
                return log.record(
                    .tapIgnoredWhileTyping(fingers: count, sinceKey: typing.millisecondsSinceKey(at: time) ?? 0),
                    at: time)
            }
            guard !sequenceHadTrackpointingTouch, !trackpointing.isActive else {
                return log.record(
                    .touchIgnoredWhileTrackpointing(
                        sinceEvent: trackpointing.millisecondsSinceEvent(at: time) ?? 0),
                    at: time)
            }
            // The tap is reported whatever tap-to-click says: the setting decides only whether a
            // click follows.
            guard settings.tapToClick else {
                log.record(.tappingOff(fingers: count), at: time)
                recognition.tapped(at: time, into: &output)
                return output.append(
                    ClassifiedInput(time: time, event: .tap(fingers: count, touchType: .indirectPointer, position: nil))
                )
            }
            // A tap during a three-finger drag (or its release timeout) ends the drag, and is
            // nothing more.
            if let released = threeFingerDrag.tapped(at: time) {
                log.record(.threeFingerDragEndedByTap, at: time)
                return perform(released, at: time, into: &output)
            }
            // A tap reported is no hold.
            recognition.tapped(at: time, into: &output)
            let tapEvent = ClassifiedInput(
                time: time, event: .tap(fingers: count, touchType: .indirectPointer, position: nil))
            guard let button = settings.mapping.tapButton(fingers: count) else { return output.append(tapEvent) }
            let action = tapDrag.tapped(fingers: count, button: button, at: time)
            switch action {
            case .click?, .press?, .releaseAndPress?, nil:
                output.append(tapEvent)
            case .release?, .dragBegan?, .locked?:
                // The lift that ends a drag is no new tap.
                break
            }
            if let action { perform(action, at: time, into: &output) }
        case .notTapped(let count, let refusal):
            guard log.isEnabled else { return }
            switch refusal {
            case .moved(let distance):
                log.record(.touchMovedTooFar(fingers: count, millimetres: distance, limit: tap.maximumMotion), at: time)
            case .buttonPressed:
                log.record(.touchPressedButton(fingers: count), at: time)
            case .tooManyFingers:
                log.record(.touchHadTooManyFingers(fingers: count, limit: tap.maximumFingers), at: time)
            case .becamePalm:
                log.record(.touchBecamePalm(fingers: count), at: time)
            case .heldTooLong(let milliseconds, let timeAlone):
                log.record(
                    .touchHeldTooLong(
                        fingers: count, milliseconds: milliseconds, limit: tap.timeoutMilliseconds,
                        judgedOnTimeAlone: timeAlone),
                    at: time)
            }
        }
    }

    private mutating func perform(
        _ action: TapAndDrag.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .click(let button):
            output.append(ClassifiedInput(time: time, event: .button(button, state: .down, trigger: .tap, code: nil)))
            output.append(ClassifiedInput(time: time, event: .button(button, state: .up, trigger: .tap, code: nil)))
        case .press(let button, let hold):
            log.record(.tapHeldForDrag(button: button, milliseconds: hold), at: time)
            tapButton(button, isDown: true, at: time, into: &output)
        case .release(let button):
            tapButton(button, isDown: false, at: time, into: &output)
        case .releaseAndPress(let released, let pressed, let hold):
            tapButton(released, isDown: false, at: time, into: &output)
            log.record(.tapHeldForDrag(button: pressed, milliseconds: hold), at: time)
            tapButton(pressed, isDown: true, at: time, into: &output)
        case .dragBegan(let button):
            log.record(.tapDragBegan(button: button), at: time)
        case .locked(let button, let milliseconds):
            log.record(.dragLocked(button: button, milliseconds: milliseconds), at: time)
        }
    }

    /// A tap's button goes down or up; the primary one may long-press and drag while down.
    private mutating func tapButton(
        _ button: PointerButton, isDown: Bool, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        if !isDown, button == .primary { press.release(at: time, into: &output) }
        output.append(
            ClassifiedInput(time: time, event: .button(button, state: isDown ? .down : .up, trigger: .tap, code: nil)))
        if isDown, button == .primary { press.press(at: time) }
    }

    /// Inlined into the frame: one finger's motion is most frames' output.
    @inline(__always)
    private mutating func perform(
        _ action: TouchpadGesture.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .motion(let millimetres):
            guard !edgeScroll.holdsFinger else { return }
            movePointer(by: millimetres, at: time, into: &output)
        case .scroll(let delta, let phase):
            output.append(ClassifiedInput(time: time, event: .continuousScroll(delta, phase: phase)))
        case .scrollEnded(let velocity):
            output.append(ClassifiedInput(time: time, event: .continuousScrollEnded(velocity: velocity)))
        }
    }

    /// Moves the pointer by fingers' movement (one finger, or the dragging fingers' average):
    /// accelerated for the pointer, and unaccelerated for the press, which judges finger travel
    /// (its thresholds are millimetres, in points at 1000 dpi, whatever the acceleration).
    ///
    /// Inlined where it is called (twice): one finger's motion is most frames' output, and as a
    /// call of its own its register saves and restores cost more than its work around the
    /// accelerator.
    @inline(__always)
    private mutating func movePointer(
        by millimetres: Vector, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        let (delta, unaccelerated) = accelerator.movement(accelerating: millimetres, at: time)
        output.append(ClassifiedInput(time: time, event: .motion(delta: delta, unaccelerated: unaccelerated)))
        if press.followsMovement { press.move(by: unaccelerated, at: time, into: &output) }
    }

    private mutating func perform(
        _ action: ThreeFingerDrag.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .press:
            // A tap's button still held (its drag timeout) comes up first: one drag at a time.
            if let released = tapDrag.cancel() { perform(released, at: time, into: &output) }
            log.record(.threeFingerDragBegan(fingers: threeFingerDrag.fingerCount ?? 0), at: time)
            output.append(
                ClassifiedInput(
                    time: time, event: .button(.primary, state: .down, trigger: .threeFingerDrag, code: nil)))
            press.press(at: time)
        case .motion(let millimetres):
            movePointer(by: millimetres, at: time, into: &output)
        case .release:
            press.release(at: time, into: &output)
            output.append(
                ClassifiedInput(
                    time: time, event: .button(.primary, state: .up, trigger: .threeFingerDrag, code: nil)))
            restartsGestures = true
        }
    }

    private mutating func perform(
        _ action: EdgeScroll.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .recognised(let vertical):
            log.record(.edgeScrollBegan(vertical: vertical), at: time)
        case .scroll(let delta, let phase):
            output.append(ClassifiedInput(time: time, event: .continuousScroll(delta, phase: phase)))
        case .scrollEnded(let velocity):
            output.append(ClassifiedInput(time: time, event: .continuousScrollEnded(velocity: velocity)))
        }
    }

    // MARK: Removal

    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if let ended = gesture.reset(at: time) { perform(ended, at: time, into: &output) }
        recognition.reset(at: time, into: &output, log: &log)
        if let ended = edgeScroll.reset(at: time) { perform(ended, at: time, into: &output) }
        press.cancel(at: time, into: &output)
        if let released = tapDrag.cancel() { perform(released, at: time, into: &output) }
        if let released = threeFingerDrag.cancel() { perform(released, at: time, into: &output) }
        restartsGestures = false
        if let released = middle.reset() { perform(released, at: time, into: &output) }
        while let action = buttons.releaseFirst() { perform(action, at: time, into: &output) }
        buttons.clearPending()
        contacts.reset()
        palms.reset()
        tap.reset()
        typing.reset()
        trackpointing.reset()
        sequenceHadTypingTouch = false
        sequenceHadTrackpointingTouch = false
        sequenceHadClick = false
        fingers = .none
        fingersAreStale = true
        applySettingsIfAtRest()
        updateNextDeadline()
    }
}
