import Testing

@testable import ModhostPlugins
import SeededRandom

/// `ELFImage.inspect` over an array.
func inspect(_ bytes: [UInt8]) -> Result<ELFImage, ELFImage.Problem> {
    bytes.withUnsafeBytes { raw in Result { () throws(ELFImage.Problem) in try ELFImage.inspect(raw) } }
}

/// The description of the Problem `bytes` are refused with, or nil when they pass.
func problem(_ bytes: [UInt8]) -> String? {
    if case .failure(let problem) = inspect(bytes) { return problem.description }
    return nil
}

@Suite(.timeLimit(.minutes(20))) struct ELFImageTests {
    @Test func aBuiltLibraryListsItsModuleClassAccessorAndItsImports() throws {
        let image = try inspect(LibraryFixture.bytes()).get()
        // Mangled names abbreviate ("$s15GreetingFixture0A6ModuleCMa"): compare demangled.
        let accessors = image.dynamicSymbols.filter { $0.isDefined && $0.name.hasSuffix("CMa") }.map { demangle($0.name) }
        #expect(accessors == ["type metadata accessor for GreetingFixture.GreetingModule"])
        let imported = Set(image.dynamicSymbols.filter { !$0.isDefined }.map(\.name))
        #expect(imported.isSuperset(of: ["swift_retain", "swift_release", "swift_allocObject"]))
    }

    @Test func withoutSectionHeadersTheSymbolsComeFromTheDynamicSegment() throws {
        var bytes = try LibraryFixture.bytes()
        let withSections = try inspect(bytes).get().dynamicSymbols
        bytes.setField(60, size: 2, to: 0)  // e_shnum
        #expect(try inspect(bytes).get().dynamicSymbols == withSections)
    }

    @Test func aCopyCutAt4096BytesIsTruncatedAtASegment() throws {
        let cut = Array(try LibraryFixture.bytes().prefix(4096))
        let description = try #require(problem(cut))
        #expect(description.hasPrefix("is truncated: segment "))
        #expect(description.contains(" (LOAD) needs bytes up to "))
        #expect(description.hasSuffix(", but the file has 4096 bytes (was it still being copied?)"))
    }

    @Test func aCopyCutInHalfIsTruncated() throws {
        let bytes = try LibraryFixture.bytes()
        let cut = Array(bytes.prefix(bytes.count / 2))
        let description = try #require(problem(cut))
        #expect(description.hasPrefix("is truncated: "))
        #expect(description.hasSuffix(", but the file has \(cut.count) bytes (was it still being copied?)"))
    }

    @Test func aCopyCutInsideTheELFHeaderIsTruncated() throws {
        let cut = Array(try LibraryFixture.bytes().prefix(63))
        #expect(problem(cut) == "is truncated: it has 63 bytes, fewer than the 64 of an ELF header (was it still being copied?)")
    }

    @Test func anEmptyFileIsNotALibrary() {
        #expect(problem([]) == "is empty, not a shared library (was it still being copied?)")
    }

    @Test func aTextFileIsNotALibraryAndItsFirstBytesAreShown() {
        #expect(problem(Array("this is not an ELF file\n".utf8)) == #"is not a shared library (no ELF header; it starts with "this is not an E"…)"#)
        #expect(problem(Array("#!\n\u{1}".utf8)) == ##"is not a shared library (no ELF header; it starts with "#!\x0a\x01")"##)
    }

    @Test func aLibraryForAnotherMachineNamesBoth() throws {
        var bytes = try LibraryFixture.bytes()
        let (other, message) = ELFImage.hostMachine == 62
            ? (183, "is built for AArch64, but this host is x86-64")
            : (62, "is built for x86-64, but this host is AArch64")
        bytes.setField(18, size: 2, to: other)  // e_machine
        #expect(problem(bytes) == message)
        bytes.setField(18, size: 2, to: 9999)
        #expect(problem(bytes)?.hasPrefix("is built for machine 9999, but this host is ") == true)
    }

    @Test func anExecutableIsNotASharedLibrary() throws {
        var bytes = try LibraryFixture.bytes()
        bytes.setField(16, size: 2, to: 2)  // e_type = ET_EXEC
        #expect(problem(bytes) == "is an executable, not a shared library")
        bytes.setField(16, size: 2, to: 1)  // ET_REL
        #expect(problem(bytes) == "is a relocatable object (a .o file), not a shared library")
    }

    @Test func a32BitOrBigEndianFileSaysSo() throws {
        var bytes = try LibraryFixture.bytes()
        bytes[4] = 1  // ELFCLASS32
        #expect(problem(bytes) == "is a 32-bit ELF file, but this host loads 64-bit libraries only")
        bytes[4] = 2
        bytes[5] = 2  // ELFDATA2MSB
        #expect(problem(bytes) == "is a big-endian ELF file, but this host is little-endian")
    }

    @Test func aLibraryWithoutADynamicSegmentIsRefused() throws {
        var bytes = try LibraryFixture.bytes()
        let table = bytes.field(32, size: 8), count = bytes.field(56, size: 2)
        for index in 0..<count where bytes.field(table + index * 56, size: 4) == 2 {
            bytes.setField(table + index * 56, size: 4, to: 4)  // PT_DYNAMIC becomes PT_NOTE
        }
        #expect(problem(bytes) == "is not a dynamically linked shared library (it has no PT_DYNAMIC segment)")
    }

    @Test func aSymbolNameOutsideItsStringTableIsCorrupt() throws {
        var bytes = try LibraryFixture.bytes()
        let dynsym = try #require(section(ofType: 11, in: bytes))
        bytes.setField(dynsym.offset + 24, size: 4, to: 0x7fff_ffff)  // symbol 1's st_name
        #expect(problem(bytes) == "is corrupt: the name of dynamic symbol 1 is outside its string table")
    }

    /// Bytes of the headers and tables changed at random: inspect returns or throws a
    /// Problem, and never traps or reads outside the buffer.
    @Test(arguments: [false, true])
    func corruptedHeadersAndTablesNeverCrash(withoutSectionHeaders: Bool) throws {
        var original = try LibraryFixture.bytes()
        var regions = [0..<64, programHeaders(original)]
        if let dynsym = section(ofType: 11, in: original) { regions += [dynsym.offset..<dynsym.offset + dynsym.size] }
        if let strings = section(ofType: 3, in: original) { regions += [strings.offset..<strings.offset + 256] }
        if let gnuHash = section(ofType: 0x6fff_fff6, in: original) { regions += [gnuHash.offset..<gnuHash.offset + gnuHash.size] }
        if let dynamic = section(ofType: 6, in: original) { regions += [dynamic.offset..<dynamic.offset + dynamic.size] }
        let sectionTable = original.field(40, size: 8)
        regions += [sectionTable..<original.count]
        if withoutSectionHeaders { original.setField(60, size: 2, to: 0) }

        var random = SplitMix64(seed: withoutSectionHeaders ? 2 : 1)
        var passed = 0, refused = 0
        for round in 0..<300 {
            var bytes = original
            for _ in 0...random.next(upperBound: UInt64(6)) {
                let region = regions[Int(random.next(upperBound: UInt64(regions.count)))]
                let at = region.lowerBound + Int(random.next(upperBound: UInt64(region.count)))
                // Small values, all ones and random bytes reach different checks.
                let values: [UInt8] = [0, 1, 0xff, UInt8(truncatingIfNeeded: random.next())]
                bytes[at] = values[Int(random.next(upperBound: UInt64(values.count)))]
            }
            if round % 10 == 0 { bytes.removeLast(Int(random.next(upperBound: UInt64(bytes.count)))) }
            switch inspect(bytes) {
            case .success: passed += 1
            case .failure(let problem):
                refused += 1
                #expect(problem.description.first?.isLowercase == true, "\(problem)")
            }
        }
        #expect(passed > 0 && refused > 0)
    }

    // MARK: Locating parts of the fixture

    private func programHeaders(_ bytes: [UInt8]) -> Range<Int> {
        let offset = bytes.field(32, size: 8)
        return offset..<offset + bytes.field(56, size: 2) * 56
    }

    /// The first section of `type`, from the section headers.
    private func section(ofType type: Int, in bytes: [UInt8]) -> (offset: Int, size: Int)? {
        let table = bytes.field(40, size: 8), count = bytes.field(60, size: 2)
        for index in 0..<count where bytes.field(table + index * 64 + 4, size: 4) == type {
            let header = table + index * 64
            return (bytes.field(header + 24, size: 8), bytes.field(header + 32, size: 8))
        }
        return nil
    }
}
