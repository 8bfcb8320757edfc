/// What the reducer asks the outside world to do, by feature: each feature's effects are its own
/// enum, performed by its own part of the session (`Session/Effects/`), as gitui's components each
/// own their events.
enum InspectorEffect: Equatable {
    /// Evaluating the editor's text and its steps.
    case evaluation(EvaluationEffect)
    /// Loading the space, its dynamic variables, refreshing, switching spaces, watching files.
    case loading(LoadingEffect)
    /// Searching the tree and the value viewer.
    case searching(SearchEffect)
    /// The pins, the comparison and the lessons.
    case watchPanes(WatchPaneEffect)
    /// The world outside the screen: the editor, the clipboard, files, the terminal, quitting.
    case outside(OutsideEffect)
}
