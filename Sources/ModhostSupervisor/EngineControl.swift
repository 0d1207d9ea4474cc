/// What an engine tells its supervisor on the control pipe (fd 5), one message a line: the
/// changes to the quarantine the supervisor keeps across engines. Written by `EngineLink`,
/// read by `Supervisor`, both through this type.
enum EngineControl: Equatable {
    /// A person enabled the quarantined plugin in this folder: forget its quarantine.
    case enable(folder: String)
    /// The quarantined plugin's files changed, so the engine loads it again: forget it too.
    case release(folder: String)

    /// The message as a line, newline included.
    var line: String {
        switch self {
        case let .enable(folder): return "enable \(folder)\n"
        case let .release(folder): return "release \(folder)\n"
        }
    }

    /// Reads a line `line` wrote (without its newline); nil for anything else.
    init?(line: String) {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let folder = String(line[line.index(after: space)...])
        switch line[..<space] {
        case "enable": self = .enable(folder: folder)
        case "release": self = .release(folder: folder)
        default: return nil
        }
    }

    /// The folder whose quarantine ends.
    var folder: String {
        switch self {
        case let .enable(folder), let .release(folder): return folder
        }
    }
}
