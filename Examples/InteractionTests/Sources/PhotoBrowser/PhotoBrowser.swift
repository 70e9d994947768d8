public import Geometry
public import Scenes

/// A small photo browser's window, built in code: a search field, a sidebar of albums, and a
/// scrolling grid of photos, each with a context menu and dragging.
public enum PhotoBrowser {
    /// The window's size in points.
    public static let size = Size(width: 800, height: 600)
    /// The side of a photo's square, in points.
    public static let photoSide = 150.0

    /// Where photo `index` (from 0) is in the window, before the grid scrolls: four a row, right
    /// of the sidebar and under the search field.
    public static func photoFrame(_ index: Int) -> Rect {
        Rect(
            x: 220 + Double(index % 4) * (photoSide + 20), y: 60 + Double(index / 4) * (photoSide + 20),
            width: photoSide, height: photoSide)
    }

    /// The window.
    public static func scene(photoCount: Int = 24) -> Scene {
        let search = SceneNode(
            id: "search", frame: Rect(x: 220, y: 10, width: 560, height: 36), role: .textField, focusable: true)
        let albums = ["recents", "favorites", "shared"].enumerated().map { index, name in
            SceneNode(
                id: name, frame: Rect(x: 0, y: 60 + Double(index) * 44, width: 200, height: 44), role: .cell,
                focusable: true)
        }
        let sidebar = SceneNode(
            id: "sidebar", frame: Rect(x: 0, y: 0, width: 200, height: size.height), children: albums, role: .list,
            focusGroup: "sidebar")
        let photos = (0..<photoCount).map { index in
            SceneNode(
                id: "photo-\(index + 1)", frame: photoFrame(index), role: .cell, focusable: true,
                interactions: [.contextMenu(actions: ["Share", "Delete"]), .drag])
        }
        let rows = (photoCount + 3) / 4
        let grid = SceneNode(
            id: "grid", frame: Rect(x: 200, y: 50, width: 600, height: 550), children: photos, role: .collection,
            focusGroup: "grid",
            scroll: SceneScroll(contentSize: Size(width: 600, height: 20 + Double(rows) * (photoSide + 20))))
        return Scene(
            root: SceneNode(
                id: "window", frame: Rect(x: 0, y: 0, width: size.width, height: size.height),
                children: [search, sidebar, grid]))
    }
}
