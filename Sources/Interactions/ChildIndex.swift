import Geometry

/// A grid of a node's children by their frames, so that hit testing looks only at the children
/// near a point, however many the node has.
///
/// It covers the union of the children's frames with square cells about as large as an average
/// child, and lists in each cell, in drawing order, the children that overlap it. A child that
/// would cover too many cells (a background, a full-width header) goes on a short list checked for
/// every point instead. Hit testing then tests the children of one cell and that list.
///
/// The built-in ``Node`` keeps the index of its children up to date as they move (a drag moves
/// one; scrolling moves none, since the index is in the parent's content coordinates); adding or
/// removing a child rebuilds it the next time it is used.
final class ChildIndex {
    /// Below this many children a node tests them all: a few frame comparisons cost less than the
    /// index.
    static let minimumChildCount = 32
    /// Cells per child at most, so that the grid's memory stays proportional to the children.
    private static let maximumCellsPerChild = 4.0
    /// A child covering more cells than this goes on the list checked for every point.
    private static let maximumCellsCoveredByOneChild = 64

    private let originX: Double
    private let originY: Double
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    /// The children overlapping each cell, in drawing order (ascending index).
    @exclusivity(unchecked) private var cells: [[Int32]]
    /// Children checked for every point: too large for the cells, or moved beyond the grid.
    @exclusivity(unchecked) private var everywhere: [Int32]
    /// Each child's frame as the index knows it.
    @exclusivity(unchecked) private var frames: [Rect]

    /// Builds the index of children with these frames.
    init(frames: [Rect]) {
        self.frames = frames
        var bounds: Rect?
        var totalArea = 0.0
        for frame in frames where Self.isUsable(frame) {
            bounds = bounds.map { $0.union(frame) } ?? frame
            totalArea += max(frame.width, 1) * max(frame.height, 1)
        }
        let area = bounds ?? .zero
        let usableCount = max(1, frames.count)
        let averageSide = max((totalArea / Double(usableCount)).squareRoot(), 1)
        // Grow the cells until the grid holds no more than a few cells per child.
        var cell = averageSide
        let budget = Self.maximumCellsPerChild * Double(usableCount) + 16
        while (area.width / cell).rounded(.up) * (area.height / cell).rounded(.up) > budget { cell *= 2 }
        originX = area.minX
        originY = area.minY
        cellSize = cell
        columns = max(1, Int((area.width / cell).rounded(.up)))
        rows = max(1, Int((area.height / cell).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
        everywhere = []
        for index in frames.indices { insert(Int32(index), frame: frames[index]) }
    }

    private static func isUsable(_ frame: Rect) -> Bool {
        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite
            && frame.width > 0 && frame.height > 0
    }

    /// The cells a frame covers, or nil when it belongs on the list checked everywhere.
    private func cellRange(of frame: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard Self.isUsable(frame) else { return nil }
        let left = (frame.minX - originX) / cellSize
        let top = (frame.minY - originY) / cellSize
        let right = (frame.maxX - originX) / cellSize
        let bottom = (frame.maxY - originY) / cellSize
        // Beyond the grid (a child moved out of it): checked everywhere.
        guard left >= 0, top >= 0, right <= Double(columns), bottom <= Double(rows) else { return nil }
        let firstColumn = Int(left)
        let firstRow = Int(top)
        let lastColumn = max(firstColumn, min(columns - 1, Int(right.nextDown)))
        let lastRow = max(firstRow, min(rows - 1, Int(bottom.nextDown)))
        guard (lastColumn - firstColumn + 1) * (lastRow - firstRow + 1) <= Self.maximumCellsCoveredByOneChild else {
            return nil
        }
        return (firstColumn...lastColumn, firstRow...lastRow)
    }

    private func insert(_ index: Int32, frame: Rect) {
        guard let range = cellRange(of: frame) else {
            Self.insertSorted(index, into: &everywhere)
            return
        }
        for row in range.rows {
            for column in range.columns { Self.insertSorted(index, into: &cells[row * columns + column]) }
        }
    }

    private func remove(_ index: Int32, frame: Rect) {
        guard let range = cellRange(of: frame) else {
            everywhere.removeAll { $0 == index }
            return
        }
        for row in range.rows {
            for column in range.columns { cells[row * columns + column].removeAll { $0 == index } }
        }
    }

    private static func insertSorted(_ index: Int32, into list: inout [Int32]) {
        var position = list.endIndex
        while position > list.startIndex, list[position - 1] > index { position -= 1 }
        if position > list.startIndex, list[position - 1] == index { return }
        list.insert(index, at: position)
    }

    /// Moves a child in the index: its frame changed.
    func move(child index: Int, to frame: Rect) {
        guard frames.indices.contains(index) else { return }
        remove(Int32(index), frame: frames[index])
        frames[index] = frame
        insert(Int32(index), frame: frame)
    }

    /// The topmost child whose frame contains a point (in the parent's content coordinates), as
    /// its index; `visit` is called for every child tested.
    func topmostChild(
        containing point: Point,
        frameOf frame: (Int) -> Rect,
        visit: () -> Void
    ) -> Int? {
        var best: Int?
        let column = (point.x - originX) / cellSize
        let row = (point.y - originY) / cellSize
        if column >= 0, row >= 0, column < Double(columns), row < Double(rows) {
            let list = cells[Int(row) * columns + Int(column)]
            for index in list.reversed() {
                visit()
                if frame(Int(index)).contains(point) {
                    best = Int(index)
                    break
                }
            }
        }
        for index in everywhere.reversed() {
            if let best, Int(index) < best { break }
            visit()
            if frame(Int(index)).contains(point) {
                best = max(best ?? Int(index), Int(index))
                break
            }
        }
        return best
    }
}
