public import FocusEngine

/// What assistive technology asks of a scene: a screen reader moving the keyboard focus (AT-SPI2's
/// `GrabFocus`) or running one of an item's actions (`DoAction`). ``Runtime/perform(_:at:device:into:)``
/// carries it out as input, so its events join the stream like a key's.
///
/// | request | as if | events |
/// | --- | --- | --- |
/// | ``focus(_:)`` | a programmatic focus request | `focus` (`heading` `none`), `select` when selection follows focus, `contentOffset` when a scroll view brings the item into view |
/// | ``defaultAction(_:)`` | Space on the item under Full Keyboard Access | `select`, or `action` with the item's default action and trigger `key` |
/// | ``contextMenuAction(_:on:)`` | choosing the row of the item's context menu | `action` named by the row, trigger `menu`; the row's handler runs |
/// | ``customAction(_:on:)`` | choosing the row of the actions menu (Tab+Z) | `action` named by the custom action, trigger `menu` |
public enum AccessibilityRequest {
    /// Move the keyboard focus to an item.
    case focus(any FocusItem)
    /// Run the item's default action.
    case defaultAction(any FocusItem)
    /// Choose the row with this title in the context menu of the node with the item's identifier.
    case contextMenuAction(String, on: any FocusItem)
    /// Run the item's custom action with this name.
    case customAction(String, on: any FocusItem)
}
