/// What a key does, as the key-binding table (``KeyTable``) names it. The reducer switches over
/// these instead of over keys, so that which key does what is written down once.
enum KeyCommand: Hashable, Sendable {
    // Everywhere
    case quit, help, helpWhenEditorEmpty, toggleMouse, reload, diagnostics, switchSpaces
    case nextPane, previousPane, completeOrNextPane, redraw, suspend, stopLoading, enterSteps
    // Outside the editor
    case toggleLog, focusEditor
    // Moving in a list, a tree or a text
    case up, down, pageUp, pageDown, first, last
    // Expression editor
    case acceptOrSave, previousCandidateOrHistory, nextCandidateOrHistory, closeCompletion, cancelEvaluation
    case deleteBackward, deleteForward, cursorLeft, cursorRight, lineStart, lineEnd, wordLeft, wordRight
    case deleteWordBackward, deleteWhitespaceWordBackward, deleteWordForward, killToStart, killToEnd
    case yank, transpose, showResult, togglePin, savePins, refresh, nextLesson, previousLesson
    case historySearch
    // Prompts (searches, the file name after Ctrl-S)
    case submitPrompt, cancelPrompt
    // Variables
    case expand, collapse, toggleExpansion, insertExpression, showValue, openDeclaration, collapseAll
    case search, nextMatch, previousMatch, startCopy
    case copyValue, copyKey, copyExpression, writeValueFile
    // Results, tokens, log
    case pinInEveryContext, nextContext, previousContext, clearLog
    // Pins
    case unpin
    // Step mode
    case nextStep, previousStep, stepOver, nextIteration, previousIteration, stepOut, leaveSteps
    // Full value viewer, diagnostics
    case scrollLeft, scrollRight, leftEdge, toggleWrap, close, stopSearch, openInEditor
}
