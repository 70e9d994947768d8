import EventModel
import InputEvents

/// The part of a device translator that follows the device's pointing surface: a relative
/// pointer, a touchpad or a touchscreen (a device has one at most). The frame loop is written
/// once, over this protocol, and specialised for each part; nothing is dispatched dynamically.
protocol PointingPart {
    /// The earliest time at which the part has something to do without a new frame.
    var nextDeadline: Timestamp? { get }
    /// The names of the part's machines and their states, for transition traces.
    func appendStateNames(to names: inout [(String, String)])
    /// A frame starts.
    mutating func beginFrame()
    /// A button or tool key (`EV_KEY` from `BTN_MISC` on).
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    /// A relative axis (`EV_REL`).
    mutating func handleRelative(_ axis: RelativeAxis, value: Int32)
    /// An absolute axis (`EV_ABS`).
    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp)
    /// The end of one contact's description in multitouch protocol A (`SYN_MT_REPORT`).
    mutating func handleContactReport()
    /// The frame ended (`SYN_REPORT`).
    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput])
    /// Fires the deadlines up to `time`.
    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput])
    /// Ends everything: the device went away, or the kernel released what was held.
    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput])
}

/// The pointing part of a device that has none (a keyboard).
struct NoPointingPart: PointingPart {
    var nextDeadline: Timestamp? { nil }
    func appendStateNames(to names: inout [(String, String)]) {}
    mutating func beginFrame() {}
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    {}
    mutating func handleRelative(_ axis: RelativeAxis, value: Int32) {}
    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {}
    mutating func handleContactReport() {}
    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {}
    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {}
    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {}
}

extension PointingPart {
    /// Classifies a frame's events: keys go to the keyboard part, everything else to this part.
    ///
    /// - Parameters:
    ///   - events: the frame's events; events after a `SYN_REPORT` inside it start a new frame,
    ///     and a frame cut short (no `SYN_REPORT`) is still finished.
    ///   - keyboard: the device's keyboard part, if it has keys.
    ///   - codes: the kernel codes compared against.
    ///   - time: the frame's time.
    ///   - output: where classified input is appended.
    mutating func classify(
        _ events: [InputEvent], keyboard: inout PartStorage<KeyboardTranslator>?, codes: KernelCodes,
        at time: Timestamp,
        into output: inout [ClassifiedInput]
    ) {
        let synchronization = codes.synchronization
        let key = codes.key
        let relative = codes.relative
        let absolute = codes.absolute
        let report = codes.report
        let contactReport = codes.contactReport
        let firstButton = codes.firstButton
        // Whether the next event starts a frame: the first one, and one after a SYN_REPORT.
        var startsFrame = true
        for event in events {
            if startsFrame {
                beginFrame()
                startsFrame = false
            }
            if event.type == synchronization {
                if event.code == report {
                    finishFrame(at: time, into: &output)
                    startsFrame = true
                } else if event.code == contactReport {
                    handleContactReport()
                }
            } else if event.type == absolute {
                // Absolute axes before relative ones and keys: a touch surface reports four or
                // more of them per frame, a mouse two relative axes, a keyboard one key.
                handleAbsolute(AbsoluteAxis(rawValue: event.code), value: event.value, at: time)
            } else if event.type == relative {
                handleRelative(RelativeAxis(rawValue: event.code), value: event.value)
            } else if event.type == key {
                if event.code < firstButton {
                    keyboard?.modify {
                        $0.handle(KeyCode(rawValue: event.code), value: event.value, at: time, into: &output)
                    }
                } else {
                    handleButton(KeyCode(rawValue: event.code), value: event.value, at: time, into: &output)
                }
            }
        }
        if !startsFrame { finishFrame(at: time, into: &output) }
    }
}
