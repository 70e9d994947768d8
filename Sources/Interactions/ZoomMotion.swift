import Foundation
public import InputEvents

/// The zoom scale of a scroll view: following a pinch, with a rubber band past its limits, and
/// springing back inside them when the pinch ends. Every scale is a closed-form function of time,
/// so the result does not depend on how often the motion is advanced.
///
/// - Pinching: the scale is the scale the pinch began at times the pinch's scale. Past a limit it
///   meets the scroll view's rubber band on a logarithmic scale: a pinch `x = ln(raw / limit)` past
///   it shows `limit·e^((1 − 1/(x·c/D + 1))·D)` with `D = ln 2`, so the content stretches less and
///   less and never shows more than twice the maximum (or half the minimum).
/// - Bounce: released past a limit, the critically damped spring of the scroll view's bounce pulls
///   the scale back to the limit: `(s₀ + ω·s₀·t)·e^(−ω·t)` from it, `t` in seconds. It rests once
///   the change left would move the far side of the view by less than the rest distance.
///
/// ```
/// scale
///   max ┤   ╭──╮ pinched past the maximum
///       │ ╭─╯   ╰─╮ bounce
///       ┼─╯       ╰─── max
/// ```
public struct ZoomMotion: Hashable, Sendable {
    /// What the zoom is doing.
    public enum Phase: Hashable, Sendable {
        /// At rest.
        case resting
        /// Following a pinch that began at scale `start` (before the rubber band).
        case pinching(start: Double)
        /// Springing back to `limit` from `displacement` past it, since `start`.
        case bouncing(start: Timestamp, limit: Double, displacement: Double)
    }

    /// The zoom scale: 1 shows the content at its own size.
    public private(set) var scale: Double
    /// What the zoom is doing.
    public private(set) var phase: Phase = .resting
    /// The smallest scale a pinch can leave the content at.
    public var minimumScale: Double
    /// The largest scale a pinch can leave the content at.
    public var maximumScale: Double
    /// The view's longer side, in points: how far a change of scale shows.
    public var viewportLength: Double
    private var lastAdvance: Timestamp = .zero
    private var phaseEnd: Timestamp?
    private let thresholds: InteractionThresholds

    /// Creates a resting zoom.
    /// - Parameters:
    ///   - scale: The starting scale, kept inside the limits.
    ///   - minimumScale: The smallest scale.
    ///   - maximumScale: The largest scale.
    ///   - viewportLength: The view's longer side, in points.
    ///   - thresholds: The rubber band, the bounce spring and the rest distance.
    public init(
        scale: Double = 1,
        minimumScale: Double = 1,
        maximumScale: Double = 1,
        viewportLength: Double,
        thresholds: InteractionThresholds
    ) {
        self.minimumScale = minimumScale
        self.maximumScale = max(minimumScale, maximumScale)
        self.scale = min(max(scale, minimumScale), max(minimumScale, maximumScale))
        self.viewportLength = viewportLength
        self.thresholds = thresholds
    }

    /// Whether the zoom is moving by itself.
    public var isAnimating: Bool {
        if case .bouncing = phase { return true }
        return false
    }

    // MARK: Formulas

    /// The rubber band's length on the logarithmic scale: twice the maximum, or half the minimum.
    private var bandLength: Double { log(thresholds.zoomRubberBandFactor) }

    private func banded(_ raw: Double) -> Double {
        let coefficient = thresholds.rubberBandCoefficient
        if raw > maximumScale {
            let past = log(raw / maximumScale)
            return maximumScale
                * exp(ScrollAxisMotion.rubberBand(past, dimension: bandLength, coefficient: coefficient))
        }
        if raw < minimumScale, raw > 0 {
            let past = log(minimumScale / raw)
            return minimumScale
                / exp(ScrollAxisMotion.rubberBand(past, dimension: bandLength, coefficient: coefficient))
        }
        return raw > 0 ? raw : minimumScale
    }

    private func unbanded(_ shown: Double) -> Double {
        let coefficient = thresholds.rubberBandCoefficient
        if shown > maximumScale {
            let past = ScrollAxisMotion.inverseRubberBand(
                log(shown / maximumScale), dimension: bandLength, coefficient: coefficient)
            return maximumScale * exp(past)
        }
        if shown < minimumScale {
            let past = ScrollAxisMotion.inverseRubberBand(
                log(minimumScale / shown), dimension: bandLength, coefficient: coefficient)
            return minimumScale / exp(past)
        }
        return shown
    }

    private func spring(displacement: Double) -> CriticallyDampedSpring {
        CriticallyDampedSpring(frequency: thresholds.bounceFrequency, displacement: displacement, velocity: 0)
    }

    // MARK: Input

    /// Starts following a pinch at a time, catching a bounce under way.
    public mutating func beginPinch(at time: Timestamp) {
        advance(to: time)
        phase = .pinching(start: unbanded(scale))
        phaseEnd = nil
    }

    /// Follows the pinch: `pinchScale` is the fingers' spread relative to where it began.
    public mutating func track(pinchScale: Double) {
        guard case .pinching(let start) = phase, pinchScale.isFinite, pinchScale > 0 else { return }
        scale = banded(start * pinchScale)
    }

    /// Ends the pinch: springs back from past a limit, or rests.
    public mutating func release(at time: Timestamp) {
        lastAdvance = time
        guard scale < minimumScale || scale > maximumScale else {
            phase = .resting
            phaseEnd = nil
            return
        }
        let limit = scale < minimumScale ? minimumScale : maximumScale
        phase = .bouncing(start: time, limit: limit, displacement: scale - limit)
        let restScale = viewportLength > 0 ? thresholds.restDistance / viewportLength : .infinity
        phaseEnd = time + spring(displacement: scale - limit).restDuration(restDistance: restScale)
    }

    /// Sets the scale at once, inside the limits, stopping any motion.
    public mutating func setScale(_ newScale: Double) {
        guard newScale.isFinite else { return }
        phase = .resting
        phaseEnd = nil
        scale = min(max(newScale, minimumScale), maximumScale)
    }

    // MARK: Time

    /// When the zoom next wants to be advanced: the next animation frame, or the end of the
    /// bounce if sooner; nil unless it is bouncing.
    public var nextDeadline: Timestamp? {
        guard isAnimating else { return nil }
        return thresholds.nextFrame(after: lastAdvance, phaseEnd: phaseEnd)
    }

    /// Moves the zoom to a time.
    public mutating func advance(to time: Timestamp) {
        switch phase {
        case .resting, .pinching:
            lastAdvance = max(lastAdvance, time)
        case .bouncing(let start, let limit, let displacement):
            if let end = phaseEnd, time >= end {
                scale = limit
                phase = .resting
                phaseEnd = nil
                lastAdvance = max(lastAdvance, time)
                return
            }
            scale = limit + spring(displacement: displacement).displacement(after: (time - start).inSeconds)
            lastAdvance = time
        }
    }
}
