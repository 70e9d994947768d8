import Classification
import DeviceProfiles
import Foundation
import InputEvents
import InputRecording
import Wayfinder

extension ReplayCommand {
    /// The classifier options the command line chose.
    var classifierOptions: ClassifierOptions {
        var options = ClassifierOptions()
        if isTapToClickEnabled { options.tapToClick = true }
        switch clickMethod {
        case .areas?: options.clickMethod = .buttonAreas
        case .fingers?: options.clickMethod = .fingers
        case nil: break
        }
        return options
    }

    /// Replays the recordings through the classifiers and prints the interaction stream: JSON
    /// lines with `--json` (`events.md`), else one line per interaction for people. Pointer motion
    /// and contact positions are printed only with `--motion`.
    func runClassified() throws {
        guard scenePath == nil else {
            throw CommandFailure("replaying through a scene is not available yet; replay without --scene")
        }
        let recordings = try loadRecordings()
        var devices: [(description: DeviceDescription, frames: [EventFrame])] = []
        for loaded in recordings {
            for device in loaded.recording.devices {
                devices.append((device.description, device.frames))
            }
        }
        let lines: [ClassifiedStreamLine]
        do throws(ClassificationError) {
            lines = try ClassifiedStream.replay(devices, options: classifierOptions)
        } catch {
            throw CommandFailure(error.description)
        }
        var output = FileStream.standardOutput
        let clock = ContinuousClock()
        let start = clock.now
        for line in lines where isMotionIncluded || !line.isMotion {
            if isRealtime {
                let remaining = clock.now.duration(to: start + .microseconds(line.time.microseconds))
                if remaining > .zero { Thread.sleep(forTimeInterval: remaining.inSeconds) }
            }
            // Recordings start at zero, so times are seconds since the recording's first event,
            // as in `--raw`.
            let text =
                isJSON
                ? ClassifiedStream.jsonLine(line, origin: .zero) : ClassifiedStream.humanLine(line, origin: .zero)
            print(text, to: &output)
        }
    }
}
