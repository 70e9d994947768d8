// fuzz-modules: Scenes
// fuzz-support: Expect
// fuzz-options: -max_len=65536
//
// The scene loader's id table on adversarial ids: the bytes, split at runs of 0x00, are the ids of
// a flat scene's children (one a line, written as JSON strings, so any byte may be in an id:
// control characters, invalid UTF-8 repaired, non-ASCII ids that move the table to strings,
// canonically equivalent ids, many ids colliding in any hash the fuzzer can reach). The loader
// must agree with a dictionary of strings: the scene loads with exactly those ids when they
// differ, and otherwise refuses the first repeated id, on its line, naming the line it was first
// used on.

import Scenes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneIDs(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Empty ids are refused for being empty, which is not what this target looks at.
    let ids = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    // The root's id is on line 1; child n is on line n + 2.
    var text = #"{"size": [100, 100], "root": {"id": "root", "frame": [0, 0, 100, 100], "children": ["#
    for (index, id) in ids.enumerated() {
        text += (index == 0 ? "\n" : ",\n") + #"{"id": "\#(escaped(id))", "frame": [0, 0, 1, 1]}"#
    }
    text += "\n]}}\n"
    var firstLines: [String: Int] = ["root": 1]
    var repeated: (id: String, line: Int, firstLine: Int)?
    for (index, id) in ids.enumerated() {
        if let first = firstLines[id] {
            repeated = (id, index + 2, first)
            break
        }
        firstLines[id] = index + 2
    }
    do {
        let scene = try Scene.parse(text, file: "fuzz").scene
        expect(repeated == nil, "the repeated id \(repeated.map { String(reflecting: $0.id) } ?? "") was accepted")
        expect(scene.root.children.map(\.id) == ids, "the ids changed on loading")
    } catch {
        guard let repeated else {
            expect(false, "distinct ids were refused: \(error)")
            return 0
        }
        expect(
            error.kind == .duplicateID(firstLine: repeated.firstLine) && error.line == repeated.line
                && error.nodeID == repeated.id,
            "the repeated id \(String(reflecting: repeated.id)) on line \(repeated.line) (first on line "
                + "\(repeated.firstLine)) was refused as \(error)")
    }
    return 0
}

/// `id` as the inside of a JSON string.
func escaped(_ id: String) -> String {
    var text = ""
    for scalar in id.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        default:
            if scalar.value < 0x20 {
                let digits = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
    }
    return text
}
