import InputEvents

extension Recording {
    /// Parses a libinput record YAML file (file format version 1), through libyaml.
    ///
    /// Text before the `# libinput record` line or the `version:` key (a device-selection prompt
    /// captured from a terminal) is skipped. Unknown keys are ignored, as the format asks, and so
    /// are `hid` and `libinput` event entries: only `evdev` frames are read.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The name to report in errors.
    /// - Returns: The recording; all devices share one time base, rebased to the first event.
    /// - Throws: ``RecordingError`` naming the line, column and key of the first problem.
    public static func libinputRecord(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
        var reader = LibinputRecordReader(file: file)
        return try reader.read(bytes)
    }
}

struct LibinputRecordReader {
    let file: String

    private func error(_ node: YAMLNode, _ reason: RecordingError.Reason) -> RecordingError {
        RecordingError(file: file, line: node.mark.line, column: node.mark.column, reason: reason)
    }

    private func expected(_ what: String, at path: String, _ node: YAMLNode) -> RecordingError {
        error(node, .malformed(expected: "\(what) for \(path)", found: node.kindName))
    }

    mutating func read(_ bytes: [UInt8]) throws(RecordingError) -> Recording {
        // Skip anything before the header, keeping line numbers right.
        var lines = LineScanner(bytes: bytes)
        var start = bytes.count
        var skipped = 0
        while let line = lines.next() {
            if line.bytes.starts(with: "# libinput record".utf8) || line.bytes.starts(with: "version:".utf8) {
                start = line.bytes.startIndex
                skipped = line.number - 1
                break
            }
        }
        guard start < bytes.count else { throw RecordingError(file: file, reason: .missing("the 'version: 1' header")) }
        let root = try YAMLTree.parse(bytes[start...], lineOffset: skipped, file: file)
        guard case .mapping = root else {
            throw expected("a mapping of version, ndevices, devices", at: "the document", root)
        }

        guard let version = root["version"] else { throw error(root, .missing("the 'version' key")) }
        guard case .scalar(let versionText, _) = version, versionText == "1" else {
            if case .scalar(let text, _) = version {
                throw error(version, .unsupportedVersion(text + " (this reader knows version 1)"))
            }
            throw expected("1", at: "version", version)
        }
        guard let devicesNode = root["devices"] else { throw error(root, .missing("the 'devices' list")) }
        guard case .sequence(let deviceNodes, _) = devicesNode else {
            throw expected("a list", at: "devices", devicesNode)
        }
        guard deviceNodes.count <= RecordingLimits.maximumDevices else {
            throw error(
                deviceNodes[RecordingLimits.maximumDevices],
                .limitExceeded("more than \(RecordingLimits.maximumDevices) devices in one recording"))
        }
        if let count = root["ndevices"] {
            let declared = try integer(count, at: "ndevices", in: 0...Int64(Int32.max))
            if declared != Int64(deviceNodes.count) {
                throw error(count, .deviceCountMismatch(declared: Int(declared), found: deviceNodes.count))
            }
        }
        var devices: [RecordedDevice] = []
        var firstTimes: [Int64] = []
        for (index, node) in deviceNodes.enumerated() {
            let (device, first) = try self.device(node, path: "devices[\(index)]")
            devices.append(device)
            if let first { firstTimes.append(first) }
        }
        // One time base for all devices: the earliest event of the recording is at zero.
        if let base = firstTimes.min(), base != 0 {
            for deviceIndex in devices.indices {
                for frameIndex in devices[deviceIndex].frames.indices {
                    for eventIndex in devices[deviceIndex].frames[frameIndex].events.indices {
                        devices[deviceIndex].frames[frameIndex].events[eventIndex].time.microseconds -= base
                    }
                }
            }
        }
        return Recording(devices: devices)
    }

    private func integer(_ node: YAMLNode, at path: String, in range: ClosedRange<Int64>) throws(RecordingError)
        -> Int64
    {
        guard case .scalar(let text, _) = node else { throw expected("a number", at: path, node) }
        guard let value = Fields.decimal(ArraySlice(text.utf8), in: range) else {
            throw error(
                node,
                .malformed(
                    expected: "a decimal number in \(range.lowerBound)…\(range.upperBound) for \(path)", found: text))
        }
        return value
    }

    private func integers(_ node: YAMLNode, at path: String, in range: ClosedRange<Int64>) throws(RecordingError)
        -> [Int64]
    {
        if node.isNull { return [] }
        guard case .sequence(let items, _) = node else { throw expected("a list of numbers", at: path, node) }
        var result: [Int64] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { result.append(try integer(item, at: "\(path)[\(index)]", in: range)) }
        return result
    }

    private func device(_ node: YAMLNode, path: String) throws(RecordingError) -> (RecordedDevice, Int64?) {
        guard case .mapping = node else { throw expected("a mapping", at: path, node) }
        guard let evdev = node["evdev"] else { throw error(node, .missing("the 'evdev' description of \(path)")) }
        guard case .mapping = evdev else { throw expected("a mapping", at: "\(path).evdev", evdev) }

        guard let nameNode = evdev["name"] else { throw error(evdev, .missing("'name' in \(path).evdev")) }
        guard case .scalar(let name, _) = nameNode else {
            throw expected("a string", at: "\(path).evdev.name", nameNode)
        }

        guard let idNode = evdev["id"] else { throw error(evdev, .missing("'id' in \(path).evdev")) }
        let id = try integers(idNode, at: "\(path).evdev.id", in: 0...0xffff)
        guard id.count == 4 else {
            throw error(
                idNode,
                .malformed(
                    expected: "4 numbers [bustype, vendor, product, version] for \(path).evdev.id",
                    found: "\(id.count) numbers"))
        }

        var codes: [EventType: Set<UInt16>] = [:]
        guard let codesNode = evdev["codes"] else { throw error(evdev, .missing("'codes' in \(path).evdev")) }
        guard case .mapping(let codePairs, _) = codesNode else {
            throw expected("a mapping of type to codes", at: "\(path).evdev.codes", codesNode)
        }
        for pair in codePairs {
            let type = try integer(pair.key, at: "\(path).evdev.codes key", in: 0...Int64(EventType.maximum.rawValue))
            let list = try integers(pair.value, at: "\(path).evdev.codes.\(type)", in: 0...0xffff)
            codes[EventType(rawValue: UInt16(type)), default: []].formUnion(list.map { UInt16($0) })
        }
        if codes[.synchronization]?.isEmpty ?? true { codes[.synchronization] = minimumSynchronizationCodes }

        var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
        if let absNode = evdev["absinfo"], !absNode.isNull {
            guard case .mapping(let pairs, _) = absNode else {
                throw expected(
                    "a mapping of axis to [min, max, fuzz, flat, resolution]", at: "\(path).evdev.absinfo", absNode)
            }
            for pair in pairs {
                let code = try integer(
                    pair.key, at: "\(path).evdev.absinfo key", in: 0...Int64(AbsoluteAxis.maximum.rawValue))
                let values = try integers(
                    pair.value, at: "\(path).evdev.absinfo.\(code)", in: Int64(Int32.min)...Int64(Int32.max))
                guard values.count == 5 else {
                    throw error(
                        pair.value,
                        .malformed(
                            expected: "5 numbers [min, max, fuzz, flat, resolution] for \(path).evdev.absinfo.\(code)",
                            found: "\(values.count) numbers"))
                }
                axes[AbsoluteAxis(rawValue: UInt16(code))] = AbsoluteAxisInfo(
                    minimum: Int32(values[0]), maximum: Int32(values[1]), fuzz: Int32(values[2]),
                    flat: Int32(values[3]), resolution: Int32(values[4])
                )
            }
        }

        var properties: Set<InputProperty> = []
        if let propertiesNode = evdev["properties"] {
            for value in try integers(propertiesNode, at: "\(path).evdev.properties", in: 0...0xffff) {
                properties.insert(InputProperty(rawValue: UInt16(value)))
            }
        }

        var udev: [String: String] = [:]
        if let udevNode = node["udev"], let list = udevNode["properties"], !list.isNull {
            guard case .sequence(let items, _) = list else {
                throw expected("a list of \"KEY=VALUE\" strings", at: "\(path).udev.properties", list)
            }
            if items.count > RecordingLimits.maximumDescriptionEntries {
                throw error(
                    items[RecordingLimits.maximumDescriptionEntries],
                    .limitExceeded(
                        "more than \(RecordingLimits.maximumDescriptionEntries) udev properties for \(path)"))
            }
            for item in items {
                guard case .scalar(let text, _) = item, let equals = text.firstIndex(of: "=") else {
                    throw expected("a \"KEY=VALUE\" string", at: "\(path).udev.properties", item)
                }
                udev[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }

        var nodePath: String?
        if let nodeNode = node["node"], case .scalar(let text, _) = nodeNode, !text.isEmpty { nodePath = text }

        let description = DeviceDescription(
            name: name,
            identity: DeviceIdentity(
                busType: UInt16(id[0]), vendorID: UInt16(id[1]), productID: UInt16(id[2]), version: UInt16(id[3])),
            properties: properties,
            supportedCodes: codes,
            absoluteAxes: axes,
            udevProperties: udev
        )
        let (frames, first) = try self.frames(node["events"], path: "\(path).events")
        return (RecordedDevice(description: description, frames: frames, node: nodePath), first)
    }

    private func frames(_ node: YAMLNode?, path: String) throws(RecordingError) -> ([EventFrame], Int64?) {
        guard let node, !node.isNull else { return ([], nil) }
        guard case .sequence(let entries, _) = node else { throw expected("a list of frames", at: path, node) }
        var frames: [EventFrame] = []
        frames.reserveCapacity(entries.count)
        var first: Int64?
        var last: Int64 = .min
        for (index, entry) in entries.enumerated() {
            guard case .mapping = entry else {
                throw expected("a mapping such as 'evdev: [...]'", at: "\(path)[\(index)]", entry)
            }
            guard let list = entry["evdev"] else { continue }  // hid and libinput entries
            guard case .sequence(let items, _) = list, !items.isEmpty else {
                throw expected(
                    "a non-empty list of [sec, usec, type, code, value]", at: "\(path)[\(index)].evdev", list)
            }
            var events: [InputEvent] = []
            events.reserveCapacity(items.count)
            for (position, item) in items.enumerated() {
                let itemPath = "\(path)[\(index)].evdev[\(position)]"
                guard case .sequence(let fields, _) = item, fields.count == 5 else {
                    throw expected("[sec, usec, type, code, value]", at: itemPath, item)
                }
                let seconds = try integer(fields[0], at: "\(itemPath) seconds", in: 0...Int64(UInt32.max) * 4)
                let microseconds = try integer(fields[1], at: "\(itemPath) microseconds", in: 0...999_999)
                let type = try integer(fields[2], at: "\(itemPath) type", in: 0...Int64(EventType.maximum.rawValue))
                let code = try integer(fields[3], at: "\(itemPath) code", in: 0...0xffff)
                let value = try integer(fields[4], at: "\(itemPath) value", in: Int64(Int32.min)...Int64(Int32.max))
                let time = seconds * 1_000_000 + microseconds
                if time < last {
                    throw error(
                        item,
                        .timeWentBackwards(
                            previous: Timestamp(microseconds: last).description,
                            current: Timestamp(microseconds: time).description))
                }
                last = time
                if first == nil { first = time }
                let event = InputEvent(
                    time: Timestamp(microseconds: time), type: EventType(rawValue: UInt16(type)), code: UInt16(code),
                    value: Int32(value))
                if event.isReport && position != items.count - 1 { throw error(item, .reportInsideFrame) }
                if !event.isReport && position == items.count - 1 {
                    throw error(
                        item,
                        .malformed(
                            expected: "a SYN_REPORT [sec, usec, 0, 0, 0] as the last event of the frame",
                            found: "type \(type) code \(code)"))
                }
                events.append(event)
            }
            frames.append(EventFrame(events: events))
        }
        return (frames, first)
    }
}
