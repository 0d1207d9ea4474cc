import Glibc
import ModifierKit
import Testing

@testable import ModhostPlugins

@Suite(.timeLimit(.minutes(20))) struct LibraryImageTests {
    private func refusal(_ symbols: [ELFImage.Symbol]) -> String? {
        do {
            try LibraryImage.checkSDKBuild(of: symbols, library: "/p/libX.so")
            return nil
        } catch {
            return error.description
        }
    }

    private let ours = ModifierKit.buildFingerprint

    @Test func aPluginBuiltByThisBuildLinksItsFingerprint() throws {
        let image = try LibraryFixture.bytes().withUnsafeBytes { try ELFImage.inspect($0) }
        let linked = image.dynamicSymbols.filter { $0.name.hasPrefix(LibraryImage.buildSymbolPrefix) }
        #expect(linked == [ELFImage.Symbol(name: LibraryImage.buildSymbolPrefix + ours, isDefined: false)])
        #expect(refusal(image.dynamicSymbols) == nil)
    }

    @Test func anotherBuildIsRefusedNamingBothSides() {
        let theirs = String(repeating: "ab", count: 16)
        let message = refusal([.init(name: LibraryImage.buildSymbolPrefix + theirs, isDefined: false)])
        #expect(message?.contains("/p/libX.so was built against another build of ModifierKit (build \(theirs))") == true, "\(message ?? "")")
        #expect(message?.contains("this host runs ModifierKit \(ModifierKit.version) build \(ours)") == true, "\(message ?? "")")
        #expect(message?.contains("rebuild the plugin against this host's SDK") == true)
    }

    @Test func aLibraryLinkingNoBuildIsRefused() {
        #expect(refusal([.init(name: "swift_retain", isDefined: false)])?.contains("does not link a ModifierKit build") == true)
    }

    @Test func aLibraryDefiningABuildCarriesItsOwnSDK() {
        let message = refusal([.init(name: LibraryImage.buildSymbolPrefix + ours, isDefined: true)])
        #expect(message?.contains("carries its own copy of the SDK") == true)
    }

    @Test func aClassIsFoundInTheLibraryItselfAndOnlyByItsFullName() throws {
        let image = try LibraryImage.load(LibraryFixture.path, plugin: "/plugins/greeting")
        let found = try #require(image.classNamed("GreetingFixture.GreetingModule"))
        #expect(String(reflecting: found) == "GreetingFixture.GreetingModule")
        #expect(image.classNamed("GreetingModule") == nil)
        #expect(image.classNamed("GreetingFixture.Missing") == nil)
        // A second load of the same bytes is a second image with classes of its own.
        let again = try LibraryImage.load(LibraryFixture.path, plugin: "/plugins/greeting")
        let other = try #require(again.classNamed("GreetingFixture.GreetingModule"))
        #expect(ObjectIdentifier(found) != ObjectIdentifier(other))
    }
}
