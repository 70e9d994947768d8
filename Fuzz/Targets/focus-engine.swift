// fuzz-modules: Wayfinder
// fuzz-support: Expect FuzzBytes
// fuzz-options: -max_len=1024
//
// The focus engine on small scenes generated from fuzz bytes (nested containers, lists and
// collections, focus groups and priorities, focus sections, scroll views, text fields, hidden and
// disabled nodes) and a sequence of keys, tree changes and programmatic requests. Beyond "no
// trap, no hang", after every step:
//
// - focus is on nothing, or on a node that is in the tree, visible (neither it nor an ancestor
//   hidden or disabled), sized, declared focusable (or a Full Keyboard Access element) and in the
//   engine's own layout;
// - the focus events of a step chain from the item focused before it to the one focused after;
// - Tab is no trap: with something focusable it focuses something, and with two or more groups in
//   the Tab loop it leaves the group it was in;
// - through the runtime, the scene's keys focus nodes of the scene, and an item focused inside a
//   scroll view is scrolled into its viewport (when it fits and lies within the content).
//
// The input:
//
//     byte 0     bit 0 right to left, bit 1 Space selects, bit 2 proximity search, bit 3 Full
//                Keyboard Access on
//     byte 1     the number of nodes besides the window (modulo 24, plus 1)
//     nodes      8 bytes each: parent (modulo the nodes before it; 0 is the window), role,
//                flags (bits 0-1 focusable: unset, true, false, true; bit 2 allowsFocus; bit 3
//                focus section; bit 4 transparent; bit 5 selected; bit 6 scroll view, content 2×
//                wide and 4× tall; bit 7 not responding to the user), group (bits 0-2: 5-7 name
//                g0-g2; bits 3-5 priority; bit 6 selection follows focus; bit 7 a label), x, y,
//                width, height (modulo 32 and 16, in steps of 20 points)
//     steps      one byte each (some take the next byte as a node index), see `Step`

import EventModel
import FocusEngine
import Geometry
import InputEvents
import Scenes
import Wayfinder

/// A scene read from the fuzz bytes, and what is left of them.
struct GeneratedScene {
    static let roles: [NodeRole?] = [
        nil, .button, .textField, .textView, .cell, .list, .collection, .label, .image, .container,
    ]

    var scene: Scene
    var ids: [String]

    init(_ bytes: inout FuzzBytes) {
        let settings = bytes.byte()
        let count = Int(bytes.byte() % 24) + 1
        var nodes: [SceneNode] = [
            SceneNode(id: "window", frame: Rect(x: 0, y: 0, width: 640, height: 640), role: .container)
        ]
        var parents: [Int] = [-1]
        for index in 1...count {
            let parent = Int(bytes.byte()) % index
            let role = Self.roles[Int(bytes.byte()) % Self.roles.count]
            let flags = bytes.byte()
            let grouping = bytes.byte()
            let frame = Rect(
                x: Double(bytes.byte() % 32) * 20, y: Double(bytes.byte() % 32) * 20,
                width: Double(bytes.byte() % 16) * 20, height: Double(bytes.byte() % 16) * 20)
            let focusable: Bool? = [nil, true, false, true][Int(flags & 0b11)]
            let group = grouping & 0b111
            let priority = Int((grouping >> 3) & 0b111)
            nodes.append(
                SceneNode(
                    id: "n\(index)", frame: frame, role: role, focusable: focusable,
                    allowsFocus: flags & 0b100 != 0 ? true : nil,
                    focusGroup: group >= 5 ? "g\(group - 5)" : nil,
                    priority: priority == 0 ? nil : priority * 250,
                    selected: flags & 0b10_0000 != 0,
                    selectionFollowsFocus: grouping & 0b100_0000 != 0 ? true : nil,
                    focusSection: flags & 0b1000 != 0,
                    label: grouping & 0b1000_0000 != 0 ? "label \(index)" : nil,
                    respondsToUserInteraction: flags & 0b1000_0000 == 0,
                    scroll: flags & 0b100_0000 != 0
                        ? SceneScroll(contentSize: Size(width: frame.width * 2, height: frame.height * 4)) : nil))
            nodes[index].transparent = flags & 0b1_0000 != 0
            parents.append(parent)
        }
        // Children join their parents from the last node back, so that every subtree is complete
        // when it joins.
        for index in stride(from: count, through: 1, by: -1) {
            nodes[parents[index]].children.insert(nodes[index], at: 0)
        }
        scene = Scene(
            layoutDirection: settings & 0b1 != 0 ? .rightToLeft : .leftToRight,
            selectKey: settings & 0b10 != 0 ? .space : .return,
            directionalSearch: settings & 0b100 != 0 ? .proximity : .precise,
            root: nodes[0])
        ids = nodes.map(\.id)
        fullKeyboardAccess = settings & 0b1000 != 0
    }

    var fullKeyboardAccess: Bool
}

/// One step of the sequence.
enum Step {
    case key(KeyInput)
    case toggleFullKeyboardAccess
    case hide(Int)
    case disable(Int)
    case toggleFocusable(Int)
    case move(Int, Rect)
    case removeChildren(Int)
    case focus(Int)
    case needsUpdate(Int)
    case resign
    case select(Int)

    static let keys: [KeyInput] = [
        .press(KeyPress(.tab)), .press(KeyPress(.tab, modifiers: .shift)), .press(KeyPress(.up)),
        .press(KeyPress(.down)), .press(KeyPress(.left)), .press(KeyPress(.right)), .press(KeyPress(.return)),
        .press(KeyPress(.space)), .press(KeyPress(.escape)), .press(KeyPress(.character("z"), modifiers: .tab)),
        .press(KeyPress(.character("f"), modifiers: .tab)), .text("label"), .press(KeyPress(.home)),
        .press(KeyPress(.end)), .press(KeyPress(.character("a"), modifiers: .control)),
        .press(KeyPress(.tab, modifiers: [.control])), .press(KeyPress(.down, modifiers: .shift)),
    ]

    static func read(_ bytes: inout FuzzBytes, nodes: Int) -> Step {
        let code = Int(bytes.byte())
        if code < 128 { return .key(keys[code % keys.count]) }
        let node = Int(bytes.byte()) % nodes
        switch code % 10 {
        case 0: return .toggleFullKeyboardAccess
        case 1: return .hide(node)
        case 2: return .disable(node)
        case 3: return .toggleFocusable(node)
        case 4:
            let frame = Rect(
                x: Double(bytes.byte() % 32) * 20, y: Double(bytes.byte() % 32) * 20,
                width: Double(bytes.byte() % 16) * 20, height: Double(bytes.byte() % 16) * 20)
            return .move(node, frame)
        case 5: return .removeChildren(node)
        case 6: return .focus(node)
        case 7: return .needsUpdate(node)
        case 8: return .resign
        default: return .select(node)
        }
    }
}

/// Why `item` may not hold focus, judged without the engine (plus the engine's own layout), or nil.
func reasonNotFocusable(_ item: any FocusItem, root: FocusNode, system: FocusSystem) -> String? {
    var current: (any FocusEnvironment)? = item
    var reachesRoot = false
    while let environment = current {
        if environment.isHidden { return "\(FocusSystem.name(of: environment)) is hidden" }
        if !environment.isUserInteractionEnabled { return "\(FocusSystem.name(of: environment)) is disabled" }
        if environment === root { reachesRoot = true }
        current = environment.parentFocusEnvironment
    }
    if !reachesRoot { return "not in the tree" }
    let frame = item.frame
    if !(frame.width > 0 && frame.height > 0) { return "its frame \(frame) is empty" }
    let fullKeyboardAccess = system.configuration.fullKeyboardAccess
    let declared =
        item.canBecomeFocused
        || (fullKeyboardAccess && item.accessibilityRespondsToUserInteraction
            && (item.isFullKeyboardAccessElement || item.isAccessibilityElement))
    if !declared { return "it does not declare itself focusable" }
    if !system.isFocusable(item) { return "the engine's layout does not hold it" }
    return nil
}

/// The engine driven directly: keys, tree changes and requests, with the invariants after each.
func checkEngine(_ generated: GeneratedScene, steps: [Step]) {
    guard let tree = try? SceneFocusTree(scene: generated.scene, file: "fuzz") else { return }
    var configuration = tree.configuration
    configuration.fullKeyboardAccess = generated.fullKeyboardAccess
    let system = FocusSystem(root: tree.root, configuration: configuration)
    let nodes = generated.ids.map { tree.node(withID: $0)! }
    func focusedName() -> String? { system.focusedItem.map { FocusSystem.name(of: $0) } }
    for (index, step) in steps.enumerated() {
        let before = focusedName()
        let beforeGroup = system.focusedItem.map { system.focusGroupIdentifier(of: $0) }
        var events: [EventPayload] = []
        var changesTree = false
        switch step {
        case .key(let input):
            events = system.handle(input).events
            if input == .press(KeyPress(.tab)), !system.configuration.fullKeyboardAccess {
                let loop = system.tabLoopGroups
                expect(
                    system.tabLoop.isEmpty || system.focusedItem != nil,
                    "step \(index): Tab focused nothing although the Tab loop is \(loop)")
                if loop.count >= 2, let beforeGroup, loop.contains(beforeGroup), let item = system.focusedItem {
                    expect(
                        system.focusGroupIdentifier(of: item) != beforeGroup,
                        "step \(index): Tab stayed in the group \(beforeGroup ?? "root") of the loop \(loop)")
                }
            }
        case .toggleFullKeyboardAccess:
            system.configuration.fullKeyboardAccess.toggle()
            changesTree = true
        case .hide(let node):
            nodes[node].isHidden.toggle()
            changesTree = true
        case .disable(let node):
            nodes[node].isUserInteractionEnabled.toggle()
            changesTree = true
        case .toggleFocusable(let node):
            nodes[node].focusable = nodes[node].focusable == false ? true : false
            changesTree = true
        case .move(let node, let frame):
            nodes[node].frame = frame
            changesTree = true
        case .removeChildren(let node):
            nodes[node].removeAllChildren()
            changesTree = true
        case .focus(let node):
            events = system.focus(nodes[node]).events
        case .needsUpdate(let node):
            system.setNeedsFocusUpdate(for: nodes[node])
            events = system.updateFocusIfNeeded().events
        case .resign:
            events = system.resignFocus().events
        case .select(let node):
            events = system.select(nodes[node])
        }
        if changesTree { system.invalidateLayout() }
        if let item = system.focusedItem, let reason = reasonNotFocusable(item, root: tree.root, system: system) {
            fatalError("step \(index) (\(step)): focus is on \(FocusSystem.name(of: item)), but \(reason)")
        }
        guard !changesTree else { continue }
        var current = before
        for case .focus(let from, let to, _) in events {
            expect(
                from == current, "step \(index) (\(step)): focus moved from \(from ?? "nil"), not \(current ?? "nil")")
            current = to
        }
        expect(
            current == focusedName(),
            "step \(index) (\(step)): the events end on \(current ?? "nil"), focus is on \(focusedName() ?? "nil")")
    }
}

/// The same scene through the runtime, keys only: focus lands on nodes of the scene, and what is
/// focused inside a scroll view is scrolled into sight.
func checkRuntime(_ generated: GeneratedScene, steps: [Step]) {
    guard
        let runtime = try? Runtime(
            scene: generated.scene, sceneFile: "fuzz", fullKeyboardAccess: generated.fullKeyboardAccess)
    else { return }
    var nodes: [String: SceneNode] = [:]
    var scrollViewOf: [String: String] = [:]
    func index(_ node: SceneNode, scrollView: String?) {
        nodes[node.id] = node
        if let scrollView { scrollViewOf[node.id] = scrollView }
        for child in node.children { index(child, scrollView: node.scroll != nil ? node.id : scrollView) }
    }
    index(generated.scene.root, scrollView: nil)
    var offsets: [String: Vector] = [:]
    var time = Timestamp(microseconds: 1_000_000)
    for (index, step) in steps.enumerated() {
        guard case .key(let input) = step else { continue }
        time = time + .milliseconds(10)
        var focused: String?
        for event in runtime.press(input, at: time) {
            switch event.payload {
            case .focus(_, let to, _):
                expect(to.map { nodes[$0] != nil } ?? true, "step \(index): focus on \(to ?? "nil"), not a node")
                focused = to
            case .contentOffset(let item, let offset):
                expect(offset.x.isFinite && offset.y.isFinite, "step \(index): \(item) scrolled to \(offset)")
                offsets[item] = offset
            case .device, .input, .select, .action:
                continue
            }
        }
        guard let focused, let item = nodes[focused], let scrollID = scrollViewOf[focused],
            let scrollView = nodes[scrollID], let content = scrollView.scroll?.contentSize
        else { continue }
        let viewport = scrollView.frame
        let offset = offsets[scrollID] ?? .zero
        let frame = item.frame
        expect(
            isInSight(
                frame.minY, frame.maxY, viewport: (viewport.minY, viewport.maxY), content: content.height,
                offset: offset.y)
                && isInSight(
                    frame.minX, frame.maxX, viewport: (viewport.minX, viewport.maxX), content: content.width,
                    offset: offset.x),
            "step \(index): \(focused) at \(frame) is focused out of sight in \(scrollID) (\(viewport), offset \(offset))"
        )
    }
}

/// Whether a span of content is in sight along one axis of a viewport scrolled by `offset`, when
/// it can be: only what fits in the viewport and lies within the content can be shown whole.
func isInSight(
    _ low: Double, _ high: Double, viewport: (low: Double, high: Double), content: Double, offset: Double
) -> Bool {
    let length = viewport.high - viewport.low
    let canBeShown = high - low <= length && low >= viewport.low && high <= viewport.low + max(content, length)
    return !canBeShown || (low >= viewport.low + offset && high <= viewport.high + offset)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFocusEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzBytes(Array(UnsafeBufferPointer(start: data, count: size)))
    let generated = GeneratedScene(&bytes)
    var steps: [Step] = []
    while !bytes.isAtEnd && steps.count < 256 { steps.append(Step.read(&bytes, nodes: generated.ids.count)) }
    checkEngine(generated, steps: steps)
    checkRuntime(generated, steps: steps)
    return 0
}
