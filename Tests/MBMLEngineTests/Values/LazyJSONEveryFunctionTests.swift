import Foundation
import MBMLEngine
import XCTest

/// Every function of the library, each given a meaningful argument taken from a data document,
/// answers the same whether the document was read lazily (<doc:LargeData>) or decoded whole.
///
/// The calls are a table by function name and the test walks the registry: a function added to the
/// library without a call here fails ``testEveryFunctionHasACall``.
final class LazyJSONEveryFunctionTests: XCTestCase {
    /// The document, with `path` for `$d.path`.
    static func document(path: String) -> String {
        documentText.replacingOccurrences(of: "PATH", with: path)
    }

    static let documentText = #"""
        {
          "people": [
            {"name": "Ann", "age": 31, "city": "Oslo", "tags": ["a", "b"], "score": 12.5,
             "born": "1993-04-05", "loc": "59.91,10.75", "rect": "1,2,30,40"},
            {"name": "bob", "age": 25, "city": "Bergen", "tags": [], "score": 7,
             "born": "1999-01-02", "loc": "60.39,5.32", "rect": "0,0,10,10"},
            {"name": "Cy Dee", "age": 42, "city": "Oslo", "tags": ["c"], "score": -3.25,
             "born": "1982-12-31", "loc": "59.91,10.75", "rect": "5,5,5,5"}
          ],
          "numbers": [3, 1, 2, 3, 12345678901234567890123456789012345678901234],
          "words": ["pear", "apple", "fig", "apple"],
          "nested": [[1, 2], [3, [4, 5]], []],
          "scores": {"ann": 31, "bob": 25, "cy": 42},
          "more": {"dan": 19, "ann": 32},
          "tree": {"a": {"b": 1, "c": [1, 2, "x"]}, "d": 2, "e": {"f": "x"}},
          "text": "Hello World\nsecond line  ",
          "path": "PATH",
          "hex": "48656c6c6f",
          "b64": "SGVsbG8=",
          "stamp": 1700000000,
          "point": "3,4",
          "size": "5,6",
          "insets": "1,2,3,4",
          "url": "https://example.com/a?b=c",
          "when": "2023-11-14 22:13:20"
        }
        """#

    /// One call per function, on `$d` (the document).
    static let calls: [String: String] = [
        // Collection
        "appendObject": "^appendObject($d.words|$d.people[0])",
        "array": "^array($d.people|$d.words[1]|$d.scores)",
        "copy": "^copy($d.people)",
        "count": "^count($d.people)",
        "dictionary": "^dictionary(first|$d.people[0]|all|$d.scores)",
        "indexOf": "^indexOf($d.people|$d.people[1])",
        "insertObjectAtIndex": "^insertObjectAtIndex($d.people|$d.scores|1)",
        "isArray": "^isArray($d.people)",
        "isCollection": "^isCollection($d.scores)",
        "isDictionary": "^isDictionary($d.scores)",
        "isSet": "^isSet(^setWithArray($d.words))",
        "keys": "^keys($d.tree)",
        "lastObject": "^lastObject($d.people)",
        "mutableCopy": "^mutableCopy($d.tree)",
        "removeLastObject": "^removeLastObject($d.people)",
        "removeObject": "^removeObject($d.words|apple)",
        "removeObjectAtIndex": "^removeObjectAtIndex($d.people|0)",
        "set": "^set($d.words[0]|$d.words[1]|$d.words[3])",
        "setWithArray": "^setWithArray($d.words)",
        "subarray": "^subarray($d.people|1|2)",
        "valueForKey": "^valueForKey($d.scores|bob|none)",
        "values": "^values($d.tree)",
        // DataProcessing
        "appendArrays": "^appendArrays($d.people|$d.words|$d.nested)",
        "associate": "^associate($d.people|$item.name|$item.age)",
        "associateWithArray": "^associateWithArray($d.people|$item.city|$item.name)",
        "associateWithSingleValue": "^associateWithSingleValue($d.people|$item.city|$item)",
        "collectionPassesTest": "^collectionPassesTest($d.people|$item.age > 20)",
        "containsValue": "^containsValue($d.people|$d.people[2])",
        "distributeArrayElements": "^distributeArrayElements($d.people|2)",
        "filter": "^filter($d.people|$item.city == Oslo -AND $item.age > 35)",
        "flattenArrays": "^flattenArrays($d.nested)",
        "groupArrayElements": "^groupArrayElements($d.people|2)",
        "join": "^join($d.words|, )",
        "list": "^list($d.people|$item.tags)",
        "mergeDictionaries": "^mergeDictionaries($d.scores|$d.more)",
        "pruneMatchingLeaves": "^pruneMatchingLeaves($d.nested|$item == 3)",
        "pruneNonmatchingLeaves": "^pruneNonmatchingLeaves($d.nested|$item > 1)",
        "reduce": "^reduce($d.people|0|#($currentValue + $item.age))",
        "reverse": "^reverse($d.people)",
        "selectFirstValue": "^selectFirstValue($d.missing|$d.people[1])",
        "setContains": "^setContains(^setWithArray($d.words)|fig)",
        "sort": "^sort($d.people|$item.name|descending)",
        "split": "^split( |$d.text)",
        "splitLines": "^splitLines($d.text)",
        "unique": "^unique($d.numbers)",
        "valuesIntersect": "^valuesIntersect($d.people|^array($d.people[1]))",
        "valuesPassingTest": "^valuesPassingTest($d.people|$item.tags.count > 0)",
        // Date
        "addSecondsToDate": "^addSecondsToDate($d.stamp|^unixTimestampToDate(0))",
        "currentTime": "^isDictionary(^currentTime())",
        "dateToUnixTimestamp": "^dateToUnixTimestamp(^unixTimestampToDate($d.stamp))",
        "formatDate": "^formatDate(^unixTimestampToDate($d.stamp)|yyyy-MM-dd)",
        "formatFullDate": "^formatFullDate(^unixTimestampToDate($d.stamp)|UTC)",
        "formatFullDateTime": "^formatFullDateTime(^unixTimestampToDate($d.stamp))",
        "formatFullTime": "^formatFullTime(^unixTimestampToDate($d.stamp))",
        "formatLongDate": "^formatLongDate(^unixTimestampToDate($d.stamp)|UTC)",
        "formatLongDateTime": "^formatLongDateTime(^unixTimestampToDate($d.stamp))",
        "formatLongTime": "^formatLongTime(^unixTimestampToDate($d.stamp))",
        "formatMediumDate": "^formatMediumDate(^unixTimestampToDate($d.stamp)|UTC)",
        "formatMediumDateTime": "^formatMediumDateTime(^unixTimestampToDate($d.stamp))",
        "formatMediumTime": "^formatMediumTime(^unixTimestampToDate($d.stamp))",
        "formatShortDate": "^formatShortDate(^unixTimestampToDate($d.stamp)|UTC)",
        "formatShortDateTime": "^formatShortDateTime(^unixTimestampToDate($d.stamp))",
        "formatShortTime": "^formatShortTime(^unixTimestampToDate($d.stamp))",
        "formatSortableDate": "^formatSortableDate(^unixTimestampToDate($d.stamp))",
        "formatTimeUntil": "^isDictionary(^formatTimeUntil(^unixTimestampToDate($d.stamp)))",
        "parseDate": "^parseDate($d.people[0].born|yyyy-MM-dd)",
        "reformatDate": "^reformatDate($d.people[1].born|yyyy-MM-dd|dd.MM.yyyy)",
        "reformatDateWithLocale": "^reformatDateWithLocale($d.people[2].born|en_US|yyyy-MM-dd|MMMM d)",
        "secondsSince": "^isDictionary(^secondsSince(^unixTimestampToDate($d.stamp)))",
        "secondsUntil": "^isDictionary(^secondsUntil(^unixTimestampToDate($d.stamp)))",
        "timeZoneOffset": "^isDictionary(^timeZoneOffset())",
        "unixTimestampToDate": "^unixTimestampToDate($d.stamp)",
        // Debug
        "bench": "^isDictionary(^bench(^count($d.people)))",
        "benchBool": "^isDictionary(^benchBool($d.people[0].age > 30))",
        "debugBreak": "^debugBreak($d.people[0].name)",
        "deprecateVariableInFavorOf": "^deprecateVariableInFavorOf(old|$d.people[0]|Module)",
        "dump": "^dump($d.people)",
        "log": "^log($d.scores)",
        "repeat": "^repeat(2|$d.people[0].name)",
        "repeatBool": "^repeatBool(2|$d.people[0].age > 30)",
        "test": "^test($d.people[0].age > 30)",
        "tokenize": "^tokenize($d.people[0])",
        "tokenizeBoolean": "^tokenizeBoolean($d.people[0].age > 30)",
        "tokenizeMath": "^tokenizeMath(#($d.people[0].age + 1))",
        // Encoding
        "MD5": "^MD5($d.text)",
        "MD5FromData": "^MD5FromData(^dataFromHexString($d.hex))",
        "MD5FromString": "^MD5FromString($d.people[0].name)",
        "SHA1": "^SHA1($d.text)",
        "SHA1FromData": "^SHA1FromData(^dataFromBase64($d.b64))",
        "SHA1FromString": "^SHA1FromString($d.words)",
        "base64FromData": "^base64FromData(^dataFromHexString($d.hex))",
        "dataFromBase64": "^dataFromBase64($d.b64)",
        "dataFromHexString": "^dataFromHexString($d.hex)",
        "hexStringFromData": "^hexStringFromData(^dataFromBase64($d.b64))",
        // Environment
        "mbmlFileIsLoaded": "^mbmlFileIsLoaded($d.path)",
        "mbmlLoadedFiles": "^count(^mbmlLoadedFiles())",
        "mbmlLoadedPaths": "^count(^mbmlLoadedPaths())",
        "mbmlPathIsLoaded": "^mbmlPathIsLoaded($d.path)",
        // File (`$d.path` is a file the test writes; writing is refused by default)
        "deleteFile": "^deleteFile($d.path/none/nothing-here)",
        "directoryForApplicationSupport": "^isDictionary(^directoryForApplicationSupport())",
        "directoryForCaches": "^isDictionary(^directoryForCaches())",
        "directoryForDocuments": "^isDictionary(^directoryForDocuments())",
        "directoryForDownloads": "^isDictionary(^directoryForDownloads())",
        "directoryForHome": "^isDictionary(^directoryForHome())",
        "directoryForMovies": "^isDictionary(^directoryForMovies())",
        "directoryForMusic": "^isDictionary(^directoryForMusic())",
        "directoryForPictures": "^isDictionary(^directoryForPictures())",
        "directoryForPublicFiles": "^isDictionary(^directoryForPublicFiles())",
        "directoryForTempFiles": "^isDictionary(^directoryForTempFiles())",
        "fileContents": "^fileContents($d.path)",
        "fileData": "^fileData($d.path)",
        "fileExists": "^fileExists($d.path)",
        "fileIsDeletable": "^fileIsDeletable($d.path)",
        "fileIsReadable": "^fileIsReadable($d.path)",
        "fileIsWritable": "^fileIsWritable($d.path)",
        "isDirectoryAtPath": "^isDirectoryAtPath($d.path)",
        "lastPathComponent": "^lastPathComponent($d.path)",
        "listDirectory": "^listDirectory(^stripLastPathComponent($d.path))",
        "pathComponents": "^pathComponents($d.path)",
        "pathExtension": "^pathExtension($d.path)",
        "sizeOfFile": "^sizeOfFile($d.path)",
        "stripLastPathComponent": "^stripLastPathComponent($d.path)",
        "stripPathExtension": "^stripPathExtension($d.path)",
        // Font (not available on this platform: the same refusal both ways)
        "fontFamilyNames": "^fontFamilyNames()",
        "fontNamesForFamilyName": "^fontNamesForFamilyName($d.people[0].name)",
        "fontWithNameAndSize": "^fontWithNameAndSize($d.people[0].name|12)",
        "linesNeededToDrawText": "^linesNeededToDrawText($d.text|$d.people[0].name|100)",
        "sizeOfTextWithFont": "^sizeOfTextWithFont($d.text|$d.people[0].name)",
        "stringWidth": "^stringWidth($d.text|$d.people[0].name)",
        // Geolocation
        "distance": "^distance(^parseLocation($d.people[0].loc)|^parseLocation($d.people[1].loc))",
        "formatDistance": "^formatDistance(%.1f|^parseLocation($d.people[0].loc)|^parseLocation($d.people[1].loc))",
        "parseLocation": "^parseLocation($d.people[1].loc)",
        // Geometry
        "insetRect": "^insetRect($d.people[0].rect|$d.insets)",
        "insetRectBottom": "^insetRectBottom($d.people[0].rect|2)",
        "insetRectLeft": "^insetRectLeft($d.people[0].rect|2)",
        "insetRectRight": "^insetRectRight($d.people[0].rect|2)",
        "insetRectTop": "^insetRectTop($d.people[0].rect|2)",
        "pointX": "^pointX($d.point)",
        "pointY": "^pointY($d.point)",
        "rectHeight": "^rectHeight($d.people[0].rect)",
        "rectOrigin": "^rectOrigin($d.people[0].rect)",
        "rectSize": "^rectSize($d.people[0].rect)",
        "rectWidth": "^rectWidth($d.people[0].rect)",
        "rectX": "^rectX($d.people[2].rect)",
        "rectY": "^rectY($d.people[2].rect)",
        "sizeHeight": "^sizeHeight($d.size)",
        "sizeWidth": "^sizeWidth($d.size)",
        // Logic
        "if": "^if($d.people[0].age > 30|$d.people|$d.scores)",
        // Math
        "arrayFilledWithIntegers": "^arrayFilledWithIntegers($d.numbers[1]|$d.numbers[0]|1)",
        "ceil": "^ceil($d.people[2].score)",
        "floor": "^floor($d.people[2].score)",
        "max": "^max($d.people[0].age|$d.people[2].age)",
        "min": "^min($d.people[0].age|$d.people[2].age)",
        "mod": "^mod($d.people[2].age|5)",
        "modFloat": "^modFloat($d.people[0].score|5)",
        "percent": "^percent($d.people[1].age|$d.people[0].age)",
        "random": "^isDictionary(^random($d.numbers[0]))",
        "randomPercent": "^isDictionary(^randomPercent())",
        "round": "^round($d.people[0].score)",
        // Regex
        "matchesRegex": "^matchesRegex($d.people[2].name|^[A-Z].* D)",
        "replaceRegex": "^replaceRegex($d.text|o|0)",
        "stripRegex": "^stripRegex($d.text|[aeiou])",
        // Resource
        "directoryForBundleWithIdentifier": "^directoryForBundleWithIdentifier($d.people[0].name)",
        "directoryForClassBundle": "^directoryForClassBundle($d.people[0].name)",
        "directoryForMainBundle": "^isDictionary(^directoryForMainBundle())",
        // Runtime (not available on this platform: the same refusal both ways)
        "class": "^class($d.people[0].name)",
        "classExists": "^classExists($d.people[0].name)",
        "inheritanceHierarchyForClass": "^inheritanceHierarchyForClass($d.people[0].name)",
        "instancesRespondToSelector": "^instancesRespondToSelector($d.people[0].name|count)",
        "respondsToSelector": "^respondsToSelector($d.people|count)",
        "singleton": "^singleton($d.people[0].name)",
        // String
        "concatenateFields": "^concatenateFields(, |Name: |$d.people[0].name|City: |$d.people[0].city)",
        "containsString": "^containsString($d.text|World)",
        "eval": "^eval($d.people[0].name)",
        "evalBool": "^evalBool($d.people[0].age)",
        "firstNonemptyString": "^firstNonemptyString($d.missing|$d.people[1].name)",
        "firstNonemptyTrimmedString": "^firstNonemptyTrimmedString($d.missing|$d.text)",
        "formatInteger": "^formatInteger($d.stamp)",
        "hasPrefix": "^hasPrefix($d.text|Hello)",
        "hasSuffix": "^hasSuffix($d.path|.txt)",
        "indentLines": "^indentLines($d.text)",
        "indentLinesToDepth": "^indentLinesToDepth($d.text|2)",
        "lowercase": "^lowercase($d.people[2].name)",
        "parseDouble": "^parseDouble($d.people[2].score)",
        "parseInteger": "^parseInteger($d.people[2].age)",
        "parseNumber": "^parseNumber($d.people[0].score)",
        "pluralize": "^pluralize($d.people.count|person|people)",
        "prefixLinesWith": "^prefixLinesWith($d.text|> )",
        "q": "^q($d.people)",
        "rangeOfString": "^rangeOfString($d.text|World)",
        "stripQueryString": "^stripQueryString($d.url)",
        "stripSpaces": "^stripSpaces($d.people[2].name)",
        "titleCase": "^titleCase($d.text)",
        "titleCaseIfAllCaps": "^titleCaseIfAllCaps(^uppercase($d.people[2].name))",
        "trimSpaces": "^trimSpaces($d.text)",
        "truncate": "^truncate(5|$d.text)",
        "uppercase": "^uppercase($d.people[1].name)",
    ]

    /// The functions whose call above is refused on this platform or by the default file policy
    /// (the refusal, not an answer, is what is compared); every other call must answer.
    private static let unavailable: Set<String> = [
        "deleteFile",
        "fontFamilyNames", "fontNamesForFamilyName", "fontWithNameAndSize", "linesNeededToDrawText",
        "sizeOfTextWithFont", "stringWidth", "class", "classExists", "inheritanceHierarchyForClass",
        "instancesRespondToSelector", "respondsToSelector", "singleton", "directoryForBundleWithIdentifier",
        "directoryForClassBundle",
    ]

    func testEveryFunctionHasACall() {
        let names = Set(FunctionRegistry.builtIn.all.map(\.name))
        XCTAssertEqual(names.subtracting(Self.calls.keys).sorted(), [], "functions without a call")
        XCTAssertEqual(Set(Self.calls.keys).subtracting(names).sorted(), [], "calls of no function")
    }

    func testEveryFunctionAnswersTheSameOnLazyAndDecodedData() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "LazyJSONEveryFunctionTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try Data("first\nsecond\n".utf8).write(to: file)
        let text = Self.document(path: file.path)
        let lazy = try JSONCodec.decodePlainLazily(Array(text.utf8))
        guard lazy.jsonNode != nil else { return XCTFail("the document is not read lazily") }
        let decoded = try JSONCodec.decodePlain(text)
        for definition in FunctionRegistry.builtIn.all {
            let name = definition.name
            guard let call = Self.calls[name] else { continue }
            let expected = answer(call, data: decoded)
            let got = answer(call, data: lazy)
            XCTAssertEqual(got, expected, "^\(name): \(call)")
            if Self.unavailable.contains(name) {
                XCTAssertTrue(expected.hasPrefix("error: "), "^\(name) answers on this platform: \(expected)")
            } else {
                XCTAssertFalse(expected.hasPrefix("error: "), "^\(name): \(call) → \(expected)")
            }
        }
    }

    /// The answer of `call` in a fresh environment with `$d` set to `data`, as JSON text, or the
    /// error's message.
    private func answer(_ call: String, data: Value) -> String {
        let environment = Environment()
        environment.variables.declare("d", value: data)
        do {
            let value = try environment.evaluate(call, in: .object)
            return JSONCodec.encode(value)
        } catch let error as ExpressionError {
            return "error: \(error.message)"
        } catch {
            return "error: \(error)"
        }
    }
}
