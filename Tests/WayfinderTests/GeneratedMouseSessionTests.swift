import Classification
import EventModel
import InputEvents
import Testing
import Wayfinder
import WayfinderTestSupport

/// The generated 1 kHz mouse session, played on a generated grid through the runtime.
@Suite struct GeneratedMouseSessionTests {
    private static let mouse = DeviceID(rawValue: 0)

    /// Plays the session `passes` times, each pass later than the one before by the session's
    /// length and the replay's settle time, and returns each pass's events without their times.
    private static func play(passes: Int, cells: Int = 100) throws -> [[WayfinderEvent.Payload]] {
        let session = GeneratedMouseSession()
        let runtime = try Runtime(scene: GridScene(cells: cells).scene, settings: scriptedPointer)
        runtime.addDevice(.numbered(mouse.rawValue), description: GeneratedMouseSession.device, at: .zero)
        let passLength = session.duration + Replay.settleDuration
        var result: [[WayfinderEvent.Payload]] = []
        for pass in 0..<passes {
            let offset = passLength * pass
            var payloads: [WayfinderEvent.Payload] = []
            for frame in session.frames {
                var shifted = frame
                for index in shifted.events.indices { shifted.events[index].time += offset }
                payloads += runtime.process(shifted, from: mouse).map(\.payload)
            }
            let end = (session.frames.last?.time ?? .zero) + offset + Replay.settleDuration
            payloads += runtime.advance(to: end).map(\.payload)
            result.append(payloads)
        }
        return result
    }

    @Test func framesComeEveryMillisecondWhileTheMouseMoves() {
        let session = GeneratedMouseSession(laps: 1)
        let motion = session.frames.prefix(4 * GeneratedMouseSession.squareSide)
        let gaps = zip(motion.dropFirst(), motion).map { $0.time - $1.time }
        #expect(Set(gaps) == [GeneratedMouseSession.reportInterval])
        #expect(GeneratedMouseSession().frames == GeneratedMouseSession().frames)
    }

    @Test func theSessionOpensAMenuDragsACellAndScrolls() throws {
        let payloads = try #require(try Self.play(passes: 1).first)
        var menus: [String] = []
        var drags: [(item: String, phase: GesturePhase?, x: Double?)] = []
        var offsets: [Double] = []
        for payload in payloads {
            switch payload {
            case .action(let action) where action.name == "contextMenu": menus.append(action.item)
            case .action(let action) where action.name == "drag":
                drags.append((action.item, action.phase, action.translation?.x))
            case .contentOffset("grid", let offset): offsets.append(offset.y)
            default: break
            }
        }
        // The centre cell (row 3, column 5) has the menu; the one to its right is dragged 15
        // points right and back.
        #expect(menus == ["cell-38"])
        #expect(drags.allSatisfy { $0.item == "cell-39" })
        let ends = drags.filter { $0.phase == .ended }.map(\.x)
        #expect(ends == [15, -15])
        // Three notches of 40 points down, then back to the top.
        #expect(offsets.max() == 120)
        #expect(offsets.last == 0)
    }

    @Test func everyPassLeavesTheSceneAsItFoundIt() throws {
        let passes = try Self.play(passes: 2)
        #expect(passes[0] == passes[1])
    }
}
