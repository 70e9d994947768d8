import EventModel
import InputEvents

/// Middle-button emulation: the left and right buttons pressed together, within 50 ms of each
/// other, are a middle click, for devices without a middle button.
///
/// A left or right press is held back until the other one comes, the press is released, another
/// button is pressed or the timeout passes; the events that pass on keep their order.
///
/// ```
/// idle         --left or right down---------------------------> waiting      (held back)
/// idle         --another button down / up---------------------> passing      forward
/// waiting      --the other of left/right down (within 50 ms)--> middle       middle down
/// waiting      --released---------------------------------------> idle       forward down, forward up
/// waiting      --another button down--------------------------> passing      forward held down, forward
/// waiting      --deadline (50 ms alone)------------------------> passing      forward held down
/// middle       --left or right up-------------------------------> afterMiddle middle up
/// afterMiddle  --the other one up-------------------------------> idle
/// afterMiddle  --the released one down again--------------------> middle      middle down
/// passing      --anything------------------------------------------> passing  forward (idle once nothing is held)
/// ```
///
/// On a timeline, with `L` and `R` the presses, `|` the timeout and `l` `r` the releases:
///
/// ```
/// L--R-|--l--r      middle down at R, middle up at l
/// L----|--R--l--r   left down at |, right down at R: no middle
/// L-l--|            left down and up at l
/// ```
struct MiddleButtonEmulation {
    /// A physical button event passed on.
    struct ButtonEvent: Hashable, Sendable {
        /// The button.
        var code: KeyCode
        /// Whether it went down.
        var isDown: Bool
    }

    private enum State: Hashable, Sendable {
        case idle
        case waiting(code: KeyCode, since: Timestamp)
        case middle
        /// Middle came up when `released` was released; `other` is still held and is ignored.
        case afterMiddle(released: KeyCode, other: KeyCode)
        case passing
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Passes a physical event on.
        case forward(ButtonEvent)
        /// Passes the held-back press on, then this event.
        case forwardHeldThen(held: KeyCode, ButtonEvent, waitedMilliseconds: Int64)
        /// Passes the held-back press on after the timeout.
        case forwardHeld(KeyCode, waitedMilliseconds: Int64)
        /// The emulated middle button went down (`apart`: how long after the first press the
        /// second came, in milliseconds) or up.
        case middle(isDown: Bool, apartMilliseconds: Int64?)
    }

    private var state = State.idle
    /// The buttons down that were passed on, as bits by code − `BTN_LEFT`.
    private var passedDown: UInt32 = 0
    private let timeout: Int64

    init(thresholds: ClassificationThresholds) {
        timeout = thresholds.middleButtonTimeout.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .waiting: "waiting"
        case .middle: "middle"
        case .afterMiddle: "afterMiddle"
        case .passing: "passing"
        }
    }

    /// When a held-back press passes on alone.
    var nextDeadline: Timestamp? {
        guard case .waiting(_, let since) = state else { return nil }
        return Timestamp(microseconds: since.microseconds + timeout)
    }

    /// Whether the emulated middle button is down.
    var isMiddleDown: Bool { state == .middle }

    private static func isLeftOrRight(_ code: KeyCode) -> Bool { code == .leftButton || code == .rightButton }

    private static func bit(_ code: KeyCode) -> UInt32 {
        let offset = Int(code.rawValue) - Int(KeyCode.leftButton.rawValue)
        return offset >= 0 && offset < 32 ? 1 << UInt32(offset) : 0
    }

    private mutating func forward(_ event: ButtonEvent) -> Action {
        if event.isDown { passedDown |= Self.bit(event.code) } else { passedDown &= ~Self.bit(event.code) }
        return .forward(event)
    }

    /// A physical button went down or up (autorepeat is not passed in).
    mutating func handle(_ code: KeyCode, isDown: Bool, at time: Timestamp) -> Action? {
        let event = ButtonEvent(code: code, isDown: isDown)
        switch state {
        case .idle:
            if isDown, Self.isLeftOrRight(code), passedDown == 0 {
                state = .waiting(code: code, since: time)
                return nil
            }
            if isDown { state = .passing }
            return forward(event)
        case .waiting(let held, let since):
            let waited = time.microseconds(since: since).roundedMilliseconds
            if code == held {
                guard !isDown else { return nil }
                state = passedDown == 0 ? .idle : .passing
                passedDown |= Self.bit(held)
                return .forwardHeldThen(held: held, forwardValue(event), waitedMilliseconds: waited)
            }
            if isDown, Self.isLeftOrRight(code) {
                state = .middle
                return .middle(isDown: true, apartMilliseconds: waited)
            }
            state = .passing
            passedDown |= Self.bit(held)
            return .forwardHeldThen(held: held, forwardValue(event), waitedMilliseconds: waited)
        case .middle:
            guard Self.isLeftOrRight(code) else { return forward(event) }
            guard !isDown else { return nil }
            state = .afterMiddle(released: code, other: code == .leftButton ? .rightButton : .leftButton)
            return .middle(isDown: false, apartMilliseconds: nil)
        case .afterMiddle(let released, let other):
            if code == other, !isDown {
                state = .idle
                return nil
            }
            if code == released, isDown {
                state = .middle
                return .middle(isDown: true, apartMilliseconds: nil)
            }
            return Self.isLeftOrRight(code) ? nil : forward(event)
        case .passing:
            let action = forward(event)
            if passedDown == 0 { state = .idle }
            return action
        }
    }

    /// Records a passed event's effect on what is down, returning it.
    private mutating func forwardValue(_ event: ButtonEvent) -> ButtonEvent {
        if event.isDown { passedDown |= Self.bit(event.code) } else { passedDown &= ~Self.bit(event.code) }
        if passedDown == 0, state == .passing { state = .idle }
        return event
    }

    /// Fires the timeout: a held-back press passes on alone.
    mutating func advance(to time: Timestamp) -> Action? {
        guard let deadline = nextDeadline, deadline <= time, case .waiting(let held, let since) = state else {
            return nil
        }
        state = .passing
        passedDown |= Self.bit(held)
        return .forwardHeld(held, waitedMilliseconds: deadline.microseconds(since: since).roundedMilliseconds)
    }

    /// The device went away: an emulated middle button comes up; a held-back press never happened.
    mutating func reset() -> Action? {
        defer {
            state = .idle
            passedDown = 0
        }
        switch state {
        case .middle: return .middle(isDown: false, apartMilliseconds: nil)
        case .idle, .waiting, .afterMiddle, .passing: return nil
        }
    }
}
