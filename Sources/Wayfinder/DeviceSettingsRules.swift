public import Classification
public import DeviceProfiles
import FileAccess
import FocusEngine
import Foundation
public import InputEvents
import Scenes

/// Device settings for chosen devices: rules that match devices by name, kind or vendor and
/// product, each changing some settings. Every device starts from the same settings (the command
/// line's); each rule that matches it, in file order, changes what it names, so later rules win.
///
/// A settings file holds one rule per line, as a JSON object (JSON Lines; blank lines and lines
/// starting with `#` are ignored):
///
/// ```
/// # Touchpads tap and scroll naturally; the external mouse is left-handed.
/// {"match": {"kind": "touchpad"}, "settings": {"tapToClick": true, "naturalScrolling": true}}
/// {"match": {"name": "Logitech USB Receiver Mouse"}, "settings": {"leftHanded": true}}
/// {"match": {"id": "046d:c52b"}, "settings": {"middleButtonEmulation": false}}
/// ```
///
/// `match` takes `name` (the kernel's device name, exactly, as `wayfinder devices` lists it),
/// `kind` (`keyboard`, `mouse`, `touchpad` — which also matches clickpads —, `clickpad`,
/// `pointingStick`, `touchscreen`, `tablet`, `other`) and `id` (`vendor:product`, four hex
/// digits each); every field given must match, and `{}` matches every device. `settings` takes
/// `Classification/DeviceSettings`' properties by name: `tapToClick`, `tapAndDrag`,
/// `naturalScrolling`, `leftHanded`, `middleButtonEmulation`, `disableWhileTyping`,
/// `disableWhileTrackpointing` (true or false),
/// `dragLock` (`off`, `timeout`, `sticky`), `clickMethod` (`areas`, `fingers`), `scrollMethod`
/// (`two-finger`, `edge`, `on-button`, `none`), `accelProfile` (`adaptive`, `flat`, `custom`),
/// `accelSpeed` (-1 to 1), `accelPoints` (an array of 2 to 64 output speeds, points per ms) with
/// `accelStep` (the custom fallback curve; `accelMotionPoints`/`accelMotionStep` and
/// `accelScrollPoints`/`accelScrollStep` give motion and scrolling their own), `dpi` (a mouse's
/// counts per inch), `scrollFactor` (0 to 100) and `threeFingerDrag` (`"off"`, 3 or 4).
///
/// A file that cannot be read, a line that is not such a rule, an unknown field or setting (with
/// the closest known name: "did you mean …?") and a value of the wrong type are errors naming the
/// file and line: a misspelt setting never goes unnoticed.
///
/// ```swift
/// let rules = try DeviceSettingsRules.load(path: "settings.jsonl")
/// let runtime = try Runtime(settings: DeviceSettings(), rules: rules)
/// ```
public struct DeviceSettingsRules: Sendable {
    /// Which devices a rule applies to; every field that is set must match.
    public struct Match: Hashable, Sendable {
        /// The device's name, exactly.
        public var name: String?
        /// The device's kind; `touchpad` also matches clickpads.
        public var kind: DeviceKind?
        /// The vendor and product IDs.
        public var vendorID: UInt16?
        /// See ``vendorID``.
        public var productID: UInt16?

        /// Creates a match; with no field set it matches every device.
        public init(name: String? = nil, kind: DeviceKind? = nil, vendorID: UInt16? = nil, productID: UInt16? = nil) {
            self.name = name
            self.kind = kind
            self.vendorID = vendorID
            self.productID = productID
        }

        /// Whether a device matches.
        public func matches(_ device: DeviceDescription) -> Bool {
            if let name, name != device.name { return false }
            if let kind {
                let deviceKind = device.kind
                guard deviceKind == kind || (kind == .touchpad && deviceKind == .clickpad) else { return false }
            }
            if let vendorID, vendorID != device.identity.vendorID { return false }
            if let productID, productID != device.identity.productID { return false }
            return true
        }
    }

    /// One setting a rule changes.
    public enum Change: Hashable, Sendable {
        /// Sets `Classification/DeviceSettings/tapToClick`.
        case tapToClick(Bool)
        /// Sets `Classification/DeviceSettings/tapAndDrag`.
        case tapAndDrag(Bool)
        /// Sets `Classification/DeviceSettings/dragLock`.
        case dragLock(DragLock)
        /// Sets `Classification/DeviceSettings/clickMethod`.
        case clickMethod(ClickMethod)
        /// Sets `Classification/DeviceSettings/naturalScrolling`.
        case naturalScrolling(Bool)
        /// Sets `Classification/DeviceSettings/leftHanded`.
        case leftHanded(Bool)
        /// Sets `Classification/DeviceSettings/middleButtonEmulation`.
        case middleButtonEmulation(Bool)
        /// Sets `Classification/DeviceSettings/disableWhileTyping`.
        case disableWhileTyping(Bool)
        /// Sets `Classification/DeviceSettings/disableWhileTrackpointing`.
        case disableWhileTrackpointing(Bool)
        /// Sets `Classification/DeviceSettings/threeFingerDrag`.
        case threeFingerDrag(ThreeFingerDragSetting)
        /// Sets `Classification/DeviceSettings/scrollMethod`.
        case scrollMethod(ScrollMethod)
        /// Sets `Classification/DeviceSettings/accelerationProfile`.
        case accelerationProfile(AccelerationProfile)
        /// Sets `Classification/DeviceSettings/accelerationSpeed`.
        case accelerationSpeed(Double)
        /// Sets `Classification/DeviceSettings/customAcceleration`.
        case customAcceleration(CustomAcceleration)
        /// Sets `Classification/DeviceSettings/dotsPerInch`.
        case dotsPerInch(Int)
        /// Sets `Classification/DeviceSettings/scrollFactor`.
        case scrollFactor(Double)
        /// Sets the layout of `Classification/DeviceSettings/keyboardLayout` (`de`, `us,ru`).
        case keyboardLayout(String)
        /// Sets the variant of `Classification/DeviceSettings/keyboardLayout` (`nodeadkeys`).
        case keyboardVariant(String)

        /// Makes the change.
        public func apply(to settings: inout DeviceSettings) {
            switch self {
            case .tapToClick(let value): settings.tapToClick = value
            case .tapAndDrag(let value): settings.tapAndDrag = value
            case .dragLock(let value): settings.dragLock = value
            case .clickMethod(let value): settings.clickMethod = value
            case .naturalScrolling(let value): settings.naturalScrolling = value
            case .leftHanded(let value): settings.leftHanded = value
            case .middleButtonEmulation(let value): settings.middleButtonEmulation = value
            case .disableWhileTyping(let value): settings.disableWhileTyping = value
            case .disableWhileTrackpointing(let value): settings.disableWhileTrackpointing = value
            case .threeFingerDrag(let value): settings.threeFingerDrag = value
            case .scrollMethod(let value): settings.scrollMethod = value
            case .accelerationProfile(let value): settings.accelerationProfile = value
            case .accelerationSpeed(let value): settings.accelerationSpeed = value
            case .customAcceleration(let value): settings.customAcceleration = value
            case .dotsPerInch(let value): settings.dotsPerInch = value
            case .scrollFactor(let value): settings.scrollFactor = value
            case .keyboardLayout(let value): settings.keyboardLayout.layout = value
            case .keyboardVariant(let value): settings.keyboardLayout.variant = value
            }
        }
    }

    /// A rule: the devices it applies to and what it changes.
    public struct Rule: Hashable, Sendable {
        /// The devices.
        public var match: Match
        /// The changes, in order.
        public var changes: [Change]
        /// The 1-based line of the file it came from (0 when made in code).
        public var line: Int

        /// Creates a rule.
        public init(match: Match, changes: [Change], line: Int = 0) {
            self.match = match
            self.changes = changes
            self.line = line
        }
    }

    /// The rules, in order.
    public var rules: [Rule]

    /// Creates rules; none changes anything by default.
    public init(rules: [Rule] = []) { self.rules = rules }

    /// Returns the settings of a device: `base` changed by every rule that matches it, in order.
    public func settings(for device: DeviceDescription, base: DeviceSettings) -> DeviceSettings {
        var settings = base
        for rule in rules where rule.match.matches(device) {
            for change in rule.changes { change.apply(to: &settings) }
        }
        return settings
    }

    /// The largest settings file read: a few hundred rules are a few tens of kilobytes.
    public static let maximumFileSize = 1 << 20

    /// Reads a settings file.
    /// - Throws: ``DeviceSettingsFileError`` naming the file, and the line for what is wrong in it.
    public static func load(path: String) throws(DeviceSettingsFileError) -> DeviceSettingsRules {
        let bytes: [UInt8]
        do {
            let file = try ReadableFile(path: path)
            bytes = try file.readAll(maximumSize: maximumFileSize)
        } catch {
            throw DeviceSettingsFileError(file: path, line: nil, message: "\(error)")
        }
        return try DeviceSettingsRules(parsing: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Parses the text of a settings file.
    /// - Parameters:
    ///   - text: One rule per line.
    ///   - file: The file's name, for errors.
    /// - Throws: ``DeviceSettingsFileError`` naming the file and line.
    public init(parsing text: String, file: String) throws(DeviceSettingsFileError) {
        rules = []
        // "\r\n" is one Character: a line ends at either.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let line = index + 1
            let trimmed = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            do {
                rules.append(try Self.rule(trimmed, line: line))
            } catch {
                throw DeviceSettingsFileError(file: file, line: line, message: error.message)
            }
        }
    }

    /// What is wrong with one line.
    private struct LineError: Error {
        var message: String
        init(_ message: String) { self.message = message }

        /// `unknown WHAT "key"; did you mean "…"?`, or with the known names when none is close.
        static func unknown(_ what: String, _ key: String, among known: [String]) -> LineError {
            guard let suggestion = Suggestion.closest(to: key, among: known) else {
                return LineError("unknown \(what) \"\(key)\" (" + known.joined(separator: ", ") + ")")
            }
            return LineError("unknown \(what) \"\(key)\"" + Suggestion.text(suggestion))
        }

        /// `"key" must be one of …; did you mean "…"?`.
        static func notOneOf(_ key: String, _ word: String?, among known: [String]) -> LineError {
            let suggestion = word.flatMap { Suggestion.closest(to: $0, among: known) }
            return LineError(
                "\"\(key)\" must be one of " + known.joined(separator: ", ") + Suggestion.text(suggestion))
        }
    }

    /// The fields of a rule.
    private static let ruleKeys = ["match", "settings"]
    /// The fields of a rule's `match`.
    private static let matchKeys = ["name", "kind", "id"]
    /// The settings a rule can change, in the order errors list them.
    private static let settingKeys = [
        "tapToClick", "tapAndDrag", "dragLock", "clickMethod", "naturalScrolling", "leftHanded",
        "middleButtonEmulation", "disableWhileTyping", "disableWhileTrackpointing", "scrollMethod", "accelProfile",
        "accelSpeed",
        "accelPoints", "accelStep", "accelMotionPoints", "accelMotionStep", "accelScrollPoints", "accelScrollStep",
        "dpi", "scrollFactor", "threeFingerDrag", "keyboardLayout", "keyboardVariant",
    ]

    private static func rule(_ text: String, line: Int) throws(LineError) -> Rule {
        let notAnObject = LineError(
            "not a JSON object: write one rule per line, {\"match\": {…}, \"settings\": {…}}")
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            // A repeated key would leave one of its values unused: said as it is. Any other
            // syntax error is said as the reader found it, not as "not a JSON object".
            if error.repeatedKey != nil { throw LineError(error.message) }
            throw LineError("invalid JSON: \(error.message)")
        }
        guard case .object(let members) = value.kind else { throw notAnObject }
        for member in members where !ruleKeys.contains(member.key) {
            throw .unknown("field", member.key, among: ruleKeys)
        }
        guard let match = members.object("match") else {
            throw LineError("\"match\" is missing or not an object")
        }
        guard let settings = members.object("settings") else {
            throw LineError("\"settings\" is missing or not an object")
        }
        return Rule(match: try Self.match(match), changes: try Self.changes(settings), line: line)
    }

    private static func match(_ members: [JSONMember]) throws(LineError) -> Match {
        var match = Match()
        for member in members {
            let key = member.key
            let word = member.value.string
            switch key {
            case "name":
                guard let name = word else { throw LineError("\"name\" must be a string") }
                match.name = name
            case "kind":
                guard let word, let kind = DeviceKind(rawValue: word) else {
                    throw .notOneOf(key, word, among: DeviceKind.allCases.map(\.rawValue))
                }
                match.kind = kind
            case "id":
                let parts = word?.split(separator: ":", omittingEmptySubsequences: false) ?? []
                guard parts.count == 2, parts.allSatisfy({ $0.count == 4 }),
                    let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16)
                else { throw LineError("\"id\" must be \"vendor:product\" in hex, like \"046d:c52b\"") }
                match.vendorID = vendor
                match.productID = product
            default:
                throw .unknown("match field", key, among: matchKeys)
            }
        }
        return match
    }

    private static func changes(_ members: [JSONMember]) throws(LineError) -> [Change] {
        var changes: [Change] = []
        // The custom curves' points and steps, gathered from the whole rule.
        var curveParts: [String: (points: [Double]?, step: Double?)] = [:]
        for member in members {
            let key = member.key
            func number(in range: ClosedRange<Double>) throws(LineError) -> Double {
                guard case .number(let number) = member.value.kind, range.contains(number) else {
                    throw LineError("\"\(key)\" must be a number from \(range.lowerBound) to \(range.upperBound)")
                }
                return number
            }
            func numbers() throws(LineError) -> [Double] {
                guard case .array(let values) = member.value.kind else {
                    throw LineError("\"\(key)\" must be an array of numbers, like [0, 1, 2.5]")
                }
                var numbers: [Double] = []
                for value in values {
                    guard case .number(let number) = value.kind else {
                        throw LineError("\"\(key)\" must be an array of numbers, like [0, 1, 2.5]")
                    }
                    numbers.append(number)
                }
                return numbers
            }
            func flag() throws(LineError) -> Bool {
                guard case .bool(let flag) = member.value.kind else {
                    throw LineError("\"\(key)\" must be true or false")
                }
                return flag
            }
            func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(LineError) -> Choice
            where Choice.RawValue == String {
                guard let word = member.value.string, let choice = Choice(rawValue: word) else {
                    throw .notOneOf(key, member.value.string, among: type.allCases.map(\.rawValue))
                }
                return choice
            }
            switch key {
            case "tapToClick": changes.append(.tapToClick(try flag()))
            case "tapAndDrag": changes.append(.tapAndDrag(try flag()))
            case "dragLock": changes.append(.dragLock(try choice(DragLock.self)))
            case "clickMethod": changes.append(.clickMethod(try choice(ClickMethod.self)))
            case "naturalScrolling": changes.append(.naturalScrolling(try flag()))
            case "leftHanded": changes.append(.leftHanded(try flag()))
            case "middleButtonEmulation": changes.append(.middleButtonEmulation(try flag()))
            case "disableWhileTyping": changes.append(.disableWhileTyping(try flag()))
            case "disableWhileTrackpointing": changes.append(.disableWhileTrackpointing(try flag()))
            case "threeFingerDrag":
                // "off", or the finger count as a number (3 or 4) or a string ("3"). A number
                // that is no count gets no suggestion: 5 is not a misspelt 3.
                let word: String?
                if case .number(let number) = member.value.kind {
                    word = number == 3 ? "3" : number == 4 ? "4" : nil
                } else {
                    word = member.value.string
                }
                guard let word, let setting = ThreeFingerDragSetting(rawValue: word) else {
                    throw .notOneOf(key, member.value.string, among: ThreeFingerDragSetting.allCases.map(\.rawValue))
                }
                changes.append(.threeFingerDrag(setting))
            case "scrollMethod": changes.append(.scrollMethod(try choice(ScrollMethod.self)))
            case "accelProfile": changes.append(.accelerationProfile(try choice(AccelerationProfile.self)))
            case "accelSpeed": changes.append(.accelerationSpeed(try number(in: DeviceSettings.accelerationSpeedRange)))
            case "dpi":
                let range = DeviceSettings.dotsPerInchRange
                let dpi = try number(in: Double(range.lowerBound)...Double(range.upperBound))
                guard dpi == dpi.rounded() else { throw LineError("\"dpi\" must be a whole number") }
                changes.append(.dotsPerInch(Int(dpi)))
            case "scrollFactor": changes.append(.scrollFactor(try number(in: DeviceSettings.scrollFactorRange)))
            case "keyboardLayout", "keyboardVariant":
                guard let word = member.value.string else {
                    let example = key == "keyboardLayout" ? "\"de\"" : "\"nodeadkeys\""
                    throw LineError("\"\(key)\" must be a string, like \(example)")
                }
                changes.append(key == "keyboardLayout" ? .keyboardLayout(word) : .keyboardVariant(word))
            case "accelPoints", "accelMotionPoints", "accelScrollPoints":
                curveParts[String(key.dropLast("Points".count)), default: (nil, nil)].points = try numbers()
            case "accelStep", "accelMotionStep", "accelScrollStep":
                curveParts[String(key.dropLast("Step".count)), default: (nil, nil)].step = try number(
                    in: 0...AccelerationCurve.largestValue)
            default: throw .unknown("setting", key, among: settingKeys)
            }
        }
        if !curveParts.isEmpty { changes.append(.customAcceleration(try curves(curveParts))) }
        return changes
    }

    /// The custom curves from their points and steps (`accel`, `accelMotion`, `accelScroll`); a
    /// step without points applies to the default points.
    private static func curves(
        _ parts: [String: (points: [Double]?, step: Double?)]
    ) throws(LineError) -> CustomAcceleration {
        func curve(_ prefix: String) throws(LineError) -> AccelerationCurve? {
            guard let part = parts[prefix] else { return nil }
            do {
                return try AccelerationCurve(
                    step: part.step ?? AccelerationCurve.identity.step,
                    points: part.points ?? AccelerationCurve.identity.points)
            } catch {
                throw LineError("\"\(prefix)Points\" and \"\(prefix)Step\": \(error)")
            }
        }
        return CustomAcceleration(
            fallback: try curve("accel") ?? .identity, motion: try curve("accelMotion"),
            scroll: try curve("accelScroll"))
    }
}

extension JSONValue {
    /// The string, if the value is one.
    fileprivate var string: String? {
        if case .string(let string) = kind { return string }
        return nil
    }
}

extension [JSONMember] {
    /// The members of the object under `key`, if there is one.
    fileprivate func object(_ key: String) -> [JSONMember]? {
        guard let member = first(where: { $0.key == key }), case .object(let members) = member.value.kind else {
            return nil
        }
        return members
    }
}

/// Why a settings file was refused: the file, the line when the problem is in one, and what is
/// wrong.
public struct DeviceSettingsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line, when the problem is in one.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? message
    }
}
