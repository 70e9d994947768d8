/// The InputRecording module.
///
/// See the module's documentation catalog for its design.
public enum InputRecordingModule {}
