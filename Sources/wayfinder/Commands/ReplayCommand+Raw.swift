import EventModel
import InputEvents
import Wayfinder

extension ReplayCommand {
    /// Prints one line per frame, in the replay's time order:
    /// `{"time":s,"device":name,"deviceID":"r:d","version":2,"type":"frame","events":[[type,code,value],…]}`
    /// with `--json` (without `version` and `type` under `--stream-version 1`),
    /// else the time, the device and the events with their kernel names.
    ///
    /// The recordings stream: frames are read, merged in time order and printed one at a time, so
    /// memory does not grow with their length. A problem found among the events ends the command
    /// with its file and line after the frames before it were printed. Output goes through
    /// ``CommandOutput``: a full disk is an error, a reader that closes the pipe (`| head`) ends
    /// the command quietly.
    func runRaw(_ replay: Replay) throws {
        let output = CommandOutput.standard
        var line = JSONLine()
        var pacer = isRealtime ? Pacer() : nil
        var steps: Replay.Steps
        do {
            steps = try replay.makeSteps()
        } catch {
            throw CommandFailure("\(error)")
        }
        while true {
            let step: Replay.Step?
            do {
                step = try steps.next()
            } catch {
                // What was read before the problem is printed first.
                output.flush()
                throw CommandFailure("\(error)")
            }
            guard let step else { break }
            guard case .frame(let frame) = step.action else { continue }
            if pacer != nil {
                output.flush()
                try output.checkWritable()
                pacer?.wait(until: frame.time)
            }
            let device = replay.instance(of: step.source)
            if isJSON {
                line.removeAll()
                if streamVersion == .one {
                    line.append("time", frame.time.seconds)
                    line.append("device", device.name)
                    line.append("deviceID", device.source)
                } else {
                    WayfinderEvent.appendCommonFields(
                        to: &line, time: frame.time - .zero, device: device, version: streamVersion)
                    line.append("type", "frame")
                }
                line.append(
                    "events",
                    integerRows: frame.events.lazy.map { [Int64($0.type.rawValue), Int64($0.code), Int64($0.value)] }
                )
                output.writeLine(line.text)
            } else {
                output.writeLine(Self.text(of: frame, device: device.name))
            }
            try output.checkWritable()
        }
    }

    /// Returns a frame as text: `  1.250000  Device name  EV_REL REL_X -3, EV_SYN SYN_REPORT 0`.
    static func text(of frame: EventFrame, device: String) -> String {
        let events = frame.events.map { event in
            let type = event.type.name ?? "EV_\(event.type.rawValue)"
            let code = event.codeName ?? "\(event.code)"
            return "\(type) \(code) \(event.value)"
        }
        let time = String(describing: frame.time)
        return String(repeating: " ", count: max(0, 12 - time.count)) + time + "  " + device + "  "
            + events.joined(separator: ", ")
    }
}
