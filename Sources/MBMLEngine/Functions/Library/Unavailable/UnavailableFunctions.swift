/// The 14 functions that cannot work on Linux (<doc:FunctionLibrary>): UIKit fonts,
/// the Objective-C runtime and application-bundle lookups. They are declared, so that `mbml functions`
/// lists them and manifests get a clear message, and every call fails with
/// ``FunctionError/unavailable`` ("^name() is not available on this platform").
enum UnavailableFunctions {
    static var all: [FunctionDefinition] {
        let table: [(String, FunctionInputType, String, FunctionCategory, String)] = [
            (
                "fontFamilyNames", .none, "^fontFamilyNames()", .font,
                "On UIKit, returns the installed font family names. Not available on this platform."
            ),
            (
                "fontNamesForFamilyName", .string, "^fontNamesForFamilyName(family)", .font,
                "On UIKit, returns the names of the fonts in a family. Not available on this platform."
            ),
            (
                "fontWithNameAndSize", .pipedObjects, "^fontWithNameAndSize(name|size)", .font,
                "On UIKit, returns the font with a name and point size. Not available on this platform."
            ),
            (
                "sizeOfTextWithFont", .pipedObjects,
                "^sizeOfTextWithFont(text|font) or ^sizeOfTextWithFont(text|fontName|size)", .font,
                "On UIKit, returns the rendered single-line size \"width,height\" of a text in a font. Not available on this platform."
            ),
            (
                "linesNeededToDrawText", .pipedObjects,
                "^linesNeededToDrawText(text|font|width) or ^linesNeededToDrawText(text|fontName|size|width)", .font,
                "On UIKit, returns how many lines a text needs in a font when wrapped at a width. Not available on this platform."
            ),
            (
                "stringWidth", .pipedObjects, "^stringWidth(text|font) or ^stringWidth(text|fontName|size)", .font,
                "On UIKit, returns the rendered width of a text in a font. Not available on this platform."
            ),
            (
                "classExists", .string, "^classExists(name)", .runtime,
                "On Apple platforms, returns whether an Objective-C class of that name is loaded. Not available on this platform."
            ),
            (
                "class", .string, "^class(name)", .runtime,
                "On Apple platforms, returns the Objective-C class object of that name. Not available on this platform."
            ),
            (
                "singleton", .object, "^singleton(class)", .runtime,
                "On Apple platforms, returns the shared instance of an Objective-C class. Not available on this platform."
            ),
            (
                "inheritanceHierarchyForClass", .object, "^inheritanceHierarchyForClass(class)", .runtime,
                "On Apple platforms, returns the classes from an Objective-C class up to its root class. Not available on this platform."
            ),
            (
                "respondsToSelector", .pipedObjects, "^respondsToSelector(object|selector)", .runtime,
                "On Apple platforms, returns whether an object implements the named method. Not available on this platform."
            ),
            (
                "instancesRespondToSelector", .pipedObjects, "^instancesRespondToSelector(class|selector)", .runtime,
                "On Apple platforms, returns whether a class itself implements the named class method. Not available on this platform."
            ),
            (
                "directoryForBundleWithIdentifier", .string, "^directoryForBundleWithIdentifier(identifier)", .resource,
                "On Apple platforms, returns the path of the loaded bundle with an identifier. Linux has no bundle identifiers, so it is not available on this platform."
            ),
            (
                "directoryForClassBundle", .string, "^directoryForClassBundle(className)", .resource,
                "On Apple platforms, returns the path of the bundle containing an Objective-C class. Not available on this platform."
            ),
        ]
        return table.map { name, input, signature, category, summary in
            FunctionDefinition(name, input: input, signature: signature, category: category, summary: summary) { _ in
                throw FunctionError.unavailable
            }
        }
    }
}
