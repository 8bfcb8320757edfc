/// How strictly MBML files are parsed.
///
/// The original engine parsed manifests in libxml2's recovery mode, so real manifests exist that
/// are not well-formed (a bare `&` in text) and still loaded. `mbml render` reproduces that;
/// everything that edits or checks manifests (the inspector, `eval`) stays strict, so that a broken
/// save is reported instead of half-loaded. Entity expansion and network access stay off in both.
public enum XMLParsingMode: Sendable, Equatable {
    /// Any XML error fails the file.
    case strict
    /// libxml2 recovers what it can (`XML_PARSE_RECOVER`); each recovered error is a warning.
    case recovering
}
