import Foundation

/// Loading the space and keeping it current (``InspectorEffect/loading(_:)``).
enum LoadingEffect: Equatable {
    /// Load the manifest again (in the background; answer with `.loadStarted`, then `.spaceLoaded`
    /// or `.loadFailed`).
    case reload
    /// Stop the running load and the dynamic variables still being computed.
    case cancelLoad
    /// Compute these dynamic variables of the load `generation` in the background (answer with
    /// `.dynamicComputed` for each).
    case computeDynamicVariables(names: [String], generation: Int)
    /// Take a new snapshot of the variables without reloading (answer with `.spaceRefreshed`).
    case refreshSpace
    /// Show the other space of `--compare` in the tree (and evaluate there first).
    case switchSpaces
    /// Watch these files (and no others): a change to any of them answers `.filesChanged`.
    case watch([URL])
}
