import DeviceProfiles
import EventModel
import Geometry
import InputEvents

/// Classifies a touchpad or clickpad: one-finger pointer motion, two-finger continuous scroll,
/// clicks (physical buttons, software button areas or finger counting), taps, and long press
/// and drag while a button is held.
///
/// Decisions and where they come from:
/// - **Scroll start** (libinput's gesture rules): two fingers that both travel 1.5 mm in the same
///   direction scroll; so does one travelling 4 mm while the other rests; and two fingers side by
///   side (within 40×7 mm) whose average travel reaches 1.5 mm once 150 ms have passed. No scroll
///   begins while a physical button is held, and a press ends a scroll: pressing two fingers to
///   click rocks them by a millimetre or so (the bundled Cypress recording), which is not a
///   scroll. Every scroll that began ends with one `ended` carrying the release velocity (points
///   per second over the last 150 ms, GTK's window).
/// - **Axis lock** (libinput): a scroll that starts within 30° of an axis scrolls along that axis
///   only, until a diagonal movement of more than 5 mm within 100 ms unlocks both axes.
/// - **Clicks**: a firmware button (`BTN_RIGHT`, `BTN_MIDDLE`, or `BTN_LEFT` on a pad with
///   separate buttons) is what it says, with trigger `button`. Cypress clickpads send
///   `BTN_RIGHT` themselves for a two-finger press; libinput drops that event on a clickpad and
///   reports no click at all, while a person pressing with two fingers expects a secondary click,
///   so this classifier reports it. A clickpad's `BTN_LEFT` becomes primary, secondary or middle
///   by button area or finger count, decided at the press and kept until the release.
/// - **Taps** (when enabled): every finger lifts within 180 ms of the last one landing, and no
///   finger's lift-off point is more than 1.3 mm from its landing point. libinput fails a tap as
///   soon as a finger strays 1.3 mm; pads such as ALPS report the contact centre wandering by
///   several millimetres as the fingertip flattens and lifts, and come back (the bundled single
///   tap strays 4.4 mm and lifts 0.6 mm from where it landed), so the net displacement is what is
///   judged. On a semi-multitouch pad two positions are the corners of a bounding box, not
///   fingers, so a tap with two or more fingers there is judged on time alone. A physical press
///   during the touch sequence is a click, not a tap. Taps report at once at the lift; there is
///   no tap-and-drag.
/// - **Palms** (libinput): `MT_TOOL_PALM`, pressure above 130 (or the profile's threshold), and
///   touches that start in the edge zones (min(8 mm, 8 %) of pads at least 70 mm wide, unless the
///   profile says otherwise) and do not leave them inward within 200 ms.
struct TouchpadTranslator {
    private enum AxisLock: Hashable, Sendable {
        case horizontal
        case vertical
        case free
    }

    private enum Gesture: Hashable, Sendable {
        case none
        case pointer
        case undecided(since: Timestamp)
        case scrolling(began: Bool, lock: AxisLock)
        case other
    }

    private enum Tap: Hashable, Sendable {
        case idle
        case touching(lastLanding: Timestamp, maximumFingers: Int, isDead: Bool, isUnmeasured: Bool)
    }

    private struct HeldButton: Hashable, Sendable {
        var button: PointerButton
        var trigger: ButtonTrigger
    }

    private let thresholds: ClassificationThresholds
    private let leftHanded: Bool
    private let isClickpad: Bool
    private let isSemiMultitouch: Bool
    private let clickMethod: ClickMethod
    private let tapsClick: Bool
    private let palmPressureThreshold: Int32?
    private let edgeZoneWidth: Double?
    private let size: PhysicalSize

    private var contacts: TouchContacts
    private var gesture: Gesture = .none
    private var tap: Tap = .idle
    private var fingerCount = 0
    private var scrollTracker = VelocityTracker()
    /// The direction (−1, 0, 1 per axis) the scroll last moved in, and the travel gathered
    /// against it.
    private var scrollDirection = Vector.zero
    private var scrollReversal = Vector.zero
    private(set) var press: PressGesture
    /// Logical buttons held, indexed by physical code − `BTN_LEFT` (`BTN_LEFT` … `BTN_TASK`).
    private var held: [HeldButton?] = [HeldButton?](repeating: nil, count: 8)
    /// Button events of the frame being gathered, handled once the frame's contacts are known.
    private var pendingButtons: [(code: KeyCode, value: Int32)]
    private var pendingButtonCount = 0

    init(
        device: DeviceDescription, profile: DeviceProfile, options: ClassifierOptions,
        thresholds: ClassificationThresholds
    ) {
        self.thresholds = thresholds
        leftHanded = options.leftHanded
        isClickpad = device.has(.buttonPad)
        isSemiMultitouch = device.has(.semiMultitouch)
        clickMethod = options.clickMethod ?? profile.clickMethod ?? .buttonAreas
        tapsClick = options.tapToClick ?? !device.supports(.leftButton)
        let fallback =
            profile.size
            ?? PhysicalSize(width: thresholds.fallbackTouchpadWidth, height: thresholds.fallbackTouchpadHeight)
        let geometry = SurfaceGeometry(device: device, fallbackSize: fallback)
        size = geometry.size
        contacts = TouchContacts(device: device, geometry: geometry)
        if let info = device.absoluteAxes[.multitouchPressure] {
            let threshold = profile.palmPressureThreshold ?? thresholds.palmPressureThreshold
            palmPressureThreshold = threshold < info.maximum ? threshold : nil
        } else {
            palmPressureThreshold = nil
        }
        if profile.usesEdgePalmZones ?? true, size.width >= thresholds.palmEdgeMinimumPadWidth {
            edgeZoneWidth = min(thresholds.palmEdgeZoneWidth, size.width * thresholds.palmEdgeZoneFraction)
        } else {
            edgeZoneWidth = nil
        }
        let pressMovement = thresholds.touchpadPressMovement * thresholds.pointerPointsPerMillimetre
        press = PressGesture(
            mode: .pointer,
            longPressDuration: thresholds.longPressDuration,
            allowableMovement: pressMovement,
            dragThreshold: pressMovement
        )
        pendingButtons = [(code: KeyCode, value: Int32)](repeating: (KeyCode.leftButton, 0), count: 8)
    }

    var nextDeadline: Timestamp? { press.nextDeadline }

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        let gestureName =
            switch gesture {
            case .none: "none"
            case .pointer: "pointer"
            case .undecided: "undecided"
            case .scrolling(let began, _): began ? "scrolling" : "scrollArmed"
            case .other: "other"
            }
        let tapName =
            switch tap {
            case .idle: "idle"
            case .touching(_, _, let isDead, _): isDead ? "dead" : "touching"
            }
        names.append(("touchpad gesture", gestureName))
        names.append(("touchpad tap", tapName))
        names.append(("touchpad press", press.stateName))
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        press.advance(to: time, into: &output)
    }

    mutating func beginFrameIfNeeded(_ isFirstEvent: Bool) {
        if isFirstEvent { contacts.beginFrame() }
    }

    mutating func handleKey(_ code: KeyCode, value: Int32) {
        if code.rawValue >= KeyCode.leftButton.rawValue, code.rawValue <= KeyCode.taskButton.rawValue {
            guard value != 2, pendingButtonCount < pendingButtons.count else { return }
            pendingButtons[pendingButtonCount] = (code, value)
            pendingButtonCount += 1
        } else {
            contacts.handleKey(code, value: value)
        }
    }

    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        contacts.handleAbsolute(axis, value: value, at: time)
    }

    mutating func handleContactReport() {
        contacts.handleContactReport()
    }

    // MARK: Frames

    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {
        contacts.endFrame(at: time)
        classifyPalms(at: time)
        let previousCount = fingerCount
        fingerCount = countFingers()

        for index in 0..<pendingButtonCount {
            let (code, value) = pendingButtons[index]
            handleButton(code, value: value, at: time, into: &output)
        }
        if pendingButtonCount > 0 {
            // A press or release changes which contacts count (the thumb pressing in the strip).
            fingerCount = countFingers()
        }
        pendingButtonCount = 0

        updateTap(previousCount: previousCount, at: time, into: &output)
        updateGesture(previousCount: previousCount, at: time, into: &output)
    }

    private func isFinger(_ contact: Contact) -> Bool {
        contact.isActive && !contact.isPalm && !isPressingThumb(contact)
    }

    /// The height of the bottom strip of software buttons.
    private var buttonStripHeight: Double {
        min(thresholds.buttonAreaHeight, size.height * thresholds.buttonAreaHeightFraction)
    }

    /// Whether a contact is the finger holding a clickpad's button down in the button strip: a
    /// person presses with the thumb there and drags with another finger, so the thumb counts for
    /// neither the finger count nor motion (libinput likewise keeps button-area fingers out of
    /// gestures).
    private func isPressingThumb(_ contact: Contact) -> Bool {
        isClickpad && clickMethod == .buttonAreas && isButtonHeld
            && contact.position.y >= size.height - buttonStripHeight
    }

    private func countFingers() -> Int {
        var fingers = 0
        var active = 0
        for contact in contacts.contacts where contact.isActive {
            active += 1
            if isFinger(contact) { fingers += 1 }
        }
        // Fingers the tool keys report beyond the tracked contacts (protocol A pads, semi-MT pads
        // with three fingers, single-touch pads).
        if let tools = contacts.toolFingerCount, tools > active {
            fingers += tools - active
        }
        return fingers
    }

    private mutating func classifyPalms(at time: Timestamp) {
        for index in contacts.contacts.indices {
            let contact = contacts.contacts[index]
            guard contact.isActive else { continue }
            if contact.toolType == 2 {
                contacts.markPalm(index, true, inEdgeZone: false)
                continue
            }
            if let palmPressureThreshold, contact.pressure > palmPressureThreshold {
                contacts.markPalm(index, true, inEdgeZone: false)
                continue
            }
            guard let edgeZoneWidth else { continue }
            let inZone = contact.position.x < edgeZoneWidth || contact.position.x > size.width - edgeZoneWidth
            if contact.isNew {
                if inZone { contacts.markPalm(index, true, inEdgeZone: true) }
            } else if contact.isInEdgeZone {
                if time - contact.downTime > thresholds.palmEdgeEscapeTimeout {
                    contacts.markPalm(index, true, inEdgeZone: false)
                } else if !inZone {
                    contacts.markPalm(index, false, inEdgeZone: false)
                }
            }
        }
    }

    // MARK: Buttons

    private mutating func handleButton(
        _ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        let slot = Int(code.rawValue - KeyCode.leftButton.rawValue)
        if value != 0 {
            guard held[slot] == nil else { return }
            let decision: HeldButton
            if isClickpad, code == .leftButton {
                decision = clickpadButton()
            } else {
                decision = HeldButton(button: logicalButton(for: code, leftHanded: leftHanded), trigger: .button)
            }
            held[slot] = decision
            endScroll(at: time, into: &output)
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .down, trigger: decision.trigger, code: code))
            )
            if case .touching(let landing, let fingers, _, let unmeasured) = tap {
                tap = .touching(lastLanding: landing, maximumFingers: fingers, isDead: true, isUnmeasured: unmeasured)
            }
            if decision.button == .primary { press.press(at: time) }
        } else {
            guard let decision = held[slot] else { return }
            held[slot] = nil
            if decision.button == .primary { press.release(at: time, into: &output) }
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .up, trigger: decision.trigger, code: code))
            )
        }
    }

    private var isButtonHeld: Bool { held.contains { $0 != nil } }

    /// The logical button of a clickpad press, by area or by finger count.
    private func clickpadButton() -> HeldButton {
        let primary: PointerButton = leftHanded ? .secondary : .primary
        let secondary: PointerButton = leftHanded ? .primary : .secondary
        switch clickMethod {
        case .buttonAreas:
            let stripHeight = buttonStripHeight
            var button = primary
            for contact in contacts.contacts where contact.isActive && contact.toolType != 2 {
                guard contact.position.y >= size.height - stripHeight else { continue }
                let fraction = contact.position.x / size.width
                if fraction > thresholds.secondaryAreaStart {
                    button = secondary
                } else if fraction >= thresholds.middleAreaStart, button == primary {
                    button = .middle
                }
            }
            return HeldButton(button: button, trigger: .buttonArea)
        case .fingers:
            var count = fingerCount
            if count == 2 {
                var first: Vector?
                var second: Vector?
                for contact in contacts.contacts where isFinger(contact) {
                    if first == nil { first = contact.position } else if second == nil { second = contact.position }
                }
                if let first, let second {
                    let spreadY = abs(first.y - second.y)
                    let thumbZone = size.height - thresholds.clickfingerThumbZoneHeight
                    let oneInThumbZone = (first.y >= thumbZone) != (second.y >= thumbZone)
                    if abs(first.x - second.x) > thresholds.clickfingerMaximumSpreadX
                        || spreadY > thresholds.clickfingerMaximumSpreadY
                        || (spreadY > thresholds.clickfingerThumbSpreadY
                            && size.height >= thresholds.clickfingerThumbPadHeight && oneInThumbZone)
                    {
                        count = 1
                    }
                }
            }
            let button: PointerButton =
                switch count {
                case 2: secondary
                case 3...: .middle
                default: primary
                }
            return HeldButton(button: button, trigger: .fingers)
        }
    }

    // MARK: Taps

    private mutating func updateTap(previousCount: Int, at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard tapsClick else { return }
        switch tap {
        case .idle:
            guard fingerCount > 0 else { return }
            tap = .touching(
                lastLanding: time,
                maximumFingers: fingerCount,
                isDead: isButtonHeld,
                isUnmeasured: isSemiMultitouch && fingerCount > 1
            )
        case .touching(var landing, var maximum, var dead, var unmeasured):
            if fingerCount > previousCount {
                landing = time
                maximum = max(maximum, fingerCount)
                if isSemiMultitouch, fingerCount > 1 { unmeasured = true }
            }
            if !unmeasured {
                for contact in contacts.contacts where contact.didEnd && !contact.isPalm {
                    if (contact.position - contact.origin).length > thresholds.tapMaximumMotion { dead = true }
                }
            }
            if fingerCount > 0 {
                tap = .touching(lastLanding: landing, maximumFingers: maximum, isDead: dead, isUnmeasured: unmeasured)
                return
            }
            tap = .idle
            guard !dead, time - landing <= thresholds.tapTimeout else { return }
            output.append(
                ClassifiedInput(time: time, event: .tap(fingers: maximum, touchType: .indirectPointer, position: nil)))
            let button: PointerButton
            switch maximum {
            case 1: button = leftHanded ? .secondary : .primary
            case 2: button = leftHanded ? .primary : .secondary
            case 3: button = .middle
            default: return
            }
            output.append(ClassifiedInput(time: time, event: .button(button, state: .down, trigger: .tap, code: nil)))
            output.append(ClassifiedInput(time: time, event: .button(button, state: .up, trigger: .tap, code: nil)))
        }
    }

    // MARK: Motion and scroll

    private func firstFinger() -> Contact? {
        for contact in contacts.contacts where isFinger(contact) { return contact }
        return nil
    }

    /// The first two fingers' current and previous positions and origins.
    private func twoFingers() -> (Contact, Contact)? {
        var first: Contact?
        for contact in contacts.contacts where isFinger(contact) {
            if let first { return (first, contact) }
            first = contact
        }
        // One tracked position for two fingers (single-touch pads): it stands for both.
        if let first { return (first, first) }
        return nil
    }

    private mutating func updateGesture(previousCount: Int, at time: Timestamp, into output: inout [ClassifiedInput]) {
        if fingerCount != previousCount {
            endScroll(at: time, into: &output)
            contacts.restartGestures()
            switch fingerCount {
            case 0: gesture = .none
            case 1: gesture = .pointer
            case 2: gesture = .undecided(since: time)
            default: gesture = .other
            }
            return
        }
        switch gesture {
        case .none, .other:
            return
        case .pointer:
            guard let contact = firstFinger(), !contact.isNew else { return }
            let delta = contact.delta * thresholds.pointerPointsPerMillimetre
            guard delta != .zero else { return }
            output.append(ClassifiedInput(time: time, event: .motion(delta: delta)))
            press.move(by: delta, at: time, into: &output)
        case .undecided(let since):
            guard !isButtonHeld, let (first, second) = twoFingers() else { return }
            let moveA = first.position - first.gestureOrigin
            let moveB = second.position - second.gestureOrigin
            let average = (moveA + moveB) * 0.5
            let start = thresholds.scrollStartDistance
            var decision: Bool? = nil
            if moveA.length >= start, moveB.length >= start {
                // Same direction: the angle between the two movements is under 45°.
                let cosine = (moveA.x * moveB.x + moveA.y * moveB.y) / (moveA.length * moveB.length)
                decision = cosine >= 0.7071
            } else if max(moveA.length, moveB.length) >= thresholds.scrollSingleFingerDistance {
                decision = true
            } else if time - since >= thresholds.scrollBoxTimeout,
                abs(first.position.x - second.position.x) < thresholds.scrollBoxWidth,
                abs(first.position.y - second.position.y) < thresholds.scrollBoxHeight,
                average.length >= start
            {
                decision = true
            }
            guard let decision else { return }
            guard decision else {
                gesture = .other
                return
            }
            let angle = atan2Degrees(abs(average.y), abs(average.x))
            let lock: AxisLock =
                angle < thresholds.axisLockAngleDegrees
                ? .horizontal : angle > 90 - thresholds.axisLockAngleDegrees ? .vertical : .free
            gesture = .scrolling(began: false, lock: lock)
            scrollTracker.reset()
            scrollDirection = .zero
            scrollReversal = .zero
            scroll(first: first, second: second, at: time, into: &output)
        case .scrolling:
            guard let (first, second) = twoFingers() else { return }
            scroll(first: first, second: second, at: time, into: &output)
        }
    }

    private mutating func scroll(
        first: Contact, second: Contact, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        guard case .scrolling(let began, var lock) = gesture else { return }
        var raw = (first.delta + second.delta) * 0.5
        guard raw != .zero else { return }
        raw.x = filterReversal(raw.x, direction: &scrollDirection.x, reversal: &scrollReversal.x)
        raw.y = filterReversal(raw.y, direction: &scrollDirection.y, reversal: &scrollReversal.y)
        scrollTracker.add(raw, at: time)
        if lock != .free {
            let window = scrollTracker.sum(at: time, window: thresholds.axisLockWindow)
            let angle = atan2Degrees(abs(window.y), abs(window.x))
            if window.length > thresholds.axisUnlockDistance, angle >= thresholds.axisLockAngleDegrees,
                angle <= 90 - thresholds.axisLockAngleDegrees
            {
                lock = .free
            }
        }
        let delta = Self.constrain(raw, to: lock) * thresholds.scrollPointsPerMillimetre
        gesture = .scrolling(began: true, lock: lock)
        guard delta != .zero || !began else { return }
        output.append(
            ClassifiedInput(
                time: time,
                event: .scroll(
                    source: .continuous, delta: delta, v120: nil, phase: began ? .changed : .began, velocity: nil)
            )
        )
    }

    /// Holds back movement against the scroll's direction until it adds up to
    /// `scrollReversalDistance`; returns what may scroll now.
    private func filterReversal(_ delta: Double, direction: inout Double, reversal: inout Double) -> Double {
        guard delta != 0 else { return 0 }
        let sign: Double = delta > 0 ? 1 : -1
        if direction == 0 || sign == direction {
            direction = sign
            reversal = 0
            return delta
        }
        reversal += delta
        guard abs(reversal) >= thresholds.scrollReversalDistance else { return 0 }
        let released = reversal
        direction = sign
        reversal = 0
        return released
    }

    private static func constrain(_ vector: Vector, to lock: AxisLock) -> Vector {
        switch lock {
        case .horizontal: Vector(x: vector.x, y: 0)
        case .vertical: Vector(x: 0, y: vector.y)
        case .free: vector
        }
    }

    /// Ends a scroll that began, with its release velocity; a scroll that never began ends
    /// silently.
    private mutating func endScroll(at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard case .scrolling(let began, let lock) = gesture else {
            if case .undecided = gesture { gesture = .other }
            return
        }
        gesture = .other
        guard began else { return }
        let velocity =
            Self.constrain(scrollTracker.velocity(at: time, window: thresholds.scrollVelocityWindow), to: lock)
            * thresholds.scrollPointsPerMillimetre
        output.append(
            ClassifiedInput(
                time: time,
                event: .scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: velocity)
            )
        )
        scrollTracker.reset()
    }

    // MARK: Removal

    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        endScroll(at: time, into: &output)
        press.cancel(at: time, into: &output)
        for slot in held.indices {
            guard let decision = held[slot] else { continue }
            held[slot] = nil
            let code = KeyCode(rawValue: KeyCode.leftButton.rawValue + UInt16(slot))
            output.append(
                ClassifiedInput(
                    time: time, event: .button(decision.button, state: .up, trigger: decision.trigger, code: code))
            )
        }
        contacts.reset()
        gesture = .none
        tap = .idle
        fingerCount = 0
        pendingButtonCount = 0
    }
}

/// The angle of (x, y) from the x axis, in degrees, for non-negative x and y.
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    guard x != 0 || y != 0 else { return 0 }
    // atan without Foundation: the series is not needed, an octant reduction and a rational
    // approximation are accurate to 0.3°, far finer than the 30° sectors used.
    let (small, large) = y <= x ? (y, x) : (x, y)
    let t = small / large
    let radians = t * (0.7853981634 + 0.273 * (1 - t))
    let degrees = radians * 180 / Double.pi
    return y <= x ? degrees : 90 - degrees
}
