import Glibc

/// Daemons before 0.2 loaded each plugin library from a private copy in a `loaded-PID`
/// folder, which a crash or `kill -9` left behind. This daemon loads from memory and leaves
/// nothing; at start it removes what dead daemons of this user left.
public enum StaleCopies {
    /// Removes the `loaded-PID` folders in `folder` whose daemon is gone, and the files in
    /// them. Only a folder of this user that nobody else can write is looked at, and nothing
    /// is followed through a link. Returns how many folders were removed.
    @discardableResult
    public static func remove(in folder: String) -> Int {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
            info.st_mode & (S_IWGRP | S_IWOTH) == 0
        else { return 0 }
        let base = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard base >= 0 else { return 0 }
        defer { close(base) }
        let stale = FileSystem.contents(ofOpenFolder: dup(base)).filter { name in
            guard name.hasPrefix("loaded-"), let pid = Int32(name.dropFirst(7)), pid > 0 else { return false }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
        var removed = 0
        for name in stale {
            let copies = openat(base, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard copies >= 0 else { continue }
            var owner = stat()
            guard fstat(copies, &owner) == 0, owner.st_uid == getuid() else {
                close(copies)
                continue
            }
            let listing = dup(copies)
            for file in FileSystem.contents(ofOpenFolder: listing) { unlinkat(copies, file, 0) }
            close(copies)
            if unlinkat(base, name, AT_REMOVEDIR) == 0 { removed += 1 }
        }
        return removed
    }
}
