import Foundation
@_spi(ModhostHost) import ModifierKit
import Testing

@Suite("SDK version and build fingerprint", .timeLimit(.minutes(20)))
struct BuildFingerprintTests {
    /// `VERSION` is what `modhost new-plugin` and a plugin's install script read; the
    /// constant is what the host compares manifests with.
    @Test func theVersionFileHoldsTheSDKVersion() throws {
        let sdk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: sdk.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == ModifierKit.version)
    }

    @Test func theFingerprintIs128BitsOfHex() {
        #expect(ModifierKit.buildFingerprint.count == 32)
        #expect(ModifierKit.buildFingerprint.allSatisfy { $0.isHexDigit })
    }
}
