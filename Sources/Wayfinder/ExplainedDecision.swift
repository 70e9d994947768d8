public import Classification
public import EventModel
public import InputEvents

/// A classification decision of one device, explained: what `--why` prints.
///
/// ```swift
/// runtime.onDecision = { decision in print(decision.textLine()) }
/// //   0.742191  SynPS/2 Synaptics TouchPad  why: 1-finger touch did not tap: moved 4.4 mm, more than 1.3 mm
/// ```
public struct ExplainedDecision: Hashable, Sendable {
    /// When the decision was taken.
    public var time: Timestamp
    /// The device whose classifier took it.
    public var device: DeviceInstance
    /// What was decided, and on which numbers.
    public var decision: ClassificationDecision

    /// Creates an explained decision.
    public init(time: Timestamp, device: DeviceInstance, decision: ClassificationDecision) {
        self.time = time
        self.device = device
        self.decision = decision
    }

    /// The decision as a line of the text stream: the time and device columns of the events'
    /// lines, then `why: ` and the explanation.
    ///
    /// - Parameter origin: The time printed as zero, as for `WayfinderEvent/textLine(origin:includeMotion:)`.
    public func textLine(origin: Timestamp = .zero) -> String {
        WayfinderEvent.textLine(time: time, origin: origin, device: device.name, text: "why: " + decision.description)
    }

    /// The decision as a line of the JSON lines stream, `type` `why`: the fields every line has,
    /// then `text`, the explanation `textLine(origin:)` prints after `why: `.
    ///
    /// - Parameters:
    ///   - origin: The time printed as zero.
    ///   - version: The contract to follow.
    public func jsonLine(origin: Timestamp = .zero, version: StreamVersion = .current) -> String {
        var line = JSONLine()
        WayfinderEvent.appendCommonFields(to: &line, time: time - origin, device: device, version: version)
        line.append("type", "why")
        line.append("text", decision.description)
        return line.text
    }
}
