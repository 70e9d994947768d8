/// Every threshold and timeout the classifier uses, with why each value was chosen.
///
/// Distances are millimetres on the device's surface or points on screen; durations are
/// `Duration`. The defaults follow libinput, GTK and UIKit (see each property).
public struct ClassificationThresholds: Hashable, Sendable {
    // MARK: Units

    /// Points of pointer motion per millimetre of finger travel on a touchpad: 1000 / 25.4.
    /// libinput normalises touchpad motion to a 1000-DPI mouse, so a touchpad finger and a
    /// typical mouse move the pointer alike (one count of a 1000-DPI mouse is one point).
    public var pointerPointsPerMillimetre: Double = 1000 / 25.4
    /// Points of scroll per millimetre of two-finger travel: 160 / 25.4. Content follows the
    /// fingers as it would under a finger on a 160-points-per-inch screen (Android's density
    /// baseline, close to UIKit's original 163), so a trackpad scroll feels like direct
    /// manipulation rather than libinput's pointer-speed scrolling that users call too fast.
    public var scrollPointsPerMillimetre: Double = 160 / 25.4
    /// Points scrolled per wheel detent (120 units of v120): what a scroll view moves for one
    /// notch, so that a wheel scroll's `dy` in the stream is what the content moves. Qt scrolls
    /// three lines per notch (`WheelScrollLines`); three lines of 13 pt body text are about
    /// 40 pt, which is also the scroll step Chromium uses per wheel line. (Version 1 of the
    /// stream printed 10, Weston's and Mutter's surface pixels per detent.)
    public var pointsPerDetent: Double = 40
    /// Points per millimetre on a touchscreen whose axes report a resolution: 160 / 25.4, the
    /// density at which UIKit and Android define their point (163 and 160 per inch). A
    /// touchscreen without a resolution has one point per device unit, because such panels
    /// report in their display's pixel grid.
    public var touchscreenPointsPerMillimetre: Double = 160 / 25.4
    /// The physical size assumed for a touchpad that reports no resolution: libinput assumes
    /// 69×50 mm in that case.
    public var fallbackTouchpadWidth: Double = 69
    /// See `fallbackTouchpadWidth`.
    public var fallbackTouchpadHeight: Double = 50

    // MARK: Wheels

    /// A hi-res wheel that ever sends a step smaller than this (a quarter detent) is a
    /// free-spinning or fine wheel whose rest jitter must be debounced (libinput's
    /// `ACC_V120_TRIGGER_THRESHOLD`, 30).
    public var wheelJitterTriggerV120: Double = 30
    /// While debouncing, steps accumulate until they exceed the smaller of this and the
    /// smallest step seen (libinput's `ACC_V120_THRESHOLD`, 47: about 0.4 detent).
    public var wheelAccumulationV120: Double = 47
    /// A debounced wheel that sends nothing for this long must accumulate again (libinput's
    /// `WHEEL_SCROLL_TIMEOUT`, 500 ms).
    public var wheelScrollTimeout: Duration = .milliseconds(500)
    /// A scroll stick (ScrollPoint) that sends nothing for this long has been let go: its
    /// continuous sequence ends. The stick reports every 48–64 ms while pushed in the bundled
    /// recording; 150 ms is more than two missed reports.
    public var scrollStickEndTimeout: Duration = .milliseconds(150)
    /// A pointer that sends no motion for this long has ended a movement: `--why` then sums up
    /// the acceleration of the movement in one line. A mouse reports every 1–8 ms while it moves
    /// and a touchpad every 7–12 ms; 250 ms without motion is a hand at rest, not a slow hand.
    public var pointerMovementEndTimeout: Duration = .milliseconds(250)

    // MARK: Two-finger scroll

    /// Both fingers must travel this far in the same direction to start a scroll (libinput's
    /// `min_move` 1.5 mm; ChromeOS's "Two Finger Scroll Distance Thresh" is also 1.5 mm).
    public var scrollStartDistance: Double = 1.5
    /// Two fingers that both travel `scrollStartDistance` move in the same direction, and scroll,
    /// when the cosine of the angle between their movements is at least this: cos 45°, so that
    /// movements in neighbouring compass sectors still count as one direction (libinput compares
    /// eight 45° sectors) while fingers moving apart (a pinch) do not.
    public var scrollSameDirectionCosine: Double = 0.7071
    /// One finger travelling this far while the other rests also scrolls (libinput's `max_move`,
    /// 4 mm: its "one-finger scroll" with two fingers down).
    public var scrollSingleFingerDistance: Double = 4
    /// Two fingers closer than this horizontally…
    public var scrollBoxWidth: Double = 40
    /// …and this vertically…
    public var scrollBoxHeight: Double = 7
    /// …for this long are a scroll even before they move far (libinput's 40×7 mm box and
    /// `DEFAULT_GESTURE_SWIPE_TIMEOUT`, 150 ms), whichever way they move: two fingers resting
    /// side by side that then spread apart scroll, they do not pinch (a pinch starts with the
    /// thumb below the finger, or at once).
    public var scrollBoxTimeout: Duration = .milliseconds(150)
    /// Nothing is decided about two or more fingers until one of them has travelled this far
    /// (libinput: 1 mm): less is the jitter of fingers resting on the pad.
    public var gestureDecisionDistance: Double = 1
    /// A scroll that reverses along an axis must travel this far back before it scrolls back.
    /// Fingers roll as they lift: in the bundled Synaptics scroll-up recording they drift
    /// 0.4 mm the other way in the last 100 ms, which a person does not mean as a scroll. A real
    /// change of direction loses only this first millimetre.
    public var scrollReversalDistance: Double = 1

    /// The window over which the axis-lock vector is gathered (libinput: 100 ms).
    public var axisLockWindow: Duration = .milliseconds(100)
    /// A scroll whose start lies within this angle of one axis scrolls along that axis only
    /// (libinput counts 0°–30° as horizontal-only and 60°–90° as vertical-only).
    public var axisLockAngleDegrees: Double = 30
    /// A diagonal movement longer than this inside the window unlocks both axes for the rest of
    /// the scroll (libinput: 5 mm between 30° and 60°).
    public var axisUnlockDistance: Double = 5
    /// The release velocity of a scroll is measured over this last stretch of motion (GTK's
    /// `SCROLL_CAPTURE_THRESHOLD_MS`, 150 ms).
    public var scrollVelocityWindow: Duration = .milliseconds(150)

    // MARK: Multi-finger gestures

    /// With more than two fingers each finger must travel this much further before their
    /// movement decides a swipe or a pinch (libinput: 0.5 mm per finger beyond two, added to
    /// `scrollStartDistance`): three or four fingers never land quite together.
    public var gestureStartDistancePerFinger: Double = 0.5
    /// …and one finger must travel this much further to count as moving far (libinput: 2 mm per
    /// finger beyond two, added to `scrollSingleFingerDistance`).
    public var gestureSingleFingerDistancePerFinger: Double = 2
    /// A two-finger scroll may still turn out to be a pinch until this long after its fingers
    /// landed (libinput's `DEFAULT_GESTURE_PINCH_TIMEOUT`, 300 ms): the first millimetres of a
    /// pinch often look like a scroll.
    public var pinchTimeout: Duration = .milliseconds(300)
    /// …when both fingers have travelled this far in different directions (libinput's
    /// `PINCH_DISAMBIGUATION_MOVE_THRESHOLD`, 1.5 mm).
    public var pinchDisambiguationDistance: Double = 1.5
    /// Three or more fingers resting this long on a touchpad begin a hold (libinput's
    /// `DEFAULT_GESTURE_HOLD_TIMEOUT`, 180 ms, the tap timeout: a shorter rest may be a tap).
    public var holdTimeout: Duration = .milliseconds(180)
    /// Two fingers resting this long begin a hold (libinput's `QUICK_GESTURE_HOLD_TIMEOUT`,
    /// 40 ms): two fingers touching are how a person stops a kinetic scroll, which must feel
    /// immediate.
    public var quickHoldTimeout: Duration = .milliseconds(40)
    /// A pinch or swipe whose finger count changes is cancelled when the new count lasts this
    /// long (libinput's `DEFAULT_GESTURE_SWITCH_TIMEOUT`, 100 ms): fingers land and lift a few
    /// frames apart, which should not end a gesture.
    public var gestureSwitchTimeout: Duration = .milliseconds(100)
    /// On a clickpad at least this tall, two or more fingers of which one travels
    /// `scrollSingleFingerDistance` (2 mm more per finger beyond two) while the bottom one rests
    /// (has not travelled `scrollStartDistance`) are fingers moving over a resting thumb: the
    /// thumb is ignored until it lifts, and the others move the pointer or make their gesture
    /// (libinput's thumb detection, which it turns on only for clickpads 50 mm tall or more:
    /// people rest a thumb on a clickpad to press it, and a shorter pad leaves no room for a
    /// resting thumb beside a moving finger).
    public var thumbDetectionMinimumPadHeight: Double = 50
    /// Touchpad gestures are recognised with at most this many fingers (libinput's limit: a
    /// whole hand on the pad is no gesture).
    public var gestureMaximumFingers: Int = 4
    /// A touchscreen touch that is less than this far from where it landed has not moved: with
    /// other touches it may still tap or hold, and it begins no gesture. Real panels are noisy:
    /// on an N-Trig panel a resting finger wobbles about ±1 mm a frame, so it can be read 2 mm
    /// off its landing sample along each axis, 2.8 mm in all; UIKit's 10 pt (1.6 mm at its
    /// 163 points per inch) assumes a clean panel. Three millimetres is above that noise and
    /// below the 5 mm a deliberate two-finger swipe or pinch covers in its first 50 ms (the
    /// scripted gestures move 2 mm every 10 ms). Two touches pinch once the distance between them
    /// changed by twice this, each of them may be that far off (the rule by which Android's
    /// `ScaleGestureDetector` span slop is twice its touch slop), and swipe once both moved this
    /// far the same way. How long they must rest to hold is
    /// `longPressDuration` (UIKit's long press, which a two-finger hold is with
    /// `numberOfTouchesRequired` 2).
    public var touchscreenRestingDistance: Double = 3
    /// Two touchscreen touches rotate once the line between them turned this far, in degrees.
    /// Each touch may be `touchscreenRestingDistance` off at rest, so the line between two
    /// fingertips side by side (about 22 mm apart, centre to centre, or more) can seem to turn
    /// up to 15° from noise alone.
    public var touchscreenRotationDegrees: Double = 15
    /// A touchscreen gesture begins only once no touch has landed or lifted for this long: fingers
    /// meant to land together land 10–40 ms apart (measured on real Atmel panel recordings for
    /// issue 20), and a gesture that began with the first of them would end
    /// when the next lands, before the one gesture with the final count. Fifty milliseconds is
    /// the longest gap plus one frame of a 100 Hz panel; libinput waits 100 ms
    /// (`DEFAULT_GESTURE_SWITCH_TIMEOUT`, `gestureSwitchTimeout`) before a touchpad gesture's
    /// count changes, which on a directly touched screen would leave the content behind the
    /// fingers for longer.
    public var touchscreenLandingSettle: Duration = .milliseconds(50)

    // MARK: Clicks

    /// The bottom strip of a clickpad is this tall at most (libinput: 10 mm)…
    public var buttonAreaHeight: Double = 10
    /// …or this fraction of the pad's height when that is smaller (libinput: 15 %).
    public var buttonAreaHeightFraction: Double = 0.15
    /// Presses right of this fraction of the width are secondary (libinput: 62.5 %).
    public var secondaryAreaStart: Double = 0.625
    /// Presses between this fraction and `secondaryAreaStart` are middle (libinput: 37.5 %).
    public var middleAreaStart: Double = 0.375
    /// Two fingers count as two for clickfinger only when at most this far apart horizontally
    /// (libinput: 40 mm)…
    public var clickfingerMaximumSpreadX: Double = 40
    /// …and this far vertically (libinput: 30 mm); further apart, one of them is a resting thumb.
    public var clickfingerMaximumSpreadY: Double = 30
    /// Two fingers more than this far apart vertically (but within `clickfingerMaximumSpreadY`),
    /// on a pad at least `clickfingerThumbPadHeight` tall, with exactly one of them in the bottom
    /// `clickfingerThumbZoneHeight`, are a finger and a resting thumb (libinput: 20 mm, 50 mm,
    /// 20 mm).
    public var clickfingerThumbSpreadY: Double = 20
    /// See `clickfingerThumbSpreadY`.
    public var clickfingerThumbPadHeight: Double = 50
    /// See `clickfingerThumbSpreadY`.
    public var clickfingerThumbZoneHeight: Double = 20

    // MARK: Taps

    /// A touchpad touch held longer than this is not a tap (libinput's
    /// `DEFAULT_TAP_TIMEOUT_PERIOD`, 180 ms), counted from the last finger to land.
    public var tapTimeout: Duration = .milliseconds(180)
    /// A touchpad finger whose lift-off point lies further than this from its landing point did
    /// not tap (libinput's 1.3 mm motion threshold, applied to the net displacement; see
    /// `TouchpadTranslator`).
    public var tapMaximumMotion: Double = 1.3
    /// A touch sequence in which more fingers than this were down at once is not a tap: tap
    /// buttons exist for one, two and three fingers, and libinput's tap state machine goes dead
    /// on a fourth finger, so a quick four-finger touch clicks nothing.
    public var tapMaximumFingers: Int = 3

    // MARK: Palms

    /// A contact pressing harder than this is a palm (libinput's default, 130), unless the
    /// device profile says otherwise.
    public var palmPressureThreshold: Int32 = 130
    /// Edge palm zones are used only on pads at least this wide (libinput: 70 mm).
    public var palmEdgeMinimumPadWidth: Double = 70
    /// The edge zones are this wide at most (libinput: 8 mm)…
    public var palmEdgeZoneWidth: Double = 8
    /// …or this fraction of the width when smaller (libinput: 8 %).
    public var palmEdgeZoneFraction: Double = 0.08
    /// A touch that starts in an edge zone but leaves it inward within this time is a finger
    /// after all (libinput: 200 ms).
    public var palmEdgeEscapeTimeout: Duration = .milliseconds(200)

    // MARK: Long press and drag

    /// A press held this long without moving is a long press (UIKit's
    /// `UILongPressGestureRecognizer.minimumPressDuration`, 0.5 s; GTK's `gtk-long-press-time`,
    /// 500 ms). It is also the touch "lift delay" after which a touch may drag.
    public var longPressDuration: Duration = .milliseconds(500)
    /// A press that moves further than this is not held still (UIKit's `allowableMovement`,
    /// 10 pt). After a long press has begun, moving further than this cancels it and drags.
    public var longPressAllowableMovement: Double = 10
    /// A pointer press that moves further than this starts a drag at once. GTK's GestureDrag uses
    /// no threshold and its DnD threshold is 8 px; Qt's startDragDistance is 10 px. Three points
    /// keeps a click that wobbles a pixel or two a click while starting the drag before the
    /// pointer has visibly left the item. Measured before acceleration (in points of a 1000-dpi
    /// mouse moved flat): the adaptive profile slows a hand's first slow counts below a point, and
    /// whether the hand moved is what decides.
    public var pointerDragThreshold: Double = 3

    /// A finger pressing a touchpad's button must move this far on the surface before the press
    /// drags or stops being a long press. Pressing a clickpad rocks the finger (0.4 mm in the
    /// bundled Synaptics recording), which the pointer scale of 39 points per millimetre would turn
    /// into 16 points; libinput's tap threshold of 1.3 mm is its bound for a finger meant to stay put.
    public var touchpadPressMovement: Double = 1.3

    // MARK: Settings

    /// With tap-and-drag, a tap's button stays down this long after the lift, plus
    /// `tapDragTimeoutPerFinger` for each finger of the tap, waiting for a touch that starts a
    /// drag (libinput's drag timeout: 160 ms + 20 ms per finger, 180 ms for one finger).
    public var tapDragTimeoutBase: Duration = .milliseconds(160)
    /// See `tapDragTimeoutBase`.
    public var tapDragTimeoutPerFinger: Duration = .milliseconds(20)
    /// With drag lock on a timeout, the button stays down this long after the dragging finger
    /// lifts (libinput's drag-lock timeout, 300 ms).
    public var dragLockTimeout: Duration = .milliseconds(300)
    /// With three-finger drag, the primary button stays down this long after the dragging
    /// fingers lift, and fingers put back in that time go on dragging (libinput 1.27's
    /// three-finger drag release timeout, 700 ms, `evdev-mt-touchpad-gestures.c`): long enough
    /// to lift the hand at the pad's edge and put it back where there is room, which a long drag
    /// needs; short enough that a drop does not feel late.
    public var threeFingerDragReleaseTimeout: Duration = .milliseconds(700)
    /// With middle-button emulation, a left or right press waits this long for the other button
    /// before it counts alone (libinput's middle-button timeout, 50 ms: short enough that a click
    /// does not feel late, long enough for two fingers that mean to press together).
    public var middleButtonTimeout: Duration = .milliseconds(50)
    /// Disable-while-typing ignores the touchpad this long after the first key of a burst
    /// (libinput's `DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_1`, 200 ms: a palm lands as typing starts)…
    public var typingFirstKeyTimeout: Duration = .milliseconds(200)
    /// …and this long after every later key, or while a key is held (libinput's
    /// `DEFAULT_KEYBOARD_ACTIVITY_TIMEOUT_2`, 500 ms: palms rest between words).
    public var typingTimeout: Duration = .milliseconds(500)
    /// Edge scrolling uses a strip this wide along the right edge (vertical) and the bottom edge
    /// (horizontal) of a touchpad (libinput: 7 mm).
    public var edgeScrollWidth: Double = 7
    /// A touchpad shorter than this has no bottom scroll edge unless it is a clickpad: the strip
    /// would take too much of it (libinput: 40 mm).
    public var edgeScrollMinimumHeightForHorizontal: Double = 40
    /// A finger in a scroll edge must move this far before it scrolls, or rest there for
    /// `edgeScrollLockTimeout`. The distance is large on purpose (libinput's 3 mm): a finger that
    /// starts near the edge to move the pointer across the pad must not lock into scrolling by
    /// accident; a person who wants a small scroll waits for the timeout.
    public var edgeScrollStartDistance: Double = 3
    /// See `edgeScrollStartDistance` (libinput's edge-scroll lock timeout, 300 ms).
    public var edgeScrollLockTimeout: Duration = .milliseconds(300)
    /// With on-button scrolling, the scroll button must be held this long before movement scrolls;
    /// a shorter press without scrolling is a click (libinput's `DEFAULT_BUTTON_SCROLL_TIMEOUT`,
    /// 200 ms).
    public var buttonScrollTimeout: Duration = .milliseconds(200)

    /// The default thresholds.
    public static let `default` = ClassificationThresholds()

    /// Creates the default thresholds; change single properties afterwards.
    public init() {}
}
