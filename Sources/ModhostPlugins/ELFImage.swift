/// A shared object's bytes, checked so that `dlopen` cannot fault on them, with its dynamic
/// symbols.
///
/// `dlopen` maps whatever it is given: a library cut short while it was being copied is mapped
/// anyway and the process dies with SIGBUS when the missing pages are touched. The checks here
/// catch accidents (a partial copy, a file that is not a library, a build for another machine),
/// not hostile files: a plugin runs its own code in the daemon anyway. Every read is bounds
/// checked, so no input makes `inspect` trap or read outside `bytes`.
struct ELFImage {
    struct Symbol: Equatable {
        var name: String
        var isDefined: Bool
    }

    /// Why bytes are refused, in words for a plugin author. The caller prefixes the library's
    /// path, so descriptions start in lowercase ("is truncated: …").
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Dynamic symbols (`.dynsym`), in table order, without the null entry.
    var dynamicSymbols: [Symbol]

    #if arch(x86_64)
    static let hostMachine: UInt16 = 62  // EM_X86_64
    #elseif arch(arm64)
    static let hostMachine: UInt16 = 183  // EM_AARCH64
    #else
    #error("ELFImage.hostMachine: add this architecture's ELF e_machine value")
    #endif

    /// Checks `bytes` (the whole file) and reads its dynamic symbol table.
    static func inspect(_ bytes: UnsafeRawBufferPointer, machine: UInt16 = ELFImage.hostMachine) throws(Problem) -> ELFImage {
        let file = File(bytes: bytes)
        let header = try checkHeader(file, machine: machine)
        let segments = try checkSegments(file, header: header)
        return ELFImage(dynamicSymbols: try readSymbols(file, header: header, segments: segments))
    }

    // MARK: ELF header

    private struct Header {
        var programHeaders: Table
        var sectionHeaderOffset: UInt64
        var sectionCount: Int
    }

    private static func checkHeader(_ file: File, machine: UInt16) throws(Problem) -> Header {
        let magic: [UInt8] = [0x7f, 0x45, 0x4c, 0x46]  // "\x7fELF"
        let start = Array(file.bytes.prefix(64))
        if start.isEmpty {
            throw Problem("is empty, not a shared library (was it still being copied?)")
        }
        guard start.starts(with: magic.prefix(start.count)) else {
            throw Problem("is not a shared library (no ELF header; it starts with \"\(printable(start.prefix(16)))\"\(start.count > 16 ? "…" : ""))")
        }
        guard start.count == 64 else {
            throw Problem("is truncated: it has \(start.count) bytes, fewer than the 64 of an ELF header (was it still being copied?)")
        }
        let h = file.record(at: 0, size: 64)
        switch h.u8(4) {  // EI_CLASS
        case 2: break
        case 1: throw Problem("is a 32-bit ELF file, but this host loads 64-bit libraries only")
        case let other: throw Problem("is not a valid ELF file (unknown class \(other))")
        }
        switch h.u8(5) {  // EI_DATA
        case 1: break
        case 2: throw Problem("is a big-endian ELF file, but this host is little-endian")
        case let other: throw Problem("is not a valid ELF file (unknown data encoding \(other))")
        }
        let builtFor = h.u16(18)
        guard builtFor == machine else {
            throw Problem("is built for \(machineName(builtFor)), but this host is \(machineName(machine))")
        }
        switch h.u16(16) {  // e_type
        case 3: break  // ET_DYN
        case 1: throw Problem("is a relocatable object (a .o file), not a shared library")
        case 2: throw Problem("is an executable, not a shared library")
        case 4: throw Problem("is a core dump, not a shared library")
        case let other: throw Problem("is not a shared library (ELF type \(other))")
        }

        let phentsize = h.u16(54), phnum = Int(h.u16(56))
        let shentsize = h.u16(58), shnum = Int(h.u16(60))
        if phnum > 0 && phentsize != 56 {
            throw Problem("is corrupt: its program headers are \(phentsize) bytes each, not 56")
        }
        if shnum > 0 && shentsize != 64 {
            throw Problem("is corrupt: its section headers are \(shentsize) bytes each, not 64")
        }
        let programHeaders = try file.table("its program header table", at: h.u64(32), count: phnum, entrySize: 56)
        return Header(programHeaders: programHeaders, sectionHeaderOffset: h.u64(40), sectionCount: shnum)
    }

    // MARK: Segments

    private struct Segment {
        var type: UInt32
        var offset: UInt64
        var address: UInt64
        var fileSize: UInt64
        var memorySize: UInt64

        /// This segment's file bytes that hold `size` bytes at `address`, if they are in it.
        func fileRange(address start: UInt64, size: UInt64) -> (offset: UInt64, size: UInt64)? {
            guard start >= address, start - address <= fileSize, size <= fileSize - (start - address) else { return nil }
            return (offset + (start - address), size)  // offset + fileSize fits: checked in checkSegments
        }
    }

    private struct Segments {
        var loads: [Segment]
        var dynamic: Segment
    }

    private static func checkSegments(_ file: File, header: Header) throws(Problem) -> Segments {
        var loads: [Segment] = []
        var dynamic: Segment?
        for index in 0..<header.programHeaders.count {
            let p = header.programHeaders.entry(index)
            let segment = Segment(type: p.u32(0), offset: p.u64(8), address: p.u64(16), fileSize: p.u64(32), memorySize: p.u64(40))
            // Every segment, not only PT_LOAD: in a sound file all of them lie inside it, so one
            // that does not means a cut or corrupt file.
            _ = try file.range("segment \(index) (\(segmentTypeName(segment.type)))", at: segment.offset, size: segment.fileSize)
            if segment.type == 1 { loads.append(segment) }  // PT_LOAD
            if segment.type == 2 && dynamic == nil { dynamic = segment }  // PT_DYNAMIC
        }
        guard let dynamic else {
            throw Problem("is not a dynamically linked shared library (it has no PT_DYNAMIC segment)")
        }
        // The loader reads the dynamic section where it is mapped: it must lie in a loaded segment.
        let mapped = loads.contains { load in
            dynamic.address >= load.address && dynamic.address - load.address <= load.memorySize
                && dynamic.memorySize <= load.memorySize - (dynamic.address - load.address)
        }
        guard mapped else {
            throw Problem("is corrupt: its dynamic section is not inside any loaded segment")
        }
        return Segments(loads: loads, dynamic: dynamic)
    }

    // MARK: Dynamic symbols

    /// Reads the symbols through the section headers (`SHT_DYNSYM` and its string table). A
    /// library stripped of its section headers (or with no `SHT_DYNSYM`) is read the way the
    /// loader reads it: `DT_SYMTAB`, `DT_STRTAB` and a hash table for the count, through the
    /// dynamic segment.
    private static func readSymbols(_ file: File, header: Header, segments: Segments) throws(Problem) -> [Symbol] {
        guard header.sectionCount > 0 else { return try readSymbolsFromDynamicSegment(file, segments: segments) }
        let sections = try file.table("its section header table", at: header.sectionHeaderOffset, count: header.sectionCount, entrySize: 64)
        guard let index = (0..<sections.count).first(where: { sections.entry($0).u32(4) == 11 }) else {  // SHT_DYNSYM
            return try readSymbolsFromDynamicSegment(file, segments: segments)
        }
        let dynsym = sections.entry(index)
        let entrySize = dynsym.u64(56)
        guard entrySize == 24 else {
            throw Problem("is corrupt: its dynamic symbols (section \(index)) are \(entrySize) bytes each, not 24")
        }
        let size = dynsym.u64(32)
        guard size % 24 == 0, let count = Int(exactly: size / 24) else {
            throw Problem("is corrupt: its dynamic symbol table (section \(index)) is \(size) bytes, not a whole number of symbols")
        }
        let link = Int(dynsym.u32(40))
        guard link < sections.count, sections.entry(link).u32(4) == 3 else {  // SHT_STRTAB
            throw Problem("is corrupt: the string table of its dynamic symbols (section \(link)) is not a string table")
        }
        let strings = sections.entry(link)
        return try symbols(
            file,
            table: try file.table("its dynamic symbol table (section \(index))", at: dynsym.u64(24), count: count, entrySize: 24),
            strings: try file.range("its dynamic string table (section \(link))", at: strings.u64(24), size: strings.u64(32)))
    }

    private static func readSymbolsFromDynamicSegment(_ file: File, segments: Segments) throws(Problem) -> [Symbol] {
        let dynamic = try file.table(
            "its dynamic section", at: segments.dynamic.offset, count: Int(segments.dynamic.fileSize / 16), entrySize: 16)
        var values: [Int64: UInt64] = [:]
        for index in 0..<dynamic.count {
            let entry = dynamic.entry(index)
            let tag = entry.i64(0)
            if tag == 0 { break }  // DT_NULL
            values[tag] = entry.u64(8)  // the last one wins, as in the loader
        }
        let (hash, strtab, symtab, strsz, syment, gnuHash): (Int64, Int64, Int64, Int64, Int64, Int64) = (4, 5, 6, 10, 11, 0x6fff_fef5)
        guard let symbolsAddress = values[symtab], let stringsAddress = values[strtab], let stringsSize = values[strsz] else {
            return []
        }
        if let size = values[syment], size != 24 {
            throw Problem("is corrupt: its dynamic symbols are \(size) bytes each, not 24")
        }
        // The loader knows the number of symbols only from a hash table.
        let count: Int
        if let address = values[hash] {
            let table = try mappedRange(file, segments, "its symbol hash table", address: address, size: 8)
            count = Int(file.record(at: table.lowerBound, size: 8).u32(4))  // nchain
        } else if let address = values[gnuHash] {
            count = try gnuHashSymbolCount(file, segments, address: address)
        } else {
            return []
        }
        // count is below 2^33 (a u32, or a chain inside the file): the product cannot overflow.
        let table = try mappedRange(file, segments, "its dynamic symbol table", address: symbolsAddress, size: UInt64(count) * 24)
        let strings = try mappedRange(file, segments, "its dynamic string table", address: stringsAddress, size: stringsSize)
        return try symbols(file, table: Table(file: file, start: table.lowerBound, count: count, entrySize: 24), strings: strings)
    }

    /// The number of symbols a `DT_GNU_HASH` table covers: past the highest bucket's chain.
    private static func gnuHashSymbolCount(_ file: File, _ segments: Segments, address: UInt64) throws(Problem) -> Int {
        let what = "its GNU symbol hash table"
        let start = try mappedRange(file, segments, what, address: address, size: 16)
        let h = file.record(at: start.lowerBound, size: 16)
        let buckets = UInt64(h.u32(0)), firstSymbol = h.u32(4), bloomWords = UInt64(h.u32(8))
        // Header, bloom words and buckets: each term is below 2^36, so the sum cannot overflow.
        let bucketsAddress = address.addingReportingOverflow(16 + bloomWords * 8)
        guard !bucketsAddress.overflow else { throw Problem("is corrupt: \(what) lies outside the file") }
        let bucketRange = try mappedRange(file, segments, what, address: bucketsAddress.partialValue, size: buckets * 4)
        var highest: UInt32?
        for index in 0..<Int(buckets) {
            let bucket = file.record(at: bucketRange.lowerBound + index * 4, size: 4).u32(0)
            if bucket != 0 { highest = max(highest ?? 0, bucket) }
        }
        guard let highest else { return Int(firstSymbol) }
        guard highest >= firstSymbol else { throw Problem("is corrupt: \(what) has a bucket before its first symbol") }
        // The chain after the highest bucket ends at the first value with its low bit set.
        var symbol = UInt64(highest)
        var chainAddress = bucketsAddress.partialValue.addingReportingOverflow(buckets * 4 + (symbol - UInt64(firstSymbol)) * 4)
        while true {
            guard !chainAddress.overflow else { throw Problem("is corrupt: \(what) lies outside the file") }
            let entry = try mappedRange(file, segments, what, address: chainAddress.partialValue, size: 4)
            if file.record(at: entry.lowerBound, size: 4).u32(0) & 1 == 1 { break }
            symbol += 1
            chainAddress = chainAddress.partialValue.addingReportingOverflow(4)
        }
        return Int(symbol + 1)
    }

    /// The file bytes that a loaded segment maps at `address`.
    private static func mappedRange(_ file: File, _ segments: Segments, _ what: String, address: UInt64, size: UInt64) throws(Problem) -> Range<Int> {
        for load in segments.loads {
            if let (offset, size) = load.fileRange(address: address, size: size) {
                return try file.range(what, at: offset, size: size)
            }
        }
        throw Problem("is corrupt: \(what) is not inside any loaded segment")
    }

    private static func symbols(_ file: File, table: Table, strings: Range<Int>) throws(Problem) -> [Symbol] {
        var result: [Symbol] = []
        result.reserveCapacity(max(table.count - 1, 0))
        for index in 1..<max(table.count, 1) {  // entry 0 is the null symbol
            let entry = table.entry(index)
            let nameOffset = Int(entry.u32(0))
            guard nameOffset < strings.count,
                let end = file.bytes[(strings.lowerBound + nameOffset)..<strings.upperBound].firstIndex(of: 0)
            else {
                throw Problem("is corrupt: the name of dynamic symbol \(index) is outside its string table")
            }
            let name = String(decoding: file.bytes[(strings.lowerBound + nameOffset)..<end], as: UTF8.self)
            result.append(Symbol(name: name, isDefined: entry.u16(6) != 0))  // st_shndx: SHN_UNDEF is 0
        }
        return result
    }

    // MARK: Names for messages

    static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 3: "i386"
        case 40: "ARM"
        case 62: "x86-64"
        case 183: "AArch64"
        case 243: "RISC-V"
        case 21: "PowerPC64"
        case 22: "s390x"
        default: "machine \(machine)"
        }
    }

    private static func segmentTypeName(_ type: UInt32) -> String {
        switch type {
        case 1: "LOAD"
        case 2: "DYNAMIC"
        case 3: "INTERP"
        case 4: "NOTE"
        case 6: "PHDR"
        case 7: "TLS"
        case 0x6474_e550: "GNU_EH_FRAME"
        case 0x6474_e551: "GNU_STACK"
        case 0x6474_e552: "GNU_RELRO"
        case 0x6474_e553: "GNU_PROPERTY"
        default: "type 0x\(String(type, radix: 16))"
        }
    }

    /// Leading bytes as text: printable ASCII as is, anything else as `\xNN`.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7e: text.append(Character(UnicodeScalar(byte)))
            default: text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return text
    }
}

// MARK: Bounds-checked reading

extension ELFImage {
    /// The file's bytes; ranges come out of here only once they are known to lie inside.
    fileprivate struct File {
        let bytes: UnsafeRawBufferPointer

        /// `offset..<offset + size` if it lies in the file, else a Problem naming `what`.
        func range(_ what: String, at offset: UInt64, size: UInt64) throws(Problem) -> Range<Int> {
            let (end, overflow) = offset.addingReportingOverflow(size)
            guard !overflow else { throw Problem("is corrupt: \(what) (offset \(offset), size \(size)) cannot fit in any file") }
            guard end <= UInt64(bytes.count) else {
                throw Problem("is truncated: \(what) needs bytes up to \(end), but the file has \(bytes.count) bytes (was it still being copied?)")
            }
            return Int(offset)..<Int(end)
        }

        func table(_ what: String, at offset: UInt64, count: Int, entrySize: Int) throws(Problem) -> Table {
            let (size, overflow) = UInt64(count).multipliedReportingOverflow(by: UInt64(entrySize))
            guard !overflow else { throw Problem("is corrupt: \(what) (offset \(offset), \(count) entries) cannot fit in any file") }
            let range = try range(what, at: offset, size: size)
            return Table(file: self, start: range.lowerBound, count: count, entrySize: entrySize)
        }

        /// A record inside a range already checked with `range` or `table`.
        func record(at start: Int, size: Int) -> Record {
            precondition(start >= 0 && size >= 0 && start <= bytes.count - size, "ELFImage read outside a checked range")
            return Record(bytes: bytes, start: start, size: size)
        }
    }

    /// Equal-sized entries whose bytes were checked to lie in the file.
    fileprivate struct Table {
        let file: File
        let start: Int
        let count: Int
        let entrySize: Int

        func entry(_ index: Int) -> Record {
            precondition(index >= 0 && index < count, "ELFImage entry outside its table")
            return file.record(at: start + index * entrySize, size: entrySize)
        }
    }

    /// A fixed-size header or table entry; fields are little-endian.
    fileprivate struct Record {
        let bytes: UnsafeRawBufferPointer
        let start: Int
        let size: Int

        func u8(_ field: Int) -> UInt8 { load(field, as: UInt8.self) }
        func u16(_ field: Int) -> UInt16 { load(field, as: UInt16.self) }
        func u32(_ field: Int) -> UInt32 { load(field, as: UInt32.self) }
        func u64(_ field: Int) -> UInt64 { load(field, as: UInt64.self) }
        func i64(_ field: Int) -> Int64 { load(field, as: Int64.self) }

        private func load<T: FixedWidthInteger & BitwiseCopyable>(_ field: Int, as type: T.Type) -> T {
            precondition(field >= 0 && field <= size - MemoryLayout<T>.size, "ELFImage field outside its record")
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: start + field, as: T.self))
        }
    }
}
