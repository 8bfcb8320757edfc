import ArgumentParser
import Foundation
import MBMLInspector

/// `mbml tutorial [DIR]`: writes the samples built into the binary to a folder and opens the
/// tutorial from there, so that its last step (editing the file while the inspector watches it)
/// works for someone who installed only the binary.
struct TutorialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tutorial",
        abstract: "Write the samples to a folder and open the tutorial from there.",
        discussion: """
            Writes the tutorial, store and api-evolution samples (manifests, data, expectation files \
            and their README) under DIR/Samples/, so that the commands in DIR/Samples/README.md work \
            as written from DIR. DIR must not exist or must be empty: nothing is overwritten. Then \
            opens the inspector on DIR/Samples/tutorial/manifest.xml with its lessons (Alt-N / Alt-P \
            move between them; an item of a lesson's checklist is ticked when what you type gives its \
            value); edit that file and the inspector reloads it (the last lesson). The progress is \
            kept under $XDG_STATE_HOME/mbml/lessons/: `mbml inspect DIR/Samples/tutorial/manifest.xml` \
            reopens the lessons where you left them.
            """
    )

    @Argument(help: ArgumentHelp("The folder to write the samples to.", valueName: "dir"))
    var directory: String = "mbml-tutorial"

    @Flag(name: .long, help: "Only write the files; do not open the inspector.")
    var noOpen = false

    @Option(name: .long, help: ArgumentHelp("The inspector's theme (see `mbml help inspect`).", valueName: "name"))
    var theme: String?

    func run() throws {
        let folder = URL(fileURLWithPath: directory)
        let written: [URL]
        do {
            written = try EmbeddedSamples.write(to: folder)
        } catch let error as EmbeddedSamples.WriteError {
            StandardStream.error.writeLine("mbml tutorial: \(error.description)")
            throw ExitCode.failure
        }
        let manifest = EmbeddedSamples.tutorialManifest(in: folder)
        let summary = """
            Wrote \(written.count) files under \(directory)/Samples. Open the tutorial again, with its lessons \
            and the progress made, with
              mbml inspect \(directory)/Samples/tutorial/manifest.xml
            and the other samples with the commands in \(directory)/Samples/README.md (run them in \(directory)).
            """
        if noOpen {
            StandardStream.report.writeLine(summary)
            return
        }
        var configuration = InspectorConfiguration(source: .manifest(manifest), themeName: theme)
        configuration.themeFolders = InstalledThemes.searchFolders()
        if let lessonFile = LessonFileLocator.lessonFile(forManifest: manifest) {
            configuration.lessons = try InspectCommand.expectations(from: lessonFile.path)
            configuration.lessonFile = lessonFile
        }
        let status: Int32
        do {
            status = try Inspector.run(configuration)
        } catch let error as InspectorStartError {
            StandardStream.error.writeLine("mbml tutorial: \(error.description)")
            throw ExitCode.failure
        }
        StandardStream.report.writeLine(summary)
        if status != 0 { throw ExitCode(status) }
    }
}
