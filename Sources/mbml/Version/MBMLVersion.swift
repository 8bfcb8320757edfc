/// What `mbml --version` and `mbml version` print: the release version and the commit the binary was
/// built from.
///
/// The release version is written here and nowhere else (README, "Versions"): `Tools/install.sh`
/// and `Tools/make-deb.sh` ask the built binary (`mbml version --release`). ``commit`` comes from
/// the file `Plugins/VersionInfo` generates before every build.
enum MBMLVersion {
    /// The release version, `MAJOR.MINOR.PATCH` (Semantic Versioning; CHANGELOG.md lists the changes).
    static let release = "0.1.0"

    /// The line `mbml --version` prints: `mbml 0.1.0 (commit 163e4a6b5465)`.
    static var description: String { "mbml \(release) (commit \(commit))" }
}
