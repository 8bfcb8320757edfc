import Foundation
import MBMLEngine

/// Searching the tree and the value viewer, and counting the viewer's lines, off the UI thread.
extension InspectorSession {
    func performSearch(_ effect: SearchEffect) -> [InspectorAction] {
        switch effect {
        case .search(let text, let generation):
            guard let query = try? SearchQuery(text) else { return [] }
            return search(query, in: state.space, generation: generation)
        case .cancelSearch:
            searches.cancel()
            return []
        case .searchViewer(let request):
            viewerSearches.start(request.generation)
            let searches = viewerSearches
            // In the background the search reads a copy of the lines, with caches of its own: only
            // the job touches that copy (and the request, which it alone reads from then on).
            nonisolated(unsafe) let lines = background == nil ? request.lines : request.lines.detached()
            nonisolated(unsafe) let request = request
            return answer(on: .search) {
                guard
                    let outcome = request.run(
                        on: lines, shouldContinue: { _ in searches.isCurrent(request.generation) }),
                    searches.isCurrent(request.generation)
                else { return nil }
                return .viewerSearchFinished(generation: request.generation, outcome: outcome)
            }
        case .countViewerLines(let request):
            // As for a search: the job alone reads its copy of the lines and the request.
            nonisolated(unsafe) let lines = background == nil ? request.lines : request.lines.detached()
            nonisolated(unsafe) let request = request
            return answer(on: .search) {
                .viewerLinesCounted(generation: request.generation, lines: request.run(on: lines))
            }
        case .cancelViewerSearch:
            viewerSearches.cancel()
            return []
        }
    }

    /// Searches the tree (in the background, reporting progress) until a newer search or Esc.
    private func search(_ query: SearchQuery, in snapshot: VariableSnapshot, generation: Int) -> [InspectorAction] {
        searches.start(generation)
        guard let background else {
            return [.searchFinished(generation: generation, outcome: TreeSearch.search(query, in: snapshot))]
        }
        let searches = self.searches
        background.run(on: .search) { mailbox in
            guard searches.isCurrent(generation) else { return }
            let outcome = TreeSearch.search(query, in: snapshot, progressInterval: Self.searchProgressInterval) {
                visited in
                guard searches.isCurrent(generation) else { return false }
                mailbox.post(.action(.searchProgress(generation: generation, visited: visited))) {
                    if case .action(.searchProgress) = $0 { return true }
                    return false
                }
                return true
            }
            guard outcome.isComplete, searches.isCurrent(generation) else { return }
            mailbox.post(.action(.searchFinished(generation: generation, outcome: outcome)))
        }
        return []
    }
}
