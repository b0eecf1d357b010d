// The file layer's types (UserFile, SystemCallError, FileReadFailure) are part of this
// library's interface, as they were before they moved to OnboardFiles for the license tool.
@_exported import OnboardFiles
