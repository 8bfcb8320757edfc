extension MBMLSyntax {
    /// The subreference names `.name` offers after a value of this kind, the ones completion shows
    /// first (the evaluator also answers a few synonyms, such as `floatValue`): for a string its
    /// length, case forms, numeric readings and path parts; for a number its readings; `count` for
    /// a collection; a host object's own properties. Keys of a dictionary and indexes of an array
    /// are the value's own and not listed here.
    public static func propertyNames(offeredBy value: Value) -> [String] {
        switch value {
        case .string: return stringProperties
        case .decimal, .integer, .double, .boolean, .bigInteger: return numberProperties
        case .array, .set: return ["count"]
        case .date: return ["timeIntervalSince1970", "timeIntervalSinceReferenceDate", "description"]
        case .data: return ["length", "description"]
        case .object(let object): return object.propertyNames
        case .dictionary, .null: return []
        }
    }

    static let stringProperties = [
        "length", "uppercaseString", "lowercaseString", "capitalizedString",
        "intValue", "integerValue", "doubleValue", "boolValue",
        "lastPathComponent", "pathExtension",
    ]

    static let numberProperties = ["intValue", "integerValue", "doubleValue", "boolValue", "stringValue"]
}
