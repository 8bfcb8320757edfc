/// A layer open over the panes that gets keys before them, as popups do in gitui's popup stack: the
/// top layer gets each key first, and one place (``InspectorState/modals``) says which layers are
/// open and in what order. ``Reducer`` routes a key to the top layer, or to the focused pane when
/// none is open; what each layer does with a key is in the key table (``KeyTable``), under the
/// layer's ``scope``.
///
/// The quit prompt takes every key (its answer is the next key). Under it, Ctrl-C, a paste and the
/// mouse are handled before any other layer; under the prompts, Esc stops a running load before
/// step mode or a pane gets the key too.
enum Modal: Equatable, Sendable {
    /// Quitting asks about pins not saved.
    case quitPrompt
    /// The diagnostics overlay (F7).
    case diagnostics
    /// The help screen (F1).
    case help
    /// The full-value viewer (Enter on a result or a node).
    case viewer
    /// The file name of the pins to save (Ctrl-S).
    case savePrompt
    /// Whether to replace an existing pins file.
    case overwritePrompt
    /// The editor's reverse history search (Alt-R).
    case historySearch
    /// Step mode (F8).
    case steps

    /// Where the key table lists this layer's keys.
    var scope: KeyScope {
        switch self {
        case .quitPrompt: return .quitPrompt
        case .diagnostics: return .diagnostics
        case .help: return .helpScreen
        case .viewer: return .viewer
        case .savePrompt, .overwritePrompt: return .prompt
        case .historySearch: return .historySearch
        case .steps: return .steps
        }
    }

    /// Whether Ctrl-C, a paste and the mouse reach the inspector before this layer (all but the quit
    /// prompt, whose answer is the next key whatever it is).
    var letsGlobalKeysThrough: Bool { self != .quitPrompt }

    /// Whether this layer sits under the running-load check and the too-small screen: Esc stops a
    /// load and then still reaches it, and nothing reaches it while the screen is too small.
    var isUnderLoadingKeys: Bool { self == .steps }
}

extension InspectorState {
    /// The layers open now, top first (the first one gets the keys): the one place that decides
    /// where a key goes before the panes.
    var modals: [Modal] {
        var layers: [Modal] = []
        let hasPrompt = pins.savePrompt != nil || pins.overwritePrompt != nil
        // A quit prompt that opened a save prompt waits under it (and returns when it closes).
        if pins.quitPrompt, !hasPrompt { layers.append(.quitPrompt) }
        switch overlay {
        case .diagnostics?: layers.append(.diagnostics)
        case .help?: layers.append(.help)
        case .viewer?: layers.append(.viewer)
        case nil: break
        }
        if pins.savePrompt != nil { layers.append(.savePrompt) }
        if pins.overwritePrompt != nil { layers.append(.overwritePrompt) }
        if focus == .editor, editor.historySearch != nil { layers.append(.historySearch) }
        if stepper != nil { layers.append(.steps) }
        return layers
    }
}
