import EventModel
import InputEvents
import Wayfinder

extension ReplayCommand {
    /// Prints one line per frame, in the replay's time order:
    /// `{"time":s,"device":name,"deviceID":"r:d","events":[[type,code,value],…]}` with `--json`,
    /// else the time, the device and the events with their kernel names.
    func runRaw(_ replay: Replay) throws {
        var output = FileStream.standardOutput
        var line = JSONLine()
        var pacer = isRealtime ? Pacer() : nil
        do {
            var steps = try replay.makeSteps()
            while let step = try steps.next() {
                guard case .frame(let frame) = step.action else { continue }
                pacer?.wait(until: frame.time)
                let device = replay.instance(of: step.source)
                if isJSON {
                    line.removeAll()
                    line.append("time", frame.time.seconds)
                    line.append("device", device.name)
                    line.append("deviceID", device.source)
                    line.append(
                        "events",
                        integerRows: frame.events.lazy.map {
                            [Int64($0.type.rawValue), Int64($0.code), Int64($0.value)]
                        }
                    )
                    print(line.text, to: &output)
                } else {
                    print(Self.text(of: frame, device: device.name), to: &output)
                }
            }
        } catch {
            throw CommandFailure("\(error)")
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
