import Classification
import InputEvents
import Wayfinder

extension ExplainedDecision {
    /// The `why:` line, naming the option that changes the setting the decision depends on
    /// (`… tap-to-click is off (…) (--tap-to-click changes this)`), when it depends on one.
    func commandLineText(origin: Timestamp = .zero) -> String {
        guard let option = DeviceSettingsOptions.option(changing: decision.reason) else {
            return textLine(origin: origin)
        }
        return textLine(origin: origin) + " (\(option.primaryName) changes this)"
    }
}

extension DeviceSettingsOptions {
    /// The option that changes the setting a decision depends on; nil for a decision no setting
    /// decides (a touch that moved too far to tap).
    static func option(changing reason: ClassificationDecision.Reason) -> CommandOption? {
        switch reason {
        case .tappingOff: tapToClick
        case .tapIgnoredWhileTyping, .touchIgnoredWhileTyping: noDisableWhileTyping
        case .touchIgnoredWhileTrackpointing: noDisableWhileTrackpointing
        case .tapHeldForDrag, .tapDragBegan: noTapAndDrag
        case .dragLocked: dragLock
        case .threeFingerDragBegan, .threeFingerDragWaiting, .threeFingerDragEndedByTap: threeFingerDrag
        case .middleButtonEmulated, .middleButtonNotEmulated: noMiddleEmulation
        case .buttonScrollArmed, .buttonScrollClicked, .edgeScrollBegan: scrollMethod
        case .pointerMoved: accelProfile
        case .touchMovedTooFar, .touchHeldTooLong, .touchPressedButton, .touchHadTooManyFingers, .touchBecamePalm,
            .restingThumbIgnored, .scrollNotStarted, .scrollDirectionsApart, .touchscreenMovedTooFar,
            .touchscreenHeldTooLong, .touchscreenTouchBecamePalm:
            nil
        }
    }
}
