import InputEvents
public import InputRecording

/// A recording named for a replay: a file and, for an evemu event log kept apart from its
/// description (old `.desc` + `.events` pairs), the description file that goes with it.
///
/// ```swift
/// let replay = try Replay.load([
///     ReplayInput(path: "pad.events", descriptionPath: "pad.desc"),
///     ReplayInput(path: "keyboard.yml"),
/// ])
/// ```
public struct ReplayInput: Hashable, Sendable {
    /// The recording: evemu, or libinput record YAML.
    public var path: String
    /// The description of an evemu event log that has none of its own.
    public var descriptionPath: String?

    /// Creates an input.
    public init(path: String, descriptionPath: String? = nil) {
        self.path = path
        self.descriptionPath = descriptionPath
    }
}

extension Replay {
    /// Opens recordings for one replay: device `d` of the `r`th recording becomes a source known
    /// as `r:d` in the stream. Only the descriptions are read now; each device's frames are read
    /// as the replay reaches them, so memory does not grow with the recordings' length.
    ///
    /// A description pairs with its own event log only: an event log given a description must
    /// have none of its own, and one without a description must carry it.
    /// - Throws: `RecordingError` naming the file and line of the first problem in a description.
    public static func load(_ inputs: [ReplayInput]) throws(RecordingError) -> Replay {
        var sources: [ReplaySource] = []
        for (index, input) in inputs.enumerated() {
            let file = try RecordingFile(path: input.path, descriptionPath: input.descriptionPath)
            for (deviceIndex, device) in file.devices.enumerated() {
                sources.append(
                    ReplaySource(description: device.description, recording: index, device: deviceIndex) {
                        RecordedFrameReader(try file.makeFrameIterator(device: deviceIndex))
                    })
            }
        }
        return Replay(sources: sources)
    }
}

/// One device's frames read from its file as the replay needs them.
private final class RecordedFrameReader: FrameReader {
    private var frames: FrameIterator

    init(_ frames: consuming FrameIterator) { self.frames = frames }

    func nextFrame() throws -> EventFrame? { try frames.next() }
}
