import EventModel
public import Geometry

/// An environment that redirects focus: a rectangle that directional moves can land on, which
/// hands focus to the first of its preferred environments with a focusable item (UIKit's
/// `UIFocusGuide`).
///
/// ```swift
/// let guide = FocusGuide(layoutFrame: Rect(x: 300, y: 0, width: 40, height: 400))
/// guide.preferredFocusEnvironments = [farAwayButton]
/// container.addChild(guide)
/// ```
public final class FocusGuide: FocusEnvironment {
    /// The area moves can land on.
    public var layoutFrame: Rect
    /// Whether the guide takes part; enabled by default, as in UIKit.
    public var isEnabled: Bool = true
    /// Where focus goes; an empty list makes the guide inert.
    public var preferredFocusEnvironments: [any FocusEnvironment] = []
    /// The containing environment, set by `FocusNode.addChild(_:)`.
    public weak var parentFocusEnvironment: (any FocusEnvironment)?
    /// An optional stable name.
    public var restorationIdentifier: String?

    /// Creates a guide covering `layoutFrame`.
    public init(layoutFrame: Rect, restorationIdentifier: String? = nil) {
        self.layoutFrame = layoutFrame
        self.restorationIdentifier = restorationIdentifier
    }

    public var focusAreaFrame: Rect? { layoutFrame }
    public var canBecomeFirstResponder: Bool { false }
}

/// Sorts rectangles in reading order: rows from top to bottom (a rectangle starting at or below
/// the bottom of the current row starts a new one), each row from the leading edge to the
/// trailing edge (left to right, or right to left), ties in the given order.
///
/// - Returns: The indices of `frames` in reading order.
public func readingOrder(of frames: [Rect], direction: LayoutDirection) -> [Int] {
    let byTop = frames.indices.sorted { (frames[$0].minY, $0) < (frames[$1].minY, $1) }
    var result: [Int] = []
    result.reserveCapacity(frames.count)
    var row: [Int] = []
    var rowBottom = -Double.infinity
    func flush() {
        switch direction {
        case .leftToRight: row.sort { (frames[$0].minX, $0) < (frames[$1].minX, $1) }
        case .rightToLeft: row.sort { (-frames[$0].maxX, $0) < (-frames[$1].maxX, $1) }
        }
        result.append(contentsOf: row)
        row.removeAll(keepingCapacity: true)
    }
    for index in byTop {
        if !row.isEmpty && frames[index].minY >= rowBottom {
            flush()
            rowBottom = -Double.infinity
        }
        row.append(index)
        rowBottom = max(rowBottom, frames[index].maxY)
    }
    flush()
    return result
}

/// A snapshot of what can be focused: items, groups, Tab order and redirectors. Rebuilt when the
/// tree or the configuration changes; searches run against it.
final class FocusLayout {
    struct Entry {
        let item: any FocusItem
        let frame: Rect
        let group: Int
        /// Position of the item among its group's members in reading order.
        var readingRank = 0
    }

    struct Group {
        let identifier: String?
        let parent: Int?
        weak var owner: (any FocusEnvironment)?
        var children: [Int] = []
        /// Entries whose nearest group is this one, in tree order.
        var members: [Int] = []
        /// Members in reading order.
        var readingOrder: [Int] = []
        var frame: Rect?
        var hasContent = false
    }

    struct Redirector {
        let environment: any FocusEnvironment
        let frame: Rect
        let group: Int
    }

    let direction: LayoutDirection
    private(set) var entries: [Entry] = []
    private(set) var groups: [Group] = []
    private(set) var redirectors: [Redirector] = []
    /// Group indices in Tab order.
    private(set) var tabStops: [Int] = []
    /// For each group, the redirectors in it, in tree order.
    private var redirectorsByGroup: [[Redirector]] = []
    /// For each group, its position in ``tabStops``, or nil when it is not a stop.
    private var tabStopPositions: [Int?] = []
    private var entryIndex: [ObjectIdentifier: Int] = [:]
    private var restorationIndex: [String: Int]?
    /// The first entry with each restoration identifier; built on first use (restoring focus
    /// after a rebuild), since hashing every id would dominate building a large layout.
    var entriesByRestorationID: [String: Int] {
        if let restorationIndex { return restorationIndex }
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            if let identifier = entry.item.restorationIdentifier, index[identifier] == nil {
                index[identifier] = position
            }
        }
        restorationIndex = index
        return index
    }
    private var groupIndexByIdentifier: [String: Int] = [:]
    /// Per-group spatial index and member frames, built on first use.
    private var grids: [Int: (grid: SpatialGrid, frames: [Rect])] = [:]

    init(root: any FocusEnvironment, direction: LayoutDirection, fullKeyboardAccess: Bool) {
        self.direction = direction
        groups.append(Group(identifier: nil, parent: nil, owner: root))
        visit(root, group: 0, blocked: false, insideFocusable: false, fullKeyboardAccess: fullKeyboardAccess)
        removeOccludedEntries()
        finishGroups()
    }

    /// An item that cannot be focused and is not transparent: it hides the focusable items drawn
    /// before it (earlier in tree order) that it covers completely.
    private struct Occluder {
        let item: any FocusItem
        let frame: Rect
        /// How many entries come before it in tree order.
        let entriesBefore: Int
    }

    private var occluders: [Occluder] = []

    /// Removes the entries hidden by an occluder (UIKit's focus occlusion; a transparent focus
    /// item does not occlude). Only leaves occlude: a container is drawn by its children.
    private func removeOccludedEntries() {
        defer { occluders = [] }
        guard !occluders.isEmpty, !entries.isEmpty else { return }
        let grid = SpatialGrid(frames: entries.map(\.frame))
        var hidden = Set<Int>()
        for occluder in occluders {
            grid.forEachItem(overlapping: occluder.frame) { index in
                guard index < occluder.entriesBefore, !hidden.contains(index) else { return }
                guard occluder.frame.contains(entries[index].frame), !entries[index].item.contains(occluder.item)
                else { return }
                hidden.insert(index)
            }
        }
        guard !hidden.isEmpty else { return }
        var remap = [Int?](repeating: nil, count: entries.count)
        var kept: [Entry] = []
        kept.reserveCapacity(entries.count - hidden.count)
        for (index, entry) in entries.enumerated() where !hidden.contains(index) {
            remap[index] = kept.count
            kept.append(entry)
        }
        entries = kept
        entryIndex = [:]
        for (index, entry) in entries.enumerated() { entryIndex[ObjectIdentifier(entry.item)] = index }
        for group in groups.indices { groups[group].members = groups[group].members.compactMap { remap[$0] } }
    }

    /// Environments already visited: a tree that lists an environment twice (or in a cycle) is
    /// walked once instead of forever.
    private var visited = Set<ObjectIdentifier>()

    private func visit(
        _ environment: any FocusEnvironment,
        group inherited: Int,
        blocked inheritedBlocked: Bool,
        insideFocusable: Bool,
        fullKeyboardAccess: Bool
    ) {
        guard visited.insert(ObjectIdentifier(environment)).inserted else { return }
        var group = inherited
        if let identifier = environment.focusGroupIdentifier, identifier != groups[inherited].identifier {
            if let existing = groupIndexByIdentifier[identifier] {
                group = existing
            } else {
                group = groups.count
                groups.append(Group(identifier: identifier, parent: inherited, owner: environment))
                groups[inherited].children.append(group)
                groupIndexByIdentifier[identifier] = group
            }
        }
        let blocked = inheritedBlocked || environment.isHidden || !environment.isUserInteractionEnabled
        var focusableHere = false
        if let item = environment as? any FocusItem, !blocked, !insideFocusable, Self.isUsable(item.frame),
            Self.declaresFocusable(item, fullKeyboardAccess: fullKeyboardAccess)
        {
            focusableHere = true
            let index = entries.count
            entries.append(Entry(item: item, frame: item.frame, group: group))
            entryIndex[ObjectIdentifier(item)] = index
            groups[group].members.append(index)
        }
        if !focusableHere, !blocked, let item = environment as? any FocusItem, !item.isTransparentFocusItem,
            item.focusChildren.isEmpty, Self.isUsable(item.frame)
        {
            occluders.append(Occluder(item: item, frame: item.frame, entriesBefore: entries.count))
        }
        if !blocked {
            if let guide = environment as? FocusGuide {
                if guide.isEnabled && !guide.preferredFocusEnvironments.isEmpty {
                    redirectors.append(Redirector(environment: guide, frame: guide.layoutFrame, group: group))
                }
            } else if environment.isFocusSection, !focusableHere,
                let frame = environment.focusAreaFrame ?? (environment as? any FocusItem)?.frame
            {
                redirectors.append(Redirector(environment: environment, frame: frame, group: group))
            }
        }
        for child in environment.focusChildren {
            visit(
                child,
                group: group,
                blocked: blocked,
                insideFocusable: insideFocusable || focusableHere,
                fullKeyboardAccess: fullKeyboardAccess
            )
        }
    }

    /// Whether a frame can take focus: finite, within ``maximumCoordinate``, and not empty.
    static func isUsable(_ frame: Rect) -> Bool {
        let values = [frame.minX, frame.minY, frame.maxX, frame.maxY]
        return !frame.isEmpty && values.allSatisfy { $0.isFinite && abs($0) <= maximumCoordinate }
    }

    /// Frames further than this from the origin (in points) cannot take focus: no screen is that
    /// large, and beyond it distances squared lose the precision the searches rely on.
    static let maximumCoordinate = 1e12

    /// The item's own declaration, before visibility and position are taken into account.
    static func declaresFocusable(_ item: any FocusItem, fullKeyboardAccess: Bool) -> Bool {
        if fullKeyboardAccess {
            // Full Keyboard Access skips elements that do not respond to the user.
            guard item.accessibilityRespondsToUserInteraction else { return false }
            return item.canBecomeFocused || item.isFullKeyboardAccessElement || item.isAccessibilityElement
        }
        return item.canBecomeFocused
    }

    private func finishGroups() {
        // Frames and content, children before parents (children always have larger indices).
        for index in groups.indices.reversed() {
            var frame = groups[index].owner.flatMap { owner in
                owner.focusAreaFrame ?? (owner as? any FocusItem)?.frame
            }
            var hasContent = !groups[index].members.isEmpty
            for member in groups[index].members {
                frame = frame.map { $0.union(entries[member].frame) } ?? entries[member].frame
            }
            for child in groups[index].children where groups[child].hasContent {
                hasContent = true
                if let childFrame = groups[child].frame { frame = frame.map { $0.union(childFrame) } ?? childFrame }
            }
            groups[index].frame = frame
            groups[index].hasContent = hasContent
            let members = groups[index].members
            let order = readingOrder(of: members.map { entries[$0].frame }, direction: direction).map { members[$0] }
            groups[index].readingOrder = order
            for (rank, entry) in order.enumerated() { entries[entry].readingRank = rank }
        }
        tabStops = tabOrder(of: 0)
        redirectorsByGroup = Array(repeating: [], count: groups.count)
        for redirector in redirectors { redirectorsByGroup[redirector.group].append(redirector) }
        tabStopPositions = Array(repeating: nil, count: groups.count)
        for (position, group) in tabStops.enumerated() { tabStopPositions[group] = position }
    }

    /// A group's Tab stops: its own members as one unit and each child group as one unit, sorted
    /// in reading order, child groups expanded in place.
    private func tabOrder(of group: Int) -> [Int] {
        enum Unit { case own, child(Int) }
        var units: [(Unit, Rect)] = []
        let members = groups[group].members
        if let first = members.first {
            var frame = entries[first].frame
            for member in members { frame = frame.union(entries[member].frame) }
            units.append((.own, frame))
        }
        for child in groups[group].children where groups[child].hasContent {
            units.append((.child(child), groups[child].frame ?? .zero))
        }
        var result: [Int] = []
        for index in readingOrder(of: units.map(\.1), direction: direction) {
            switch units[index].0 {
            case .own: result.append(group)
            case .child(let child): result.append(contentsOf: tabOrder(of: child))
            }
        }
        return result
    }

    // MARK: Queries

    func entry(for item: any FocusItem) -> Int? { entryIndex[ObjectIdentifier(item)] }

    func contains(_ item: any FocusItem) -> Bool { entry(for: item) != nil }

    /// The focus sections and guides of `group`, in tree order.
    func redirectors(inGroup group: Int) -> [Redirector] { redirectorsByGroup[group] }

    /// The position of `group` in the Tab loop, or nil when it is not a stop.
    func tabStopPosition(ofGroup group: Int) -> Int? { tabStopPositions[group] }

    /// The group index for an environment's identifier path, or the root group.
    func groupIndex(forIdentifier identifier: String?) -> Int? {
        guard let identifier else { return 0 }
        return groupIndexByIdentifier[identifier]
    }

    /// The best member of `group` along `heading`, searching with a spatial index.
    func bestMember(of group: Int, from source: Rect, heading: FocusHeading, rule: DirectionalSearch) -> Int? {
        let members = groups[group].members
        guard !members.isEmpty else { return nil }
        let index: (grid: SpatialGrid, frames: [Rect])
        if let cached = grids[group] {
            index = cached
        } else {
            let frames = members.map { entries[$0].frame }
            index = (SpatialGrid(frames: frames), frames)
            grids[group] = index
        }
        return index.grid.bestCandidate(from: source, heading: heading, frames: index.frames, rule: rule).map {
            members[$0]
        }
    }
}
