// fuzz-modules: Scenes
// fuzz-support: Expect
// fuzz-seeds: Tests/Fixtures/scenes Sources/Wayfinder/Resources/Demo
//
// The scene loader on arbitrary bytes, through its public API: a scene or a SceneError naming
// the file, never a trap or a hang.

import Scenes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try Scene.parse(bytes, file: "fuzz")
    } catch {
        expect(error.file == "fuzz", "a scene error names another file: \(error)")
    }
    return 0
}
