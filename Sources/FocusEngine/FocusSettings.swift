public import Geometry

/// The direction text and reading order run in.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// Leading is left: English, French, …
    case leftToRight
    /// Leading is right: Arabic, Hebrew, …
    case rightToLeft
}

/// The key that selects the focused item.
public enum SelectKey: String, Hashable, Sendable, CaseIterable {
    /// Return selects, the iPadOS convention.
    case `return`
    /// Space selects, the Mac convention.
    case space
}

/// How arrow keys choose the next item within a focus group.
public enum DirectionalSearch: String, Hashable, Sendable, CaseIterable {
    /// Only items overlapping the focused item's extent across the direction of travel, as UIKit
    /// and tvOS do it; focus sections and guides bridge the gaps.
    case precise
    /// Android's FocusFinder rule: an item in the beam first, otherwise the lowest
    /// 13·major² + minor².
    case proximity
}

/// The shape of a node's accessibility outline.
public enum AccessibilityPath: Hashable, Sendable {
    /// An ellipse inscribed in the rectangle.
    case ellipse(Rect)
    /// A rounded rectangle with a corner radius.
    case roundedRect(Rect, cornerRadius: Double)
    /// A closed polygon through the points, in order.
    case polygon([Point])
}
