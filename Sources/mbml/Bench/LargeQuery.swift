/// One everyday question asked of a large file of person records (a gigabyte) in `mbml bench`:
/// none of them `^count`, `^filter` or `^list` alone. Each must answer under the default memory
/// budget with peak memory at most 1.2× the file; its answer is checked against what
/// `Tools/people-answers.py` computes, by its own reading of the same file, under `id`.
struct LargeQuery {
    /// The key of the answer in the reference's output.
    let id: String
    /// The expression `mbml eval` answers, on `$people`.
    let mbml: String

    /// A dozen queries from seven families: collection, filtering, tests, sort, grouping,
    /// reduction and strings (`Tools/people-answers.py` computes each).
    static let all: [LargeQuery] = [
        LargeQuery(id: "last", mbml: "^lastObject($people).name"),
        LargeQuery(id: "slice", mbml: "^list(^subarray($people|100|3)|$item.name)"),
        LargeQuery(id: "passing", mbml: "^count(^valuesPassingTest($people|$item.age > 80))"),
        LargeQuery(id: "all", mbml: "^collectionPassesTest($people|$item.age > 17)"),
        LargeQuery(id: "sorted", mbml: "^sort(^filter($people|$item.id < 1000)|$item.name|desc)[0].name"),
        LargeQuery(
            id: "associate", mbml: "^count(^associate(^filter($people|$item.age > 85)|$item.address.city|$item.id))"),
        LargeQuery(id: "unique", mbml: "^count(^unique(^list($people|$item.address.city)))"),
        LargeQuery(id: "sum", mbml: "^reduce($people|0|#($currentValue + $item.age))"),
        LargeQuery(id: "isArray", mbml: "^isArray($people)"),
        LargeQuery(id: "and", mbml: "^count(^filter($people|$item.age > 30 -AND $item.active))"),
        LargeQuery(id: "deep", mbml: "$people[100000].address.city"),
        LargeQuery(id: "contains", mbml: "^containsValue(^list($people|$item.name)|Person 6000000)"),
        LargeQuery(id: "join", mbml: "^join(^list(^subarray($people|0|3)|$item.email)|, )"),
    ]
}
