import Classification

/// Every threshold and timeout the gesture recognizers and the built-in interactions use.
///
/// Distances here are scene points, not millimetres: the interaction layer works in the scene's
/// coordinates (the classifier has already turned device units into points), and the reference
/// values all come from UIKit, which states them in points. When a press is held long enough for
/// a long press (the drag lift delay too) or moves far enough to drag is the classifier's
/// decision, with the classifier's thresholds (`ClassificationThresholds`); the distances here
/// that must agree with it start from its values.
public struct InteractionThresholds: Hashable, Sendable {
    /// How far a touch may wander before a tap, or a long press with a duration of its own, fails.
    ///
    /// The classifier's long-press allowable movement (UIKit's `allowableMovement`, 10 pt), so that
    /// a press still enough for the system's long press is still enough for a tap.
    public var allowableMovement: Double = ClassificationThresholds.default.longPressAllowableMovement

    /// The longest gap between the taps of a multiple tap.
    ///
    /// 300 ms is Android's `ViewConfiguration` double-tap timeout; Qt allows 400 ms. The shorter one
    /// keeps a single-tap recognizer that waits for a double tap to fail from feeling sluggish.
    public var multipleTapInterval: Duration = .milliseconds(300)

    /// How far a touch must move before a pan begins.
    ///
    /// The classifier's long-press allowable movement, so a touch is never both still enough for
    /// a long press and moving enough for a pan.
    public var panMinimumMovement: Double = ClassificationThresholds.default.longPressAllowableMovement

    /// The fraction of its velocity a decelerating scroll view keeps each millisecond.
    ///
    /// 0.998 is `UIScrollView.DecelerationRate.normal` (`.fast` is 0.99); UIKit states scroll-view
    /// rates per millisecond.
    public var decelerationRate: Double = 0.998

    /// The coefficient of the rubber band past a scroll view's edge.
    ///
    /// A finger `x` points past the edge of a view `d` points long moves the content
    /// `(1 − 1 / (x·c/d + 1))·d` points, with `c` = 0.55: the constant UIScrollView is known to
    /// use since iOS 6. Content can never be pulled past one view length.
    public var rubberBandCoefficient: Double = 0.55

    /// How far past a zoom limit a pinch can show the content, as a factor: the rubber band's
    /// length on a logarithmic scale.
    ///
    /// UIScrollView lets a pinch go past `maximumZoomScale` with growing resistance and bounces
    /// back when it ends. At 2 the content can be pulled to at most twice the maximum (or half the
    /// minimum) however far the fingers spread: plainly stretched, yet never so far that where the
    /// limit is gets lost.
    public var zoomRubberBandFactor: Double = 2

    /// The angular frequency, per second, of the critically damped spring that brings content
    /// back from past an edge.
    ///
    /// At 12 /s an overshoot of 100 pt is back within half a point in about 0.6 s, close to the
    /// duration of UIScrollView's bounce; a critically damped spring never crosses the edge on its
    /// way back, as UIScrollView's bounce does not.
    public var bounceFrequency: Double = 12

    /// The distance under which a moving scroll view counts as at rest.
    ///
    /// Half a point is one pixel on a 2× display, the smallest step anyone can see.
    public var restDistance: Double = 0.5

    /// How often a moving scroll view asks to be advanced.
    ///
    /// One frame at 60 Hz, the refresh rate the runtime paints at; offsets are computed from the
    /// motion's formula at whatever time is passed, so a different cadence changes no offset.
    public var animationFrameInterval: Duration = .microseconds(16_667)

    /// The longest a one-finger swipe may last, from the touch going down to it lifting.
    ///
    /// A swipe is a flick: UIKit's swipe recognizer gives up on a stroke that takes longer than
    /// about half a second, and 500 ms is also the classifier's long-press duration, so a press
    /// held that long is a long press or a slow drag, never a swipe.
    public var swipeMaximumDuration: Duration = .milliseconds(500)

    /// How far a swipe may stray from its direction: the movement across it, as a fraction of the
    /// movement along it.
    ///
    /// One half (26.6°) is closer to the axis than to the diagonal (45°), so a deliberate diagonal
    /// stroke is refused, while the curve a wrist gives a horizontal flick (typically 10° to 20°)
    /// passes.
    public var swipeMaximumDeviation: Double = 0.5

    /// Creates the default thresholds.
    public init() {}
}
