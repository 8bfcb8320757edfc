/// The DataProcessing functions of <doc:FunctionLibrary>, defined in the `DataProcessing*.swift` files:
/// tests over collections (`DataProcessingTesting`), filtering and listing
/// (`DataProcessingFilter`), associating (`DataProcessingAssociate`), sorting
/// (`DataProcessingSort`) and array/string reshaping (`DataProcessingArrays`).
enum DataProcessingFunctions {
    static var all: [FunctionDefinition] {
        [
            collectionPassesTest, containsValue, setContains, selectFirstValue, valuesPassingTest,
            valuesIntersect,
            join, split, splitLines, appendArrays, flattenArrays,
            filter, list, pruneMatchingLeaves, pruneNonmatchingLeaves,
            associate, associateWithSingleValue, associateWithArray,
            sort, mergeDictionaries, reverse, unique, distributeArrayElements, groupArrayElements, reduce,
        ]
    }
}
