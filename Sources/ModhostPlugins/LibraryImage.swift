import Glibc
@_spi(ModhostHost) import ModifierKit

/// A plugin library loaded into the daemon, from bytes that were checked first.
///
/// The file is read once (a regular file, not a link, owned by this user or root and
/// writable by nobody else), its ELF structure is checked so that `dlopen` cannot fault on a
/// half-copied or foreign file, the SDK build it links is compared with the host's, and only
/// then are those same bytes put in a sealed memory file and loaded from there. Classes are
/// looked up in this library's own symbols, so two libraries whose Swift modules and classes
/// share names each get their own.
final class LibraryImage {
    private let handle: UnsafeMutableRawPointer
    private let symbols: [ELFImage.Symbol]
    /// Open for the daemon's life: see `SealedLibraryFile`.
    private let memoryFile: SealedLibraryFile

    private init(handle: UnsafeMutableRawPointer, symbols: [ELFImage.Symbol], memoryFile: SealedLibraryFile) {
        self.handle = handle
        self.symbols = symbols
        self.memoryFile = memoryFile
    }

    /// The prefix of the symbol every plugin links to name its SDK build (see the SDK's
    /// `ModifierKitFingerprint` build plugin).
    static let buildSymbolPrefix = "modifierkit_build_"

    static func load(_ path: String, plugin folder: String) throws(PluginError) -> LibraryImage {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path)
        } catch {
            throw PluginError("\(path) \(error.description)")
        }
        let image: ELFImage
        do throws(ELFImage.Problem) {
            // `withUnsafeBytes` rethrows untyped errors: the result carries the typed one out.
            image = try bytes.withUnsafeBytes { buffer in Result { () throws(ELFImage.Problem) in try ELFImage.inspect(buffer) } }.get()
        } catch {
            throw PluginError("\(path) \(error.description)")
        }
        try checkSDKBuild(of: image.dynamicSymbols, library: path)
        let memoryFile: SealedLibraryFile
        do throws(SealedLibraryFile.Problem) {
            memoryFile = try bytes.withUnsafeBytes { buffer in
                Result { () throws(SealedLibraryFile.Problem) in try SealedLibraryFile(bytes: buffer, name: SealedLibraryFile.name(forPlugin: folder)) }
            }.get()
        } catch {
            throw PluginError("\(path) \(error.description)")
        }
        guard let handle = dlopen(memoryFile.path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = (dlerror().map { String(cString: $0) } ?? "unknown error").replacing(memoryFile.path, with: path)
            memoryFile.close()
            throw PluginError("cannot load \(path): \(reason); rebuild it with this toolchain and SDK")
        }
        return LibraryImage(handle: handle, symbols: image.dynamicSymbols, memoryFile: memoryFile)
    }

    /// Refuses a library built against another build of ModifierKit, or carrying its own.
    static func checkSDKBuild(of symbols: [ELFImage.Symbol], library: String) throws(PluginError) {
        let builds = symbols.filter { $0.name.hasPrefix(buildSymbolPrefix) }
        if builds.contains(where: \.isDefined) {
            throw PluginError.ownSDKCopy(library: library)
        }
        let linked = builds.map { String($0.name.dropFirst(buildSymbolPrefix.count)) }
        let ours = ModifierKit.buildFingerprint
        guard !linked.isEmpty else {
            throw PluginError("\(library) does not link a ModifierKit build: it was built against a ModifierKit older than \(ModifierKit.version), or it defines no Module. Rebuild it against this host's SDK (ModifierKit \(ModifierKit.version), build \(ours)) with this toolchain")
        }
        guard linked.contains(ours) else {
            throw PluginError("\(library) was built against another build of ModifierKit (build \(linked.joined(separator: ", "))), but this host runs ModifierKit \(ModifierKit.version) build \(ours); Swift on Linux has no library evolution, so rebuild the plugin against this host's SDK with this toolchain")
        }
    }

    /// The class `Module.Class` defined in this library, found through its metadata accessor
    /// symbol (never `_typeByName`, which answers with the first loaded library's class).
    func classNamed(_ qualified: String) -> Any.Type? {
        let wanted = "type metadata accessor for " + qualified
        for symbol in symbols where symbol.isDefined && symbol.name.hasPrefix("$s") && symbol.name.hasSuffix("CMa") {
            guard Self.demangle(symbol.name) == wanted, let address = dlsym(handle, symbol.name) else { continue }
            // A metadata accessor takes a request (0: complete metadata) and returns the
            // metadata first in its result.
            typealias Accessor = @convention(c) (Int) -> UnsafeRawPointer
            let metadata = unsafeBitCast(address, to: Accessor.self)(0)
            return unsafeBitCast(metadata, to: Any.Type.self)
        }
        return nil
    }

    static func demangle(_ symbol: String) -> String? {
        symbol.withCString { mangled -> String? in
            guard let text = swiftDemangle(mangled, strlen(mangled), nil, nil, 0) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
    }
}

@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>, _ length: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

extension PluginError {
    static func ownSDKCopy(library: String, qualified: String? = nil) -> PluginError {
        let subject = qualified.map { "class '\($0)' in \(library) is not a Module of this host's ModifierKit: the plugin" } ?? "\(library)"
        return PluginError("\(subject) carries its own copy of the SDK (installed twice). Depend on the ModifierKit product of the SDK package (a dynamic library) instead of copying or statically linking its sources")
    }
}
