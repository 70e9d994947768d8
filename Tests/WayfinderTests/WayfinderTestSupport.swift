import Classification
import EventModel
import Wayfinder

/// Flat acceleration at speed 0, for scenes whose scripted streams are written in points: a mouse
/// count is one point, as the scene's positions assume.
let scriptedPointer = DeviceSettings(accelerationProfile: .flat)

extension Replay {
    /// Every step of the merged time line, read at once.
    func allSteps() throws -> [Step] {
        var steps = try makeSteps()
        var result: [Step] = []
        while let step = try steps.next() { result.append(step) }
        return result
    }
}

extension DeviceInstance {
    /// A device known by its number alone, as tests add them.
    static func numbered(_ number: Int, name: String = "device") -> DeviceInstance {
        DeviceInstance(id: DeviceID(rawValue: number), name: name, source: "test:\(number)")
    }
}
