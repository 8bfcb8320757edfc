/// Searching the tree and the value viewer (``InspectorEffect/searching(_:)``).
enum SearchEffect: Equatable {
    /// Search the variable tree (answer with `.searchProgress` and `.searchFinished`).
    case search(query: String, generation: Int)
    /// Stop the running tree search.
    case cancelSearch
    /// Search the value viewer's lines (answer with `.viewerSearchFinished`).
    case searchViewer(ViewerSearchRequest)
    /// Count the value viewer's lines (answer with `.viewerLinesCounted`).
    case countViewerLines(ViewerCountRequest)
    /// Stop the running viewer search.
    case cancelViewerSearch
}
