import EventModel
import Geometry
import InputEvents

/// A session or scene report as one self-contained HTML page: inline SVG and CSS and a few lines
/// of script, no reference to anything outside the file, so it opens from disk without a network.
///
/// The page has, in order: each touch surface to scale with every contact's path (one colour per
/// contact, a dot where it landed, an arrow where it lifted) and the events and decisions at the
/// place they happened; a shared timeline with one lane per device (every event of the stream
/// once, the spans things were held, the timeouts that decided, the decisions, a pointer's
/// speed); and, with a scene, the scene's frames with its Tab loop numbered, where focus went and
/// where actions landed. Hovering over anything shows its line of the stream.
///
/// ```swift
/// let page = ReportPage(title: "tap.evemu", session: report, scene: nil)
/// try page.html.write(toFile: "tap.html", atomically: true, encoding: .utf8)
/// ```
public struct ReportPage {
    /// The page's title (the recordings' names).
    public var title: String
    /// The session, if recordings were given.
    public var session: SessionReport?
    /// The scene, if one was given.
    public var scene: SceneMap?

    /// Creates a page.
    public init(title: String, session: SessionReport?, scene: SceneMap?) {
        self.title = title
        self.session = session
        self.scene = scene
    }

    /// The page.
    public var html: String {
        var page = HTMLText()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        page.raw("<title>")
        page.text("Wayfinder report: " + title)
        page.raw("</title><style>\(Self.style)</style></head><body>\n<h1>")
        page.text(title)
        page.raw("</h1>\n")
        if let session {
            page.raw("<p class=\"summary\">")
            page.text(
                "\(session.devices.count) device\(session.devices.count == 1 ? "" : "s"), "
                    + "\(session.events.count) events, \(session.decisions.count) decisions, "
                    + WayfinderEvent.fixed((session.end - session.start).inSeconds, digits: 2) + " s")
            page.raw("</p>\n")
            for index in session.devices.indices where session.devices[index].contacts != nil {
                surface(of: index, in: session, into: &page)
            }
            timeline(of: session, into: &page)
        }
        if let scene { sceneMap(scene, into: &page) }
        page.raw("<script>\(Self.script)</script>\n</body></html>\n")
        return page.result
    }

    // MARK: Surfaces

    /// Pixels per millimetre of a surface at most, and the widest a surface is drawn.
    private static let surfaceScale = 8.0
    private static let surfaceWidth = 720.0

    private func surface(of index: Int, in session: SessionReport, into page: inout HTMLText) {
        let device = session.devices[index]
        guard let contacts = device.contacts else { return }
        let unit = contacts.isInMillimetres ? "mm" : "device units"
        let scale = min(Self.surfaceScale, Self.surfaceWidth / contacts.size.width)
        let width = contacts.size.width * scale
        let height = contacts.size.height * scale
        page.raw("<section class=\"device\" data-device=\"\(index)\"><h2>")
        page.text(device.instance.name)
        page.raw("</h2><p>")
        page.text(
            "\(device.kind.rawValue), \(Self.number(contacts.size.width)) × \(Self.number(contacts.size.height)) \(unit), "
                + "\(contacts.paths.count) contact\(contacts.paths.count == 1 ? "" : "s")")
        page.raw("</p>\n")
        page.raw(
            "<svg class=\"surface\" data-device=\"\(index)\" width=\"\(Self.number(width + 2))\" "
                + "height=\"\(Self.number(height + 2))\" viewBox=\"-1 -1 \(Self.number(width + 2)) \(Self.number(height + 2))\">"
        )
        page.raw(
            "<defs><marker id=\"lift\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
                + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"context-stroke\"/></marker></defs>"
        )
        page.raw(
            "<rect class=\"pad\" x=\"0\" y=\"0\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" rx=\"6\"/>"
        )
        if contacts.isInMillimetres {
            // A line every 10 mm.
            var x = 10.0
            while x < contacts.size.width {
                page.raw(
                    "<line class=\"grid\" x1=\"\(Self.number(x * scale))\" y1=\"0\" x2=\"\(Self.number(x * scale))\" "
                        + "y2=\"\(Self.number(height))\"/>")
                x += 10
            }
            var y = 10.0
            while y < contacts.size.height {
                page.raw(
                    "<line class=\"grid\" x1=\"0\" y1=\"\(Self.number(y * scale))\" x2=\"\(Self.number(width))\" "
                        + "y2=\"\(Self.number(y * scale))\"/>")
                y += 10
            }
        }
        for path in contacts.paths {
            let points = path.points
            guard let first = points.first else { continue }
            let colour = Self.colour(of: path.number)
            var d = "M" + Self.number(first.x * scale) + " " + Self.number(first.y * scale)
            for point in points.dropFirst() {
                d += " L" + Self.number(point.x * scale) + " " + Self.number(point.y * scale)
            }
            page.raw(
                "<g class=\"contact-group\"><title>")
            page.text(
                "contact \(path.number)\(path.wasPalm ? " (palm)" : ""): \(path.pointCount) points, "
                    + "\(path.start) – \(path.end) s")
            page.raw(
                "</title><path class=\"contact\" data-contact=\"\(path.number)\" data-points=\"\(path.pointCount)\" "
                    + "data-drawn=\"\(points.count)\" stroke=\"\(colour)\" marker-end=\"url(#lift)\" d=\"\(d)\"/>")
            page.raw(
                "<circle class=\"landed\" cx=\"\(Self.number(first.x * scale))\" cy=\"\(Self.number(first.y * scale))\" "
                    + "r=\"4\" fill=\"\(colour)\"/></g>")
        }
        for mark in device.marks {
            let x = Self.number(mark.position.x * scale)
            let y = Self.number(mark.position.y * scale)
            page.raw("<g class=\"\(mark.isDecision ? "why-mark" : "event-mark")\"><title>")
            page.text(mark.line)
            page.raw("</title>")
            if mark.isDecision {
                page.raw("<rect x=\"\(x)\" y=\"\(y)\" width=\"9\" height=\"9\" transform=\"translate(-4.5 -4.5)\"/>")
            } else {
                page.raw("<circle cx=\"\(x)\" cy=\"\(y)\" r=\"6\"/><text x=\"\(x)\" y=\"\(y)\" dx=\"8\" dy=\"-6\">")
                page.text(mark.label)
                page.raw("</text>")
            }
            page.raw("</g>")
        }
        page.raw("</svg></section>\n")
    }

    // MARK: Timeline

    /// The timeline's left margin (device names) and a lane's height, in pixels.
    private static let laneLabelWidth = 190.0
    private static let laneHeight = 120.0

    private func timeline(of session: SessionReport, into page: inout HTMLText) {
        let duration = max((session.end - session.start).inSeconds, 0.001)
        // About 150 pixels a second, within what a screen and a browser afford.
        let plotWidth = min(max(duration * 150, 900), 12_000)
        let pixelsPerSecond = plotWidth / duration
        let height = 30 + Self.laneHeight * Double(max(session.devices.count, 1))
        func x(_ time: Timestamp) -> String {
            Self.number(Self.laneLabelWidth + (time - session.start).inSeconds * pixelsPerSecond)
        }
        page.raw("<section class=\"timeline\"><h2>Timeline</h2><div class=\"scroller\">")
        page.raw(
            "<svg class=\"timeline\" width=\"\(Self.number(Self.laneLabelWidth + plotWidth + 20))\" "
                + "height=\"\(Self.number(height))\">")
        // The axis: a tick every step of 1, 2 or 5 × 10ⁿ seconds, about 100 pixels apart.
        let step = Self.tickStep(forSecondsPer100Pixels: 100 / pixelsPerSecond)
        var tick = 0.0
        while tick <= duration + step / 2 {
            let tickX = Self.number(Self.laneLabelWidth + tick * pixelsPerSecond)
            page.raw(
                "<line class=\"tick\" x1=\"\(tickX)\" y1=\"18\" x2=\"\(tickX)\" y2=\"\(Self.number(height))\"/>"
                    + "<text class=\"tick\" x=\"\(tickX)\" y=\"13\">\(Self.number(tick)) s</text>")
            tick += step
        }
        for (index, device) in session.devices.enumerated() {
            let top = 24 + Self.laneHeight * Double(index)
            page.raw(
                "<g class=\"lane\" data-device=\"\(index)\"><rect class=\"lane\" x=\"0\" y=\"\(Self.number(top))\" "
                    + "width=\"\(Self.number(Self.laneLabelWidth + plotWidth + 20))\" height=\"\(Self.number(Self.laneHeight - 4))\"/>"
                    + "<text class=\"lane\" x=\"6\" y=\"\(Self.number(top + 16))\">")
            page.text(device.instance.name)
            page.raw("</text><text class=\"kind\" x=\"6\" y=\"\(Self.number(top + 30))\">")
            page.text(device.kind.rawValue)
            page.raw("</text>")
            if let speed = device.speed, let fastest = speed.points.map(\.y).max(), fastest > 0 {
                let points = speed.points.map { point in
                    Self.number(Self.laneLabelWidth + (point.x - session.start.seconds) * pixelsPerSecond) + ","
                        + Self.number(top + 40 - 32 * point.y / fastest)
                }
                page.raw("<polyline class=\"speed\" points=\"\(points.joined(separator: " "))\"><title>")
                page.text("pointer speed, at most \(Self.number(fastest)) points per second")
                page.raw("</title></polyline>")
            }
            page.raw("</g>")
        }
        // Spans under the events: held things in the lane's upper band, timeouts below them.
        for span in session.spans {
            let top = 24 + Self.laneHeight * Double(span.device) + (span.kind == .held ? 44 : 58)
            let startX = x(span.start)
            let width = Self.number(max((span.end - span.start).inSeconds * pixelsPerSecond, 1))
            page.raw(
                "<g class=\"span \(span.kind.rawValue)\"><title>")
            page.text(
                "\(span.label): \(WayfinderEvent.fixed((span.start - session.start).inSeconds, digits: 3)) – "
                    + "\(WayfinderEvent.fixed((span.end - session.start).inSeconds, digits: 3)) s")
            page.raw(
                "</title><rect x=\"\(startX)\" y=\"\(Self.number(top))\" width=\"\(width)\" height=\"10\"/>"
                    + "<text x=\"\(startX)\" y=\"\(Self.number(top + 8.5))\" dx=\"2\">")
            page.text(span.label)
            page.raw("</text></g>")
        }
        for decision in session.decisions {
            let top = 24 + Self.laneHeight * Double(decision.device) + 76
            page.raw(
                "<g class=\"decision\" data-line=\"\(HTMLText.escaped(decision.line))\"><title>")
            page.text(decision.line)
            page.raw(
                "</title><rect x=\"\(x(decision.time))\" y=\"\(Self.number(top))\" width=\"8\" height=\"8\" "
                    + "transform=\"rotate(45 \(x(decision.time)) \(Self.number(top)))\"/></g>")
        }
        var lastLabelEnd: [Int: Double] = [:]
        for (index, event) in session.events.enumerated() {
            let top = 24 + Self.laneHeight * Double(event.device) + 96
            let eventX = x(event.time)
            page.raw(
                "<g class=\"event t-\(event.type)\" data-index=\"\(index)\" data-type=\"\(event.type)\" "
                    + "data-line=\"\(HTMLText.escaped(event.line))\"><title>")
            page.text(event.line)
            page.raw(
                "</title><line x1=\"\(eventX)\" y1=\"\(Self.number(top - 10))\" x2=\"\(eventX)\" "
                    + "y2=\"\(Self.number(top + 4))\"/>")
            // A label where it does not run into the previous one in the lane.
            let position = Double(eventX) ?? 0
            if !event.label.hasSuffix("changed"), position >= lastLabelEnd[event.device] ?? 0 {
                page.raw("<text x=\"\(eventX)\" y=\"\(Self.number(top + 14))\">")
                page.text(event.label)
                page.raw("</text>")
                lastLabelEnd[event.device] = position + 6.5 * Double(event.label.count) + 4
            }
            page.raw("</g>")
        }
        page.raw("</svg></div></section>\n")
    }

    /// The tick step: 1, 2 or 5 × 10ⁿ seconds, the smallest at least `seconds`.
    private static func tickStep(forSecondsPer100Pixels seconds: Double) -> Double {
        var magnitude = 0.001
        while true {
            for factor in [1.0, 2, 5] where magnitude * factor >= seconds { return magnitude * factor }
            magnitude *= 10
        }
    }

    // MARK: Scene

    /// The widest a scene is drawn, in pixels.
    private static let sceneWidth = 960.0

    private func sceneMap(_ scene: SceneMap, into page: inout HTMLText) {
        let scale = min(1, Self.sceneWidth / max(scene.size.width, 1))
        func point(_ rect: Rect) -> (x: Double, y: Double) {
            ((rect.minX + rect.size.width / 2) * scale, (rect.minY + rect.size.height / 2) * scale)
        }
        // Content scrolled out of the window (a long grid) is drawn too: the picture holds every
        // frame.
        let drawnWidth = scene.items.reduce(scene.size.width) { max($0, $1.frame.maxX) }
        let drawnHeight = scene.items.reduce(scene.size.height) { max($0, $1.frame.maxY) }
        let frames = Dictionary(scene.items.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
        page.raw("<section class=\"scene\"><h2>Scene</h2><p>")
        page.text(
            "\(Self.number(scene.size.width)) × \(Self.number(scene.size.height)) points, \(scene.items.count) nodes, "
                + "\(scene.tabStops.count) Tab stops"
                + (session.map { ", focus moved \($0.focusPath.count) times" } ?? ""))
        page.raw("</p>")
        page.raw(
            "<svg class=\"scene\" width=\"\(Self.number(drawnWidth * scale + 20))\" "
                + "height=\"\(Self.number(drawnHeight * scale + 20))\" "
                + "viewBox=\"-10 -10 \(Self.number(drawnWidth * scale + 20)) \(Self.number(drawnHeight * scale + 20))\">"
        )
        page.raw(
            "<defs><marker id=\"step\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" "
                + "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" class=\"focus-arrow\"/></marker></defs>")
        for item in scene.items {
            let rect = item.frame
            page.raw(
                "<g class=\"item\(item.isFocusable ? " focusable" : "")\" data-item=\"\(HTMLText.escaped(item.id))\"")
            for neighbour in item.neighbours {
                page.raw(" data-\(neighbour.heading)=\"\(HTMLText.escaped(neighbour.id))\"")
            }
            page.raw("><title>")
            page.text(
                item.id
                    + (item.neighbours.isEmpty
                        ? "" : ": " + item.neighbours.map { "\($0.heading) → \($0.id)" }.joined(separator: ", ")))
            page.raw(
                "</title><rect x=\"\(Self.number(rect.minX * scale))\" y=\"\(Self.number(rect.minY * scale))\" "
                    + "width=\"\(Self.number(rect.size.width * scale))\" height=\"\(Self.number(rect.size.height * scale))\"/>"
            )
            if item.isFocusable {
                page.raw(
                    "<text x=\"\(Self.number(rect.minX * scale + 4))\" y=\"\(Self.number(rect.maxY * scale - 5))\">")
                page.text(item.id)
                page.raw("</text>")
            }
            page.raw("</g>")
        }
        // The Tab loop: a dashed line through the stops in order and back to the first.
        let stops = scene.tabStops.compactMap { stop in frames[stop.id].map { (stop, point($0)) } }
        if stops.count > 1 {
            let line = (stops + [stops[0]]).map { "\(Self.number($0.1.x)),\(Self.number($0.1.y))" }
            page.raw("<polyline class=\"tab-loop\" points=\"\(line.joined(separator: " "))\"/>")
        }
        if let session {
            let path = session.focusPath.compactMap { $0.flatMap { frames[$0] }.map(point) }
            if path.count > 1 {
                let line = path.map { "\(Self.number($0.x)),\(Self.number($0.y))" }
                page.raw(
                    "<polyline class=\"focus-path\" data-steps=\"\(path.count)\" points=\"\(line.joined(separator: " "))\" "
                        + "marker-mid=\"url(#step)\" marker-end=\"url(#step)\"><title>")
                page.text("where focus went: \(path.count) items")
                page.raw("</title></polyline>")
            }
            for action in session.actions {
                guard let frame = frames[action.item] else { continue }
                let centre = point(frame)
                page.raw("<g class=\"action-mark\"><title>")
                page.text(action.line)
                page.raw(
                    "</title><circle cx=\"\(Self.number(centre.x))\" cy=\"\(Self.number(centre.y))\" r=\"7\"/></g>")
            }
        }
        for (stop, centre) in stops {
            guard let frame = frames[stop.id] else { continue }
            _ = centre
            let x = Self.number(frame.minX * scale)
            let y = Self.number(frame.minY * scale)
            page.raw(
                "<g class=\"tab-stop\" data-number=\"\(stop.number)\" data-item=\"\(HTMLText.escaped(stop.id))\"><title>"
            )
            page.text("Tab stop \(stop.number): \(stop.id) (\(stop.group.map { "group \($0)" } ?? "root group"))")
            page.raw(
                "</title><circle cx=\"\(x)\" cy=\"\(y)\" r=\"10\"/><text x=\"\(x)\" y=\"\(y)\" dy=\"4\">\(stop.number)</text></g>"
            )
        }
        page.raw("</svg></section>\n")
    }

    // MARK: Helpers

    /// A contact's colour: hues a golden angle apart, so that neighbours differ.
    private static func colour(of number: Int) -> String {
        "hsl(\(Int((Double(number - 1) * 137.508).truncatingRemainder(dividingBy: 360))), 75%, 42%)"
    }

    /// A number for SVG: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        var text = WayfinderEvent.fixed(value, digits: 2)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d1d1f;background:#fafafa}\
        h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 4px}p{margin:0 0 8px;color:#555}\
        svg text{font:10px system-ui,sans-serif;fill:#333}\
        rect.pad{fill:#fff;stroke:#888;stroke-width:1.5}line.grid{stroke:#eee}\
        path.contact{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}\
        .event-mark circle{fill:none;stroke:#000;stroke-width:1.5}.event-mark text{font-weight:600}\
        .why-mark rect{fill:#f0a020;stroke:#8a5a00}\
        .scroller{overflow-x:auto;border:1px solid #ddd;background:#fff}\
        rect.lane{fill:#fcfcfc;stroke:#eee}text.lane{font-weight:600;font-size:11px}text.kind{fill:#777}\
        line.tick{stroke:#eee}text.tick{fill:#888}polyline.speed{fill:none;stroke:#9ab;stroke-width:1}\
        .event line{stroke:#456;stroke-width:1.5}.event text{font-size:9px}\
        .t-tap line,.t-button line{stroke:#c22;stroke-width:2.5}.t-focus line,.t-select line{stroke:#27a;stroke-width:2.5}\
        .t-action line{stroke:#7a2;stroke-width:2.5}.t-key line{stroke:#333}\
        .span.held rect{fill:#cfe3f7;stroke:#7aa7d6}.span.timeout rect{fill:#fde3b8;stroke:#e0a040}\
        .span text{font-size:8px}.decision rect{fill:#f0a020;stroke:#8a5a00}\
        .item rect{fill:none;stroke:#ccc}.item.focusable rect{fill:#eef4fb;stroke:#8aa8c8}\
        .item.focusable:hover rect,.item.neighbour rect{fill:#ffe9a8;stroke:#c90}\
        .tab-loop{fill:none;stroke:#27a;stroke-width:1.5;stroke-dasharray:5 4;opacity:.6}\
        .tab-stop circle{fill:#27a}.tab-stop text{fill:#fff;font-weight:700;text-anchor:middle}\
        .focus-path{fill:none;stroke:#d33;stroke-width:2.5;opacity:.8}.focus-arrow{fill:#d33}\
        .action-mark circle{fill:none;stroke:#7a2;stroke-width:3}
        """

    /// Hovering over a focusable item marks the items its arrows lead to.
    private static let script = """
        for(const g of document.querySelectorAll('g.item.focusable')){\
        const ids=['up','down','left','right'].map(h=>g.dataset[h]).filter(Boolean);\
        const marked=()=>ids.map(id=>document.querySelector('g.item[data-item="'+CSS.escape(id)+'"]')).filter(Boolean);\
        g.addEventListener('mouseenter',()=>marked().forEach(n=>n.classList.add('neighbour')));\
        g.addEventListener('mouseleave',()=>marked().forEach(n=>n.classList.remove('neighbour')));}
        """
}

/// HTML written piece by piece, with text escaped.
struct HTMLText {
    private(set) var result = ""

    /// Appends markup as it is.
    mutating func raw(_ markup: String) { result += markup }

    /// Appends text, escaped.
    mutating func text(_ text: String) { result += Self.escaped(text) }

    /// Text escaped for an element's content or an attribute's value in double quotes.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
