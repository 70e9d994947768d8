public import EventModel
public import Geometry

/// The constants of directional search, with the reason for each value.
public struct DirectionalSearchThresholds: Hashable, Sendable {
    /// How much more a gap along the direction of travel counts than an offset across it, squared:
    /// the proximity score is `majorAxisWeight`·major² + minor². Android's FocusFinder (and
    /// Compose's 2-D search) use 13, so that an item far to the side loses to one slightly further
    /// ahead; keeping 13 reproduces their published test expectations.
    public var majorAxisWeight: Double = 13
    /// The grid cell side as a multiple of the average item side: about two items per cell keeps
    /// each visited cell cheap without making the walk across empty cells long.
    public var cellSizePerAverageItemSide: Double = 1.5
    /// At most this many cells per item: bigger cells are used when items are sparse, so the
    /// index stays proportional to the number of items.
    public var maximumCellsPerItem: Double = 4
    /// An item covering more cells than this (a huge background item) is kept in a short list
    /// checked on every search instead of being copied into hundreds of cells.
    public var maximumCellsCoveredByOneItem: Int = 256

    /// The values above.
    public static let standard = DirectionalSearchThresholds()
}

/// The rules arrow keys use to pick the next item, as pure functions over rectangles.
///
/// Both rules are written for a move to the right; other headings are mapped onto it by mirroring
/// and swapping axes (``normalized(_:for:)``), so that left/right and up/down stay exact mirrors.
///
/// - ``DirectionalSearch/precise``: UIKit's and tvOS's behaviour. A candidate must lie further in
///   the direction of travel (its leading and trailing edges both beyond the focused item's) and
///   overlap the focused item's extent across the direction of travel. The nearest along the
///   travel axis wins, then the smallest offset between centres across it, then tree order.
/// - ``DirectionalSearch/proximity``: Android's FocusFinder rules (also used by Compose's 2-D
///   search): `isCandidate`, then the beam rules, then the lowest 13·major² + minor².
public enum DirectionalRules {
    /// A rectangle mapped so that the heading points right: `left < right`, `top < bottom`.
    public struct NormalizedRect: Hashable, Sendable {
        /// Trailing edge against the direction of travel.
        public var left: Double
        /// One edge across the direction of travel.
        public var top: Double
        /// Leading edge in the direction of travel.
        public var right: Double
        /// The other edge across the direction of travel.
        public var bottom: Double

        var centerAcross: Double { (top + bottom) / 2 }
    }

    /// Maps `rect` so that moving along `heading` becomes moving right.
    public static func normalized(_ rect: Rect, for heading: FocusHeading) -> NormalizedRect {
        switch heading {
        case .left: NormalizedRect(left: -rect.maxX, top: rect.minY, right: -rect.minX, bottom: rect.maxY)
        case .down: NormalizedRect(left: rect.minY, top: rect.minX, right: rect.maxY, bottom: rect.maxX)
        case .up: NormalizedRect(left: -rect.maxY, top: rect.minX, right: -rect.minY, bottom: rect.maxX)
        default: NormalizedRect(left: rect.minX, top: rect.minY, right: rect.maxX, bottom: rect.maxY)
        }
    }

    // MARK: Shared

    /// Whether the destination's extent across the direction of travel overlaps the source's
    /// (touching edges do not count).
    static func beamsOverlap(_ source: NormalizedRect, _ destination: NormalizedRect) -> Bool {
        destination.bottom > source.top && destination.top < source.bottom
    }

    /// FocusFinder's `isCandidate`: the destination is at least partly beyond the source and its
    /// far edge is beyond the source's far edge.
    static func isCandidate(_ source: NormalizedRect, _ destination: NormalizedRect) -> Bool {
        (source.left < destination.left || source.right <= destination.left) && source.right < destination.right
    }

    /// The gap along the travel axis (0 when they overlap).
    static func majorAxisDistance(_ source: NormalizedRect, _ destination: NormalizedRect) -> Double {
        max(0, destination.left - source.right)
    }

    /// The distance from the source's leading edge to the destination's far edge, floored at 1.
    static func majorAxisDistanceToFarEdge(_ source: NormalizedRect, _ destination: NormalizedRect) -> Double {
        max(1, destination.right - source.right)
    }

    /// The distance between centres across the direction of travel.
    static func minorAxisDistance(_ source: NormalizedRect, _ destination: NormalizedRect) -> Double {
        abs(source.centerAcross - destination.centerAcross)
    }

    // MARK: Precise

    /// Whether `destination` can be reached from `source` under the precise rule.
    public static func isPreciseCandidate(from source: Rect, to destination: Rect, heading: FocusHeading)
        -> Bool
    {
        let s = normalized(source, for: heading)
        let d = normalized(destination, for: heading)
        return isCandidate(s, d) && beamsOverlap(s, d)
    }

    /// The precise rule's ranking key: gap along the travel axis, then offset between centres.
    static func preciseKey(_ source: NormalizedRect, _ destination: NormalizedRect) -> (Double, Double) {
        (majorAxisDistance(source, destination), minorAxisDistance(source, destination))
    }

    // MARK: Proximity

    /// FocusFinder's weighted distance: 13·major² + minor², which makes the travel axis count
    /// far more than the axis across it (the weight is
    /// ``DirectionalSearchThresholds/majorAxisWeight``).
    public static func weightedDistance(major: Double, minor: Double) -> Double {
        DirectionalSearchThresholds.standard.majorAxisWeight * major * major + minor * minor
    }

    /// FocusFinder's `beamBeats`: whether `first` wins over `second` because it is in the beam.
    static func beamBeats(
        _ source: NormalizedRect,
        _ first: NormalizedRect,
        _ second: NormalizedRect,
        vertical: Bool
    ) -> Bool {
        let firstInBeam = beamsOverlap(source, first)
        let secondInBeam = beamsOverlap(source, second)
        if secondInBeam || !firstInBeam { return false }
        // The second is not fully beyond the source: the one in the beam wins.
        if !(source.right <= second.left) { return true }
        // Left and right: being in the beam always wins.
        if !vertical { return true }
        // Up and down: only while the beam rect is closer than the other's far edge.
        return majorAxisDistance(source, first) < majorAxisDistanceToFarEdge(source, second)
    }

    /// FocusFinder's `isBetterCandidate` for normalized rectangles.
    static func isBetterProximityCandidate(
        _ source: NormalizedRect,
        _ first: NormalizedRect,
        than second: NormalizedRect,
        vertical: Bool
    ) -> Bool {
        if !isCandidate(source, first) { return false }
        if !isCandidate(source, second) { return true }
        if beamBeats(source, first, second, vertical: vertical) { return true }
        if beamBeats(source, second, first, vertical: vertical) { return false }
        return weightedDistance(major: majorAxisDistance(source, first), minor: minorAxisDistance(source, first))
            < weightedDistance(major: majorAxisDistance(source, second), minor: minorAxisDistance(source, second))
    }

    /// Whether `first` is a better proximity candidate than `second` for a move from `source`.
    public static func isBetterProximityCandidate(
        from source: Rect,
        _ first: Rect,
        than second: Rect,
        heading: FocusHeading
    ) -> Bool {
        isBetterProximityCandidate(
            normalized(source, for: heading),
            normalized(first, for: heading),
            than: normalized(second, for: heading),
            vertical: heading == .up || heading == .down
        )
    }

    /// Whether `destination` can be reached from `source` under the proximity rule.
    public static func isProximityCandidate(from source: Rect, to destination: Rect, heading: FocusHeading)
        -> Bool
    {
        isCandidate(normalized(source, for: heading), normalized(destination, for: heading))
    }

    // MARK: Reference search

    /// Finds the best destination by looking at every rectangle: the reference the indexed
    /// search is checked against, and a convenient way to run published geometries.
    ///
    /// FocusFinder's pairwise comparison is not transitive going up or down (an item in the beam
    /// beats a nearer one outside it only while it is nearer than that one's far edge), so the
    /// winner of a scan depends on the order items are visited. To give one answer whatever the
    /// order, the proximity rule is applied in two steps: the best item in the beam (lowest
    /// 13·major² + minor²), then, among the items outside the beam that beat it under FocusFinder's
    /// comparison (all of them when the beam is empty), the one with the lowest score. Ties go to
    /// the lowest index (tree order).
    ///
    /// - Parameters:
    ///   - source: The focused item's frame.
    ///   - heading: `.up`, `.down`, `.left` or `.right`.
    ///   - candidates: The other items' frames.
    ///   - rule: Which rule to apply.
    /// - Returns: The index of the winner in `candidates`, or nil when nothing qualifies.
    public static func bestCandidate(
        from source: Rect,
        heading: FocusHeading,
        among candidates: [Rect],
        rule: DirectionalSearch
    ) -> Int? {
        switch rule {
        case .precise:
            var best = SearchBest(source: source, heading: heading, stage: .precise)
            for (index, rect) in candidates.enumerated() { best.consider(index, rect) }
            return best.index
        case .proximity:
            var beam = SearchBest(source: source, heading: heading, stage: .beam)
            for (index, rect) in candidates.enumerated() { beam.consider(index, rect) }
            if beam.index != nil && !beam.vertical { return beam.index }
            var outside = SearchBest(source: source, heading: heading, stage: .outside(beaten: beam.best))
            for (index, rect) in candidates.enumerated() { outside.consider(index, rect) }
            return outside.index ?? beam.index
        }
    }
}

/// The running best of one stage of a directional search; shared by the linear and the indexed
/// search so that both apply exactly the same comparison and tie-break.
struct SearchBest {
    enum Stage {
        /// Precise: in the beam, ranked by gap, then offset.
        case precise
        /// Proximity, step 1: in the beam, ranked by weighted distance.
        case beam
        /// Proximity, step 2: outside the beam and better than the beam's best (if any) under
        /// FocusFinder's comparison, ranked by weighted distance.
        case outside(beaten: DirectionalRules.NormalizedRect?)
    }

    let source: DirectionalRules.NormalizedRect
    let vertical: Bool
    let heading: FocusHeading
    let stage: Stage
    private(set) var index: Int?
    private(set) var rect = DirectionalRules.NormalizedRect(left: 0, top: 0, right: 0, bottom: 0)
    private var key: (Double, Double) = (0, 0)

    init(source: Rect, heading: FocusHeading, stage: Stage) {
        self.source = DirectionalRules.normalized(source, for: heading)
        self.heading = heading
        self.vertical = heading == .up || heading == .down
        self.stage = stage
    }

    /// The best rectangle so far, normalized.
    var best: DirectionalRules.NormalizedRect? { index == nil ? nil : rect }
    /// The best's gap along the travel axis.
    var major: Double { DirectionalRules.majorAxisDistance(source, rect) }
    /// The best's weighted distance (proximity stages).
    var weighted: Double { key.0 }

    mutating func consider(_ candidateIndex: Int, _ frame: Rect) {
        let candidate = DirectionalRules.normalized(frame, for: heading)
        guard DirectionalRules.isCandidate(source, candidate) else { return }
        let inBeam = DirectionalRules.beamsOverlap(source, candidate)
        let major = DirectionalRules.majorAxisDistance(source, candidate)
        let minor = DirectionalRules.minorAxisDistance(source, candidate)
        let newKey: (Double, Double)
        switch stage {
        case .precise:
            guard inBeam else { return }
            newKey = (major, minor)
        case .beam:
            guard inBeam else { return }
            newKey = (DirectionalRules.weightedDistance(major: major, minor: minor), 0)
        case .outside(let beaten):
            guard !inBeam else { return }
            if let beaten {
                guard DirectionalRules.isBetterProximityCandidate(source, candidate, than: beaten, vertical: vertical)
                else { return }
            }
            newKey = (DirectionalRules.weightedDistance(major: major, minor: minor), 0)
        }
        if let current = index {
            guard newKey < key || (newKey == key && candidateIndex < current) else { return }
        }
        index = candidateIndex
        rect = candidate
        key = newKey
    }
}

/// Grid buckets over item frames, so that a directional search looks at the cells in the
/// direction of travel, nearest first, and stops as soon as nothing further can win.
struct SpatialGrid {
    let originX: Double
    let originY: Double
    let cellSize: Double
    let columns: Int
    let rows: Int
    /// Cell `c` holds `items[offsets[c] ..< offsets[c + 1]]`; cells are stored row by row.
    private let offsets: [Int32]
    private let items: [Int32]
    /// Items that would cover too many cells; checked on every search.
    let oversized: [Int32]

    static let thresholds = DirectionalSearchThresholds.standard

    init(frames: [Rect]) {
        guard let first = frames.first else {
            self.originX = 0
            self.originY = 0
            self.cellSize = 1
            self.columns = 1
            self.rows = 1
            self.offsets = [0, 0]
            self.items = []
            self.oversized = []
            return
        }
        var bounds = first
        var totalArea = 0.0
        for frame in frames {
            bounds = bounds.union(frame)
            totalArea += max(frame.width, 1) * max(frame.height, 1)
        }
        // About two average-sized items per cell, and never more cells than 4 per item.
        let averageSide = (totalArea / Double(frames.count)).squareRoot()
        var cell = max(averageSide * Self.thresholds.cellSizePerAverageItemSide, 1)
        let cellBudget = Self.thresholds.maximumCellsPerItem * Double(frames.count) + 16
        while (bounds.width / cell + 1) * (bounds.height / cell + 1) > cellBudget { cell *= 2 }
        let columns = Self.clampedIndex(bounds.width / cell, count: Int(cellBudget)) + 1
        let rows = Self.clampedIndex(bounds.height / cell, count: Int(cellBudget)) + 1
        self.originX = bounds.minX
        self.originY = bounds.minY
        self.cellSize = cell
        self.columns = columns
        self.rows = rows

        func cellRange(_ frame: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
            let c0 = Self.clampedIndex((frame.minX - bounds.minX) / cell, count: columns)
            let c1 = max(Self.clampedIndex((frame.maxX - bounds.minX) / cell, count: columns), c0)
            let r0 = Self.clampedIndex((frame.minY - bounds.minY) / cell, count: rows)
            let r1 = max(Self.clampedIndex((frame.maxY - bounds.minY) / cell, count: rows), r0)
            return (c0...c1, r0...r1)
        }
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var oversized: [Int32] = []
        for frame in frames {
            let (c, r) = cellRange(frame)
            if c.count * r.count > Self.thresholds.maximumCellsCoveredByOneItem { continue }
            for row in r { for column in c { counts[row * columns + column + 1] += 1 } }
        }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (index, frame) in frames.enumerated() {
            let (c, r) = cellRange(frame)
            if c.count * r.count > Self.thresholds.maximumCellsCoveredByOneItem {
                oversized.append(Int32(index))
                continue
            }
            for row in r {
                for column in c {
                    let slot = row * columns + column
                    items[Int(fill[slot])] = Int32(index)
                    fill[slot] += 1
                }
            }
        }
        self.offsets = counts
        self.items = items
        self.oversized = oversized
    }

    func column(_ x: Double) -> Int { Self.clampedIndex((x - originX) / cellSize, count: columns) }
    func row(_ y: Double) -> Int { Self.clampedIndex((y - originY) / cellSize, count: rows) }

    /// `value` rounded down into `0 ..< count`, without trapping on huge or non-finite values.
    static func clampedIndex(_ value: Double, count: Int) -> Int {
        guard value > 0 else { return 0 }  // also NaN
        guard value < Double(count - 1) else { return count - 1 }
        return Int(value)
    }

    @inline(__always)
    func forEachItem(column: Int, row: Int, _ body: (Int) -> Void) {
        let slot = row * columns + column
        var position = Int(offsets[slot])
        let end = Int(offsets[slot + 1])
        while position < end {
            body(Int(items[position]))
            position += 1
        }
    }

    /// Calls `body` with every item in a cell that `rect` overlaps (an item spanning several
    /// cells more than once), then with every oversized item.
    func forEachItem(overlapping rect: Rect, _ body: (Int) -> Void) {
        for row in row(rect.minY)...row(rect.maxY) {
            for column in column(rect.minX)...column(rect.maxX) { forEachItem(column: column, row: row, body) }
        }
        for index in oversized { body(Int(index)) }
    }

    /// The best item from `source` along `heading` under `rule`, looking only at cells that can
    /// hold a winner. Gives the same answer as ``DirectionalRules/bestCandidate(from:heading:among:rule:)``.
    func bestCandidate(
        from source: Rect,
        heading: FocusHeading,
        frames: [Rect],
        rule: DirectionalSearch
    ) -> Int? {
        let horizontal = heading == .left || heading == .right
        // Layers are the columns (left/right) or rows (up/down), nearest first.
        let layerCount = horizontal ? columns : rows
        let firstLayer: Int
        let step: Int
        switch heading {
        case .right: (firstLayer, step) = (column(source.minX), 1)
        case .left: (firstLayer, step) = (column(source.maxX), -1)
        case .down: (firstLayer, step) = (row(source.minY), 1)
        default: (firstLayer, step) = (row(source.maxY), -1)
        }
        // The smallest travel-axis gap an item first met in `layer` can have.
        func lowerBound(_ layer: Int) -> Double {
            switch heading {
            case .right: originX + Double(layer) * cellSize - source.maxX
            case .left: source.minX - (originX + Double(layer + 1) * cellSize)
            case .down: originY + Double(layer) * cellSize - source.maxY
            default: source.minY - (originY + Double(layer + 1) * cellSize)
            }
        }
        let band: ClosedRange<Int> =
            horizontal ? row(source.minY)...row(source.maxY) : column(source.minX)...column(source.maxX)
        // The lines across the direction of travel whose items can have a centre within `reach`
        // of the source's centre (an item outside them lies wholly further away).
        func across(within reach: Double) -> ClosedRange<Int> {
            guard reach.isFinite else { return horizontal ? 0...(rows - 1) : 0...(columns - 1) }
            return horizontal
                ? row(source.midY - reach)...row(source.midY + reach)
                : column(source.midX - reach)...column(source.midX + reach)
        }

        /// Walks the layers nearest first, feeding `best` from `lines`, until `stop` says that
        /// nothing further can win.
        func scan(_ best: inout SearchBest, _ lines: ClosedRange<Int>, stop: (SearchBest, Double) -> Bool) {
            scan(&best, { _ in lines }, stop: stop)
        }
        func scan(
            _ best: inout SearchBest,
            _ linesFor: (SearchBest) -> ClosedRange<Int>,
            stop: (SearchBest, Double) -> Bool
        ) {
            for index in oversized { best.consider(Int(index), frames[Int(index)]) }
            var layer = firstLayer
            while layer >= 0 && layer < layerCount {
                if stop(best, max(0, lowerBound(layer))) { return }
                for line in linesFor(best) {
                    if horizontal {
                        forEachItem(column: layer, row: line) { best.consider($0, frames[$0]) }
                    } else {
                        forEachItem(column: line, row: layer) { best.consider($0, frames[$0]) }
                    }
                }
                layer += step
            }
        }
        func weighted(_ bound: Double) -> Double { DirectionalRules.weightedDistance(major: bound, minor: 0) }

        switch rule {
        case .precise:
            // Only the band can hold candidates; stop once the gap cannot shrink.
            var best = SearchBest(source: source, heading: heading, stage: .precise)
            scan(&best, band) { best, bound in best.index != nil && bound > best.major }
            return best.index
        case .proximity:
            // Step 1: the beam's best; an unseen item further than its score cannot beat it.
            var beam = SearchBest(source: source, heading: heading, stage: .beam)
            scan(&beam, band) { best, bound in best.index != nil && weighted(bound) > best.weighted }
            // Left and right: an item in the beam beats every item outside it.
            if beam.index != nil && horizontal { return beam.index }
            // Step 2: items outside the beam, across the whole width, nearest layers first.
            let beaten = beam.best
            let beamMajor = beam.major
            let beamWeighted = beam.weighted
            var outside = SearchBest(source: source, heading: heading, stage: .outside(beaten: beaten))
            // A winner's score is at least its offset squared, so only lines within the square root
            // of the score to beat can hold one.
            func lines(_ best: SearchBest) -> ClosedRange<Int> {
                let limit = best.index != nil ? best.weighted : (beaten != nil ? beamWeighted : .infinity)
                return across(within: limit.squareRoot())
            }
            scan(&outside, lines) { best, bound in
                if beaten != nil {
                    // To beat the beam's best, an item's far edge (≥ its gap) must be no further
                    // than that best's gap, and its score lower.
                    if bound > beamMajor || weighted(bound) > beamWeighted { return true }
                }
                return best.index != nil && weighted(bound) > best.weighted
            }
            return outside.index ?? beam.index
        }
    }
}
