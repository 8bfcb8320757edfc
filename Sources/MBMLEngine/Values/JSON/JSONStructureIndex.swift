/// What ``JSONStructureIndexer`` learned about a valid JSON text whose top-level value is a
/// container: where that value begins, and the member offsets of every large container.
struct JSONStructureIndex: Sendable {
    /// The offset of the top-level container's opening bracket.
    let root: Int
    /// Container offset → the offsets of its members: where each element of an array begins, or
    /// the opening quote of each key of an object. Only containers of
    /// ``JSONStructureIndexer/indexedContainerBytes`` or more are here.
    let members: [Int: [Int]]
}
