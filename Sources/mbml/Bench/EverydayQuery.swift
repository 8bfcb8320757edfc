/// One everyday question about the generated person records, as mbml and as jq (and gojq) ask it:
/// a row of `mbml bench` beside the faster peer, with the two answers compared.
struct EverydayQuery {
    /// What the row says it measures.
    let label: String
    /// The expression `mbml eval` answers, on `$people`.
    let mbml: String
    /// The same question for `jq -c` and `gojq -c`.
    let jq: String

    /// Filters through each filtering function (`^filter`, `^valuesPassingTest`, a per-item
    /// `^containsValue`), all/any, unique, sort, first/last, slices, reduce, grouping, joins,
    /// two-condition tests and nested paths: what jq users write every day.
    static let all: [EverydayQuery] = [
        EverydayQuery(
            label: "count age > 30 (^filter)", mbml: "^count(^filter($people|$item.age > 30))",
            jq: "[.[]|select(.age>30)]|length"),
        EverydayQuery(
            label: "count age > 30 (^valuesPassingTest)",
            mbml: "^count(^valuesPassingTest($people|$item.age > 30))", jq: "map(select(.age>30))|length"),
        EverydayQuery(
            label: "two conditions (-AND)", mbml: "^count(^filter($people|$item.age > 30 -AND $item.active))",
            jq: "[.[]|select(.age>30 and .active)]|length"),
        EverydayQuery(
            label: "nested path test", mbml: "^count(^filter($people|$item.address.zip == 10005))",
            jq: "[.[]|select(.address.zip==\"10005\")]|length"),
        EverydayQuery(
            label: "any member of a list", mbml: "^count(^filter($people|^containsValue($item.tags|red)))",
            jq: "[.[]|select(any(.tags[];.==\"red\"))]|length"),
        EverydayQuery(
            label: "any member of a list (an intermediate)",
            mbml: "^count(^filter($people|$item.tags|$item == red))",
            jq: "[.[]|select(any(.tags[];.==\"red\"))]|length"),
        EverydayQuery(
            label: "every member of a list (matchAll)",
            mbml: "^count(^filter($people|$item.tags|$item != red|matchAll))",
            jq: "[.[]|select(all(.tags[];.!=\"red\"))]|length"),
        EverydayQuery(
            label: "any record aged 90 (^containsValue)", mbml: "^containsValue(^list($people|$item.age)|90)",
            jq: "any(.[];.age==90)"),
        EverydayQuery(
            label: "all (^collectionPassesTest)", mbml: "^collectionPassesTest($people|$item.age >= 0)",
            jq: "all(.[];.age>=0)"),
        EverydayQuery(
            label: "distinct cities (^unique)", mbml: "^count(^unique(^list($people|$item.address.city)))",
            jq: "[.[].address.city]|unique|length"),
        EverydayQuery(label: "first record's field", mbml: "$people[0].email", jq: ".[0].email"),
        EverydayQuery(label: "last record (^lastObject)", mbml: "^lastObject($people).name", jq: ".[-1].name"),
        EverydayQuery(
            label: "slice (^subarray)", mbml: "^list(^subarray($people|100|5)|$item.id)", jq: "[.[100:105][].id]"),
        EverydayQuery(
            label: "sum of ages (^reduce)", mbml: "^reduce($people|0|#($currentValue + $item.age))",
            jq: "reduce .[] as $p (0;.+$p.age)"),
        EverydayQuery(
            label: "sort a filtered list by name",
            mbml: "^list(^sort(^filter($people|$item.age > 85)|$item.name)|$item.id)",
            jq: "[.[]|select(.age>85)]|sort_by(.name)|map(.id)"),
        EverydayQuery(
            label: "join every name (^join)", mbml: "^join(^list($people|$item.name)|, ).length",
            jq: "map(.name)|join(\", \")|length"),
        EverydayQuery(
            label: "index by email (^associate)", mbml: "^count(^associate($people|$item.email|$item.id))",
            jq: "map({key:.email,value:.id})|from_entries|length"),
        EverydayQuery(
            label: "index a filtered list (^associateWithSingleValue)",
            mbml: "^count(^associateWithSingleValue(^filter($people|$item.age > 30)|$item.email|$item.name))",
            jq: "[.[]|select(.age>30)]|map({key:.email,value:.name})|from_entries|length"),
        EverydayQuery(
            label: "group by city (^associateWithArray)",
            mbml: "^count(^associateWithArray($people|$item.address.city|$item.id))",
            jq: "group_by(.address.city)|length"),
    ]
}
