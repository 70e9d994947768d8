import Foundation
import InputEvents
import Testing
import WayfinderTestSupport

/// The rules of the stream's contract (version 2, `EventStream.md`) checked on the stream of
/// every bundled recording, plain and on a scene whose one scroll view fills the screen (so that
/// every scroll moves it): the units, the per-event and since-began fields, and device identity.
/// (That a line with an added field still validates: `StreamSchemaTests`.)
@Suite struct StreamContractTests {
    /// One scroll view over the whole scene, with room to scroll down and right.
    static let scene = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/scenes/units.scene.json")

    /// The scene's size: a touchscreen is the scene, its fractions scene points.
    static let sceneSize = (width: 1024.0, height: 768.0)

    /// Points a wheel detent scrolls, as the contract states it.
    static let pointsPerDetent = 40.0

    /// Half a millionth per printed number: what rounding to six decimals may cost.
    static let rounding = 0.5e-6

    typealias Line = [String: Any]

    static func stream(_ recording: BundledRecording, scene: Bool) throws -> [Line] {
        let outcome = try WayfinderProcess.run(
            ["replay", "--json", "--motion"] + (scene ? ["--scene", Self.scene.path] : [])
                + ReplayCommandTests.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "")
        return try ReplayCommandTests.objects(outcome)
    }

    static func number(_ line: Line, _ field: String) -> Double? { (line[field] as? NSNumber)?.doubleValue }

    /// A number with six decimals, as the stream rounds it.
    static func decimals(_ value: Double) -> String { String(format: "%.6f", value) }

    /// Every device line names the device as its recording describes it: bus, vendor, product and
    /// version, no physical path (recordings keep none), `vendor:product` as the stable id, the
    /// replay's clock, and the surface's size and resolution where the description states them.
    @Test(arguments: BundledRecording.all)
    func deviceLinesCarryTheRecordedIdentity(recording: BundledRecording) throws {
        let description = try #require(recording.load().devices.first).description
        let identity = description.identity
        func hex(_ value: UInt16) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
        var expected =
            "bus \(identity.busType) vendor \(identity.vendorID) product \(identity.productID) "
            + "productVersion \(identity.version) physicalPath null stableID \(hex(identity.vendorID)):"
            + "\(hex(identity.productID)) clock replay"
        if let size = description.kind == .keyboard ? nil : description.physicalSize {
            expected += " size \(Self.decimals(size.width))x\(Self.decimals(size.height))"
        }
        if let resolution = description.axisResolution { expected += " resolution \(resolution.x)x\(resolution.y)" }
        for scene in [false, true] {
            let added = try Self.stream(recording, scene: scene).filter {
                $0["type"] as? String == "device" && $0["state"] as? String == "added"
            }
            let seen = added.map { line in
                var text =
                    "bus \(line["bus"] ?? "-") vendor \(line["vendor"] ?? "-") product \(line["product"] ?? "-") "
                    + "productVersion \(line["productVersion"] ?? "-") "
                    + "physicalPath \(line["physicalPath"] is NSNull ? "null" : "\(line["physicalPath"] ?? "-")") "
                    + "stableID \(line["stableID"] ?? "-") clock \(line["clock"] ?? "-")"
                if let width = Self.number(line, "width"), let height = Self.number(line, "height") {
                    text += " size \(Self.decimals(width))x\(Self.decimals(height))"
                }
                if let x = line["resolutionX"], let y = line["resolutionY"] { text += " resolution \(x)x\(y)" }
                if line["sessionStart"] != nil { text += " sessionStart" }
                return text
            }
            #expect(seen == [expected], "\(recording), scene: \(scene)")
        }
    }

    /// Units: a wheel scroll's `dx`, `dy` are 40 points a detent (120 in `v120x`, `v120y`), and
    /// the scroll view moves by exactly that, stopping only at the top and left edges; a
    /// continuous scroll moves it by its `dx`, `dy` too while it stays inside. A `pan`'s totals
    /// are the sum of the scrolls that drove it since it began: the same points, the same sign;
    /// a pan that a touchscreen finger drives scrolls against the finger's travel since it landed,
    /// in the scene's points.
    @Test(arguments: BundledRecording.all)
    func scrollsMoveTheScrollViewByTheirDeltas(recording: BundledRecording) throws {
        for scene in [false, true] {
            let lines = try Self.stream(recording, scene: scene)
            var offset = (x: 0.0, y: 0.0)
            // The scrolls since the last pan ended.
            var scrolled = (x: 0.0, y: 0.0, count: 0)
            // Where the first finger landed, and where it is; the pointer's drag under way.
            var finger: (start: (x: Double, y: Double), now: (x: Double, y: Double))?
            var drag: (x: Double, y: Double)?
            for (index, line) in lines.enumerated() {
                let type = line["type"] as? String
                if type == "contentOffset", let x = Self.number(line, "x"), let y = Self.number(line, "y") {
                    offset = (x, y)
                }
                if type == "drag", line["touchType"] as? String == "indirectPointer" {
                    drag = (Self.number(line, "totalDx") ?? .nan, Self.number(line, "totalDy") ?? .nan)
                }
                if type == "touch", line["contact"] as? Int == 0, let x = Self.number(line, "x"),
                    let y = Self.number(line, "y")
                {
                    finger = line["phase"] as? String == "down" ? ((x, y), (x, y)) : finger.map { ($0.start, (x, y)) }
                }
                guard type == "scroll", let dx = Self.number(line, "dx"), let dy = Self.number(line, "dy") else {
                    if type == "action", line["name"] as? String == "pan" {
                        // A pan's totals are the sum of the scrolls since it began (for a pan
                        // that scrolls drove; a touch drives one without scroll lines).
                        if scrolled.count > 0 {
                            let tolerance = Self.rounding * Double(scrolled.count + 1) + 1e-9
                            #expect(abs((Self.number(line, "totalDx") ?? .nan) - scrolled.x) <= tolerance, "\(line)")
                            #expect(abs((Self.number(line, "totalDy") ?? .nan) - scrolled.y) <= tolerance, "\(line)")
                        } else if drag != nil {
                            // A pointer's pan follows the pointer in the scene, which stops at the
                            // scene's edges where the drag's motion does not: not compared.
                        } else {
                            let finger = try #require(finger, "a pan without scrolls or a drag is a finger's: \(line)")
                            // Two fractions rounded to millionths, in scene points, and the total.
                            let x = -(finger.now.x - finger.start.x) * Self.sceneSize.width
                            let y = -(finger.now.y - finger.start.y) * Self.sceneSize.height
                            let toleranceX = 2 * Self.rounding * Self.sceneSize.width + Self.rounding
                            let toleranceY = 2 * Self.rounding * Self.sceneSize.height + Self.rounding
                            #expect(abs((Self.number(line, "totalDx") ?? .nan) - x) <= toleranceX, "\(line)")
                            #expect(abs((Self.number(line, "totalDy") ?? .nan) - y) <= toleranceY, "\(line)")
                        }
                        let phase = line["phase"] as? String
                        if phase == "ended" || phase == "cancelled" {
                            scrolled = (0, 0, 0)
                            drag = nil
                        }
                    }
                    continue
                }
                if line["source"] as? String == "discrete" {
                    let v120x = try #require(Self.number(line, "v120x"))
                    let v120y = try #require(Self.number(line, "v120y"))
                    #expect(abs(dx - v120x * Self.pointsPerDetent / 120) <= Self.rounding, "\(line)")
                    #expect(abs(dy - v120y * Self.pointsPerDetent / 120) <= Self.rounding, "\(line)")
                }
                guard scene else { continue }
                #expect(line["target"] as? String == "page", "\(line)")
                scrolled = (scrolled.x + dx, scrolled.y + dy, scrolled.count + 1)
                let next = lines[(index + 1)...].first {
                    ($0["type"] as? String == "contentOffset" || $0["type"] as? String == "scroll")
                }
                // The scroll view's line at the scroll's time (later ones are its deceleration).
                let moved = next.flatMap {
                    $0["type"] as? String == "contentOffset" && Self.number($0, "time") == Self.number(line, "time")
                        ? $0 : nil
                }
                let after = moved.map { (x: Self.number($0, "x") ?? .nan, y: Self.number($0, "y") ?? .nan) } ?? offset
                if line["source"] as? String == "discrete" {
                    // Exactly dx, dy, but never past the top or left edge.
                    #expect(abs(after.x - max(0, offset.x + dx)) <= 3 * Self.rounding + 1e-9, "\(line) from \(offset)")
                    #expect(abs(after.y - max(0, offset.y + dy)) <= 3 * Self.rounding + 1e-9, "\(line) from \(offset)")
                } else if offset.x + dx >= 0, offset.y + dy >= 0, offset.x >= 0, offset.y >= 0, moved != nil {
                    // Inside the content (no rubber band), a continuous scroll moves it as much.
                    #expect(abs(after.x - (offset.x + dx)) <= 3 * Self.rounding + 1e-9, "\(line) from \(offset)")
                    #expect(abs(after.y - (offset.y + dy)) <= 3 * Self.rounding + 1e-9, "\(line) from \(offset)")
                }
            }
        }
    }

    /// A touchscreen's fingers are `touch` lines without a scene and without `--motion`: each
    /// contact goes down, moves, and goes up, and nothing else.
    @Test(arguments: BundledRecording.all.filter { $0.kind == .touchscreen })
    func touchscreenFingersAreTouchLines(recording: BundledRecording) throws {
        let outcome = try WayfinderProcess.run(["replay", "--json"] + ReplayCommandTests.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        var phases: [Int: [String]] = [:]
        for line in try ReplayCommandTests.objects(outcome) where line["type"] as? String == "touch" {
            let contact = try #require(line["contact"] as? Int)
            phases[contact, default: []].append(try #require(line["phase"] as? String))
        }
        #expect(!phases.isEmpty)
        for (contact, sequence) in phases {
            let shape = sequence.joined(separator: " ")
            #expect(
                shape.wholeMatch(of: /(down( move)* up ?)+/) != nil && shape.hasSuffix("up"),
                "contact \(contact): \(shape)")
        }
    }

    /// Since began: a pointer's `drag` totals are the motion since the primary button went down,
    /// and a pinch's `scale` is 1 at `began`. Per event: a `cancelled` pinch or swipe line, where
    /// nothing moved, has `dx`, `dy` and `rotationChange` 0, and keeps the `scale` of the line
    /// before it.
    @Test(arguments: BundledRecording.all)
    func gestureFieldsAreEitherPerEventOrSinceBegan(recording: BundledRecording) throws {
        let lines = try Self.stream(recording, scene: false)
        var motion: (x: Double, y: Double, count: Int)?
        var previous: [String: Line] = [:]
        for line in lines {
            switch line["type"] as? String {
            case "button" where line["button"] as? String == "primary":
                motion = line["state"] as? String == "down" ? (0, 0, 0) : nil
            case "motion":
                if let sum = motion {
                    motion = (
                        sum.x + (Self.number(line, "dx") ?? .nan), sum.y + (Self.number(line, "dy") ?? .nan),
                        sum.count + 1
                    )
                }
            case "drag" where line["touchType"] as? String == "indirectPointer":
                let sum = try #require(motion, "a pointer drag with the primary button down: \(line)")
                let tolerance = Self.rounding * Double(sum.count + 1)
                #expect(abs((Self.number(line, "totalDx") ?? .nan) - sum.x) <= tolerance, "\(line)")
                #expect(abs((Self.number(line, "totalDy") ?? .nan) - sum.y) <= tolerance, "\(line)")
                #expect(line["dx"] == nil && line["dy"] == nil)
            case let kind? where kind == "pinch" || kind == "swipe":
                let phase = line["phase"] as? String
                if kind == "pinch", phase == "began" { #expect(Self.number(line, "scale") == 1, "\(line)") }
                if phase == "cancelled" {
                    #expect(Self.number(line, "dx") == 0 && Self.number(line, "dy") == 0, "\(line)")
                    if kind == "pinch" {
                        #expect(Self.number(line, "rotationChange") == 0, "\(line)")
                        let before = try #require(previous[kind])
                        #expect(Self.number(line, "scale") == Self.number(before, "scale"), "\(line)")
                    }
                }
                previous[kind] = line
            default:
                break
            }
        }
    }
}
