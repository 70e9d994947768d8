import Classification
import EventModel
import FocusEngine
import InputEvents

/// Turns one device's frames into classified input: the per-device translator of the
/// `Classification` module, behind the shape the runtime drives.
protocol FrameClassifier: AnyObject {
    /// Classifies one complete frame at the frame's time, appending what it produced.
    func process(_ frame: EventFrame, into output: inout [ClassifiedInput])
    /// The earliest time at which the classifier has something to decide without new input.
    var nextDeadline: Timestamp? { get }
    /// Fires every deadline up to and including `time`, appending what they produced.
    func advance(to time: Timestamp, into output: inout [ClassifiedInput])
    /// The device went away: cancels gestures and releases held keys and buttons.
    func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput])
    /// What the classifier does differently from what was asked, for a person to hear once.
    var diagnostic: String? { get }
    /// Turns the recording of decisions (for explanations) on or off.
    func explain(_ isOn: Bool)
    /// Moves the decisions recorded since the last call to `buffer`.
    func takeDecisions(into buffer: inout [ClassificationDecision])
    /// Whether the classifier is told what other devices do (``observeKey(_:isDown:onKeyboard:at:)``,
    /// ``observePointingStickMotion(onStick:at:)``); the runtime tells only those that are, so
    /// that a key costs nothing per keyboard or mouse attached.
    var observesOtherDevices: Bool { get }
    /// A key of a keyboard (another device) went down or up: for disable-while-typing.
    func observeKey(_ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp)
    /// A pointing stick (another device) moved the pointer: for disable-while-trackpointing.
    func observePointingStickMotion(onStick stick: DeviceIdentity, at time: Timestamp)
    /// The settings in effect for the device, as its `device` line prints them.
    var settingsInEffect: [(name: String, value: DeviceDetails.SettingValue)] { get }
}

extension FrameClassifier {
    var diagnostic: String? { nil }
    var observesOtherDevices: Bool { false }
    var settingsInEffect: [(name: String, value: DeviceDetails.SettingValue)] { [] }
    func explain(_ isOn: Bool) {}
    func takeDecisions(into buffer: inout [ClassificationDecision]) {}
    func observeKey(_ code: KeyCode, isDown: Bool, onKeyboard keyboard: DeviceIdentity, at time: Timestamp) {}
    func observePointingStickMotion(onStick stick: DeviceIdentity, at time: Timestamp) {}
}

/// The scene: node tree with its interactions (pointer input) and focus engine (keys), behind the
/// shape the runtime drives.
protocol SceneDriver: AnyObject {
    /// A key press (or repeat), or text typed, reached the focus system.
    func press(_ input: KeyInput, at time: Timestamp, into output: inout [TimedPayload])
    /// Pointer input: hit testing, recognizers, interactions, scroll views. Returns the node the
    /// input went to (the node under the pointer, or the scroll view that scrolled), if any.
    func handlePointer(_ input: ClassifiedInput, into output: inout [TimedPayload]) -> String?
    /// The earliest time at which an interaction or a scroll animation has something to do.
    var nextDeadline: Timestamp? { get }
    /// Fires every deadline up to and including `time`.
    func advance(to time: Timestamp, into output: inout [TimedPayload])
    /// The pointer device that was driving a gesture went away: cancels it, and ends hover (the
    /// next motion from another device brings it back).
    func cancelPointerGestures(at time: Timestamp, into output: inout [TimedPayload])
    /// What the scene looks like now.
    func snapshot() -> TerminalSnapshot
    /// The text typed into Full Keyboard Access Find while Find is open, or nil.
    var findQuery: String? { get }
    /// A request from assistive technology; returns whether it was carried out.
    func perform(_ request: AccessibilityRequest, at time: Timestamp, into output: inout [TimedPayload]) -> Bool
}

extension SceneDriver {
    func perform(_ request: AccessibilityRequest, at time: Timestamp, into output: inout [TimedPayload]) -> Bool {
        false
    }
}
