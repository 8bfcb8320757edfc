/// What a learner has done in one lesson file: the items ticked and the lesson last shown. Kept
/// between runs by ``LessonProgressStore``.
struct LessonProgress: Equatable, Codable {
    /// The ids of the ticked items.
    var done: Set<String> = []
    /// The index of the lesson on show.
    var current = 0

    init(done: Set<String> = [], current: Int = 0) {
        self.done = done
        self.current = current
    }

    private enum CodingKeys: String, CodingKey {
        case done, current
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        done = Set((try? container.decode([String].self, forKey: .done)) ?? [])
        current = max((try? container.decode(Int.self, forKey: .current)) ?? 0, 0)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(done.sorted(), forKey: .done)
        try container.encode(current, forKey: .current)
    }
}
