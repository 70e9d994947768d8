/// The answer of ``FocusDebugger/checkFocusability(for:in:)``.
public struct FocusabilityReport: Hashable, Sendable, CustomStringConvertible {
    /// The item's name.
    public var item: String
    /// Whether the item can be focused now.
    public var isFocusable: Bool
    /// Every reason it cannot be focused, in words; empty when it can.
    public var reasons: [String]

    /// One line: "… is focusable" or the first reason.
    public var summary: String { reasons.first ?? "\"\(item)\" is focusable" }

    /// "… is focusable." or "… cannot be focused:" followed by one reason per line.
    public var description: String {
        if reasons.isEmpty { return "\"\(item)\" is focusable." }
        return "\"\(item)\" cannot be focused:\n" + reasons.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// Explains the focus system's decisions in words, as UIKit's `UIFocusDebugger` does.
///
/// ```swift
/// print(FocusDebugger.checkFocusability(for: placeholder, in: system))
/// // "placeholder" cannot be focused:
/// //   - its own focusable setting is false, which wins over its collection "grid"
/// print(FocusDebugger.checkFocusGroupTree(for: system))
/// print(FocusDebugger.focusLoop(in: system))
/// ```
public enum FocusDebugger {
    /// Explains why `item` can or cannot be focused: not focusable, hidden, disabled by its
    /// collection, zero size, inside a hidden, disabled or focusable ancestor, skipped by Full
    /// Keyboard Access, or not in the tree.
    public static func checkFocusability(for item: any FocusItem, in system: FocusSystem) -> FocusabilityReport {
        let name = FocusSystem.name(of: item)
        var reasons: [String] = []
        let fullKeyboardAccess = system.configuration.fullKeyboardAccess

        // Is it in the tree at all?
        var ancestors: [any FocusEnvironment] = []
        var current = item.parentFocusEnvironment
        while let environment = current {
            ancestors.append(environment)
            current = environment.parentFocusEnvironment
        }
        if item !== system.root, ancestors.last.map({ $0 !== system.root }) ?? true {
            reasons.append(
                "it is not in the focus system's tree: its ancestors do not lead to the root \"\(FocusSystem.name(of: system.root))\""
            )
        }

        // Its own declaration.
        if fullKeyboardAccess && !item.accessibilityRespondsToUserInteraction {
            reasons.append("Full Keyboard Access skips it: respondsToUserInteraction is false")
        } else if !FocusLayout.declaresFocusable(item, fullKeyboardAccess: fullKeyboardAccess) {
            if let node = item as? FocusNode {
                switch node.focusabilityDecision {
                case .explicit:
                    reasons.append("it is not focusable: its own focusable setting is false")
                case .delegate(let collection, _):
                    reasons.append(
                        "it is disabled by its collection \"\(collection)\": the delegate's canFocusItemAt says no")
                case .collection(let collection, _):
                    reasons.append("it is disabled by its collection \"\(collection)\": allowsFocus is false")
                case .role, .none:
                    reasons.append(
                        "it is not focusable: canBecomeFocused is false (no focusable setting, and no collection allows focus)"
                    )
                }
            } else {
                reasons.append("it is not focusable: canBecomeFocused returns false")
            }
            if item.isFullKeyboardAccessElement && !fullKeyboardAccess {
                reasons.append("it is a control: controls become focusable with Full Keyboard Access")
            }
        }
        if let node = item as? FocusNode, node.focusable == false,
            case .collection(let collection, true) = node.focusabilityDecisionIgnoringOwnSetting
        {
            reasons.append(
                "its own focusable setting (false) wins over its collection \"\(collection)\", which allows focus")
        }

        // Visibility, size and position.
        if item.isHidden { reasons.append("it is hidden") }
        if !item.isUserInteractionEnabled { reasons.append("it has user interaction disabled") }
        if item.frame.isEmpty {
            reasons.append("it has zero size (frame \(item.frame))")
        } else if !FocusLayout.isUsable(item.frame) {
            reasons.append("its frame \(item.frame) is not finite or lies beyond ±1e12 points")
        }
        for ancestor in ancestors {
            let ancestorName = FocusSystem.name(of: ancestor)
            if ancestor.isHidden { reasons.append("it is inside \"\(ancestorName)\", which is hidden") }
            if !ancestor.isUserInteractionEnabled {
                reasons.append("it is inside \"\(ancestorName)\", which has user interaction disabled")
            }
            if let ancestorItem = ancestor as? any FocusItem, system.isFocusable(ancestorItem) {
                reasons.append("it is inside \"\(ancestorName)\", which is focusable itself and takes focus instead")
            }
        }

        let focusable = system.isFocusable(item)
        if !focusable && reasons.isEmpty {
            reasons.append("the focus system's layout is out of date: call invalidateLayout() after changing the tree")
        }
        return FocusabilityReport(item: name, isFocusable: focusable, reasons: focusable ? [] : reasons)
    }

    /// The focus group tree: each group with its Tab stop number, its primary item and priority,
    /// and its focusable items in reading order; nested groups indented under their parent.
    public static func checkFocusGroupTree(for system: FocusSystem) -> String {
        let layout = system.layout
        var lines: [String] = []
        func describe(_ group: Int, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            let info = layout.groups[group]
            var line = indent + (info.identifier.map { "group \"\($0)\"" } ?? "root group")
            if let owner = info.owner, info.identifier != nil {
                line += " (declared by \"\(FocusSystem.name(of: owner))\")"
            }
            if let stop = layout.tabStops.firstIndex(of: group) { line += ", Tab stop \(stop + 1)" }
            if let primary = system.primaryEntry(ofGroup: group) {
                let item = layout.entries[primary].item
                line += ", primary \"\(FocusSystem.name(of: item))\" (\(system.effectivePriority(of: item)))"
            }
            lines.append(line)
            let members = info.readingOrder.map { FocusSystem.name(of: layout.entries[$0].item) }
            lines.append(indent + "  items: " + (members.isEmpty ? "none" : members.joined(separator: ", ")))
            for child in info.children { describe(child, depth: depth + 1) }
        }
        describe(0, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The Tab loop, like UIKit's focus loop overlay: one numbered line per stop with the item
    /// Tab lands on and its group.
    public static func focusLoop(in system: FocusSystem) -> String {
        let lines = tabLoopStops(in: system).map { stop in
            "\(stop.number). \(FocusSystem.name(of: stop.item)) (\(stop.group.map { "\"\($0)\"" } ?? "root group"))"
        }
        if lines.isEmpty { return "The Tab loop is empty: nothing can be focused." }
        return lines.joined(separator: "\n") + "\n→ back to 1"
    }

    /// One stop of the Tab loop: its number, the item Tab lands on there, and its group.
    public struct TabLoopStop {
        /// The stop's number, counted from 1 (a group with nothing focusable keeps its number).
        public var number: Int
        /// The group's primary item, where Tab lands.
        public var item: any FocusItem
        /// The group's identifier; nil for the root group.
        public var group: String?
    }

    /// The Tab loop's stops, in order: what ``focusLoop(in:)`` prints, as values (a report draws
    /// them on the scene).
    public static func tabLoopStops(in system: FocusSystem) -> [TabLoopStop] {
        let layout = system.layout
        return layout.tabStops.enumerated().compactMap { position, group in
            system.primaryEntry(ofGroup: group).map {
                TabLoopStop(number: position + 1, item: layout.entries[$0].item, group: layout.groups[group].identifier)
            }
        }
    }

    /// Walks the preferred-focus search a focus update request from `environment` would make,
    /// and says where focus would land and why, without moving it (UIKit's
    /// `simulateFocusUpdateRequest(from:)`).
    public static func simulateFocusUpdateRequest(from environment: any FocusEnvironment, in system: FocusSystem)
        -> String
    {
        var lines = ["Simulating a focus update request from \"\(FocusSystem.name(of: environment))\":"]
        var visited = Set<ObjectIdentifier>()
        func search(_ environment: any FocusEnvironment, depth: Int) -> (any FocusItem)? {
            let indent = String(repeating: "  ", count: depth + 1)
            let name = FocusSystem.name(of: environment)
            guard visited.insert(ObjectIdentifier(environment)).inserted else {
                lines.append(indent + "\"\(name)\" was already searched")
                return nil
            }
            let preferred = environment.preferredFocusEnvironments
            if preferred.isEmpty {
                lines.append(indent + "\"\(name)\" prefers itself")
            } else {
                lines.append(
                    indent + "\"\(name)\" prefers "
                        + preferred.map { "\"\(FocusSystem.name(of: $0))\"" }.joined(separator: ", "))
            }
            for candidate in preferred.isEmpty ? [environment] : preferred {
                if let item = candidate as? any FocusItem {
                    if system.isFocusable(item) {
                        lines.append(indent + "\"\(FocusSystem.name(of: item))\" is focusable")
                        return item
                    }
                    if candidate === environment {
                        let reason = checkFocusability(for: item, in: system).summary
                        lines.append(indent + reason.replacingFirstWord(with: FocusSystem.name(of: item)))
                    }
                }
                if candidate === environment {
                    for child in environment.focusChildren {
                        if let found = search(child, depth: depth + 1) { return found }
                    }
                } else if let found = search(candidate, depth: depth + 1) {
                    return found
                }
            }
            return nil
        }
        if let item = search(environment, depth: 0) {
            if let focused = system.focusedItem, focused === item {
                lines.append("Focus would stay on \"\(FocusSystem.name(of: item))\".")
            } else {
                lines.append("Focus would move to \"\(FocusSystem.name(of: item))\".")
            }
        } else {
            lines.append("Nothing focusable was found: focus would not change.")
        }
        return lines.joined(separator: "\n")
    }

    /// The discoverability listing for the current focus (what holding Command shows): one line
    /// per available app command with its chord and the environment that performs it.
    public static func discoverabilityListing(for system: FocusSystem) -> String {
        guard let table = system.commandTable, !table.commands.isEmpty else { return "No commands are declared." }
        let available = system.availableCommands
        if available.isEmpty {
            let focus = system.focusedItem.map { "\"\(FocusSystem.name(of: $0))\"" } ?? "nothing"
            return "No command is available with focus on \(focus)."
        }
        return available.map { "\($0.command.input)  \($0.command.discoverabilityTitle)  → \($0.target)" }
            .joined(separator: "\n")
    }

    /// The system's state: the focused item and its group, the first responder, a pending update
    /// and the Full Keyboard Access mode.
    public static func status(of system: FocusSystem) -> String {
        var lines: [String] = []
        if let focused = system.focusedItem {
            let group = system.focusGroupIdentifier(of: focused).map { "\"\($0)\"" } ?? "root group"
            lines.append("focused: \"\(FocusSystem.name(of: focused))\" in \(group)")
        } else {
            lines.append("focused: nothing")
        }
        lines.append("first responder: " + (system.firstResponder.map { "\"\(FocusSystem.name(of: $0))\"" } ?? "none"))
        lines.append("pending focus update: " + (system.hasPendingFocusUpdate ? "yes" : "no"))
        lines.append("directional search: \(system.configuration.directionalSearch.rawValue)")
        lines.append("Full Keyboard Access: " + (system.configuration.fullKeyboardAccess ? "on" : "off"))
        return lines.joined(separator: "\n")
    }
}

extension FocusNode {
    /// What the collection would decide if the node had no setting of its own.
    var focusabilityDecisionIgnoringOwnSetting: FocusabilityDecision {
        let saved = focusable
        focusable = nil
        defer { focusable = saved }
        return focusabilityDecision
    }
}

extension String {
    /// "it is hidden" → "\"name\" is hidden": a reason as a sentence about a named item.
    fileprivate func replacingFirstWord(with name: String) -> String {
        guard hasPrefix("it ") else { return "\"\(name)\": " + self }
        return "\"\(name)\" " + dropFirst(3)
    }
}
