/// Which PresentationInspector this is, as `pinspect --version` and `pi --version` print it.
///
/// One constant for every tool: the LLDB plugin (Scripts/lldb/presentation_inspector_arguments.py)
/// carries the same string, and a test keeps the two equal.
public enum PresentationInspectorVersion {
    /// The release this source tree is, `major.minor.patch` (semantic versioning).
    public static let current = "0.12.0"
}
