extension JSONCodec {
    /// A dictionary key as the tagged encoding writes it: a key that starts with `$` gets a second
    /// `$`, so that it cannot be mistaken for a tag (`$set`, `$date`, `$data`). Not quoted.
    public static func taggedKey(_ key: String) -> String {
        key.hasPrefix("$") ? "$" + key : key
    }
}
