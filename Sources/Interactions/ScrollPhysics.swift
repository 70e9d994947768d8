import Foundation
public import InputEvents

/// The motion of a scroll view along one axis: tracking a finger or a touchpad 1:1 with a rubber
/// band past the edges, decelerating after a flick, and bouncing back from past an edge. Every
/// position is a closed-form function of time, so the result does not depend on how often the
/// motion is advanced.
///
/// - Rubber band: content pulled `x` points past an edge of a view `d` points long shows
///   `(1 − 1 / (x·c/d + 1))·d` points past it (`c` = 0.55).
/// - Deceleration: velocity decays by the rate `r` (0.998) per millisecond, so `v(t) = v₀·rᵗ` and
///   the offset is `x₀ + v₀·(rᵗ − 1) / ln r` (t in milliseconds, v₀ in points per millisecond).
///   It comes to rest when what is left to travel, `|v(t)| / −ln r`, is under the rest distance.
/// - Bounce: past an edge, a critically damped spring of frequency ω pulls the content back:
///   the displacement from the edge is `(x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)` (t in seconds). A
///   deceleration that reaches an edge hands over to the spring there, with its velocity.
///
/// ```
/// offset
///   max ┤        ╭─╮ bounce
///       │     ╭──╯  ╰──────
///       │  ╭──╯ decelerate
///       ┼──╯ track
/// ```
public struct ScrollAxisMotion: Hashable, Sendable {
    /// What the axis is doing.
    public enum Phase: Hashable, Sendable {
        /// At rest.
        case resting
        /// Following a touch or a touchpad; `start` is the offset, before the rubber band, where
        /// the gesture began.
        case tracking(start: Double)
        /// Decelerating from `origin` at `start` with `velocity` (points per second).
        case decelerating(start: Timestamp, origin: Double, velocity: Double)
        /// Springing back to `edge`: at `start`, `displacement` past it and moving at `velocity`
        /// (points per second).
        case bouncing(start: Timestamp, edge: Double, displacement: Double, velocity: Double)
    }

    /// The current offset along the axis, in points.
    public private(set) var offset: Double
    /// What the axis is doing.
    public private(set) var phase: Phase = .resting
    /// The greatest offset inside the content (0 when the content fits).
    public var maximumOffset: Double
    /// The view's length along the axis (the rubber band's dimension).
    public var viewportLength: Double
    private var lastAdvance: Timestamp = .zero
    private var phaseEnd: Timestamp?
    private let thresholds: InteractionThresholds

    /// Creates a resting axis.
    /// - Parameters:
    ///   - offset: The starting offset.
    ///   - viewportLength: The view's length along the axis.
    ///   - contentLength: The content's length along the axis.
    ///   - thresholds: The deceleration rate, rubber-band coefficient and bounce spring.
    public init(offset: Double = 0, viewportLength: Double, contentLength: Double, thresholds: InteractionThresholds) {
        self.offset = offset
        self.viewportLength = viewportLength
        self.maximumOffset = max(0, contentLength - viewportLength)
        self.thresholds = thresholds
    }

    /// Whether the axis is moving by itself.
    public var isAnimating: Bool {
        switch phase {
        case .decelerating, .bouncing: true
        case .resting, .tracking: false
        }
    }

    // MARK: Formulas

    /// How far content shows past an edge when pulled `distance` points past it.
    public static func rubberBand(_ distance: Double, dimension: Double, coefficient: Double) -> Double {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// How far content must be pulled to show `shown` points past an edge (the rubber band's inverse).
    public static func inverseRubberBand(_ shown: Double, dimension: Double, coefficient: Double) -> Double {
        guard dimension > 0, coefficient > 0 else { return 0 }
        let fraction = min(shown / dimension, 0.999_999)
        return (1 / (1 - fraction) - 1) * dimension / coefficient
    }

    private func banded(_ raw: Double) -> Double {
        let coefficient = thresholds.rubberBandCoefficient
        if raw < 0 { return -Self.rubberBand(-raw, dimension: viewportLength, coefficient: coefficient) }
        if raw > maximumOffset {
            return maximumOffset
                + Self.rubberBand(raw - maximumOffset, dimension: viewportLength, coefficient: coefficient)
        }
        return raw
    }

    private func unbanded(_ shown: Double) -> Double {
        let coefficient = thresholds.rubberBandCoefficient
        if shown < 0 { return -Self.inverseRubberBand(-shown, dimension: viewportLength, coefficient: coefficient) }
        if shown > maximumOffset {
            return maximumOffset
                + Self.inverseRubberBand(shown - maximumOffset, dimension: viewportLength, coefficient: coefficient)
        }
        return shown
    }

    private var logRate: Double { log(thresholds.decelerationRate) }

    private func deceleratedOffset(origin: Double, velocity: Double, milliseconds: Double) -> Double {
        origin + velocity / 1000 * (pow(thresholds.decelerationRate, milliseconds) - 1) / logRate
    }

    private func spring(displacement: Double, velocity: Double) -> CriticallyDampedSpring {
        CriticallyDampedSpring(frequency: thresholds.bounceFrequency, displacement: displacement, velocity: velocity)
    }

    // MARK: Input

    /// Starts following a gesture at a time, catching any motion under way.
    public mutating func beginTracking(at time: Timestamp) {
        advance(to: time)
        phase = .tracking(start: unbanded(offset))
        phaseEnd = nil
    }

    /// Follows the gesture: `movement` is how far the content moved since it began (a finger's
    /// translation; content moves opposite to the offset).
    public mutating func track(movement: Double) {
        guard case .tracking(let start) = phase, movement.isFinite else { return }
        offset = banded(start - movement)
    }

    /// Ends tracking with the offset's velocity (points per second): decelerates inside the
    /// content, bounces back from past an edge, or rests.
    public mutating func release(velocity: Double, at time: Timestamp) {
        lastAdvance = time
        // A velocity that is not a number (a device quirk upstream) releases at rest.
        let velocity = velocity.isFinite ? velocity : 0
        if offset < 0 || offset > maximumOffset {
            let edge = offset < 0 ? 0 : maximumOffset
            startBounce(at: time, edge: edge, displacement: offset - edge, velocity: velocity)
            return
        }
        let remaining = abs(velocity / 1000) / -logRate
        guard remaining >= thresholds.restDistance else {
            phase = .resting
            phaseEnd = nil
            return
        }
        phase = .decelerating(start: time, origin: offset, velocity: velocity)
        phaseEnd = time + decelerationDuration(origin: offset, velocity: velocity)
    }

    /// Moves by a whole step (a wheel detent), inside the content, stopping any motion.
    public mutating func step(by distance: Double) {
        guard distance.isFinite else { return }
        phase = .resting
        phaseEnd = nil
        offset = min(max(offset + distance, 0), maximumOffset)
    }

    /// The time from the start of a deceleration to when it rests or reaches an edge.
    private func decelerationDuration(origin: Double, velocity: Double) -> Duration {
        let perMillisecond = velocity / 1000
        // Rest: |v₀|·rᵗ / −ln r = rest distance.
        var milliseconds = log(thresholds.restDistance * -logRate / abs(perMillisecond)) / logRate
        // An edge on the way: x₀ + v₀·(rᵗ − 1)/ln r = edge ⇒ rᵗ = 1 + (edge − x₀)·ln r / v₀.
        let edge = velocity > 0 ? maximumOffset : 0
        let power = 1 + (edge - origin) * logRate / perMillisecond
        if power > 0 {
            let crossing = log(power) / logRate
            if crossing >= 0, crossing < milliseconds { milliseconds = crossing }
        }
        // Never longer than a minute: at 0.998 per millisecond any real flick rests well before.
        let bounded = milliseconds.isFinite ? min(max(0, milliseconds), 60_000) : 0
        return .microseconds(Int64((bounded * 1000).rounded(.up)))
    }

    private mutating func startBounce(at time: Timestamp, edge: Double, displacement: Double, velocity: Double) {
        phase = .bouncing(start: time, edge: edge, displacement: displacement, velocity: velocity)
        let duration = spring(displacement: displacement, velocity: velocity)
            .restDuration(restDistance: thresholds.restDistance)
        phaseEnd = time + duration
    }

    // MARK: Time

    /// When the axis next wants to be advanced: the next animation frame, or the end of the
    /// current phase if sooner; nil at rest or while tracking.
    public var nextDeadline: Timestamp? {
        guard isAnimating else { return nil }
        return thresholds.nextFrame(after: lastAdvance, phaseEnd: phaseEnd)
    }

    /// Moves the motion to a time.
    public mutating func advance(to time: Timestamp) {
        while true {
            switch phase {
            case .resting, .tracking:
                lastAdvance = max(lastAdvance, time)
                return
            case .decelerating(let start, let origin, let velocity):
                if let end = phaseEnd, time >= end {
                    let milliseconds = Double((end - start).wholeMicroseconds) / 1000
                    let position = deceleratedOffset(origin: origin, velocity: velocity, milliseconds: milliseconds)
                    let currentVelocity = velocity * pow(thresholds.decelerationRate, milliseconds)
                    if position > maximumOffset || position < 0
                        || abs(currentVelocity / 1000) / -logRate >= thresholds.restDistance
                    {
                        // Reached an edge: the spring takes over with the velocity left.
                        let edge = velocity > 0 ? maximumOffset : 0
                        offset = edge
                        startBounce(at: end, edge: edge, displacement: 0, velocity: currentVelocity)
                        continue
                    }
                    offset = position
                    phase = .resting
                    phaseEnd = nil
                    continue
                }
                let milliseconds = Double((time - start).wholeMicroseconds) / 1000
                offset = deceleratedOffset(origin: origin, velocity: velocity, milliseconds: milliseconds)
                lastAdvance = time
                return
            case .bouncing(let start, let edge, let displacement, let velocity):
                if let end = phaseEnd, time >= end {
                    offset = edge
                    phase = .resting
                    phaseEnd = nil
                    continue
                }
                let seconds = (time - start).inSeconds
                offset = edge + spring(displacement: displacement, velocity: velocity).displacement(after: seconds)
                lastAdvance = time
                return
            }
        }
    }
}

extension InteractionThresholds {
    /// When a motion that last advanced at `lastAdvance` wants its next frame: one animation frame
    /// later, or the end of its phase if that is sooner.
    func nextFrame(after lastAdvance: Timestamp, phaseEnd: Timestamp?) -> Timestamp {
        let frame = lastAdvance + animationFrameInterval
        guard let phaseEnd else { return frame }
        return min(frame, phaseEnd)
    }
}
