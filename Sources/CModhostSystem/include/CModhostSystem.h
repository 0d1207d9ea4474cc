#ifndef MODHOST_CMODHOSTSYSTEM_H
#define MODHOST_CMODHOSTSYSTEM_H

// System calls that Swift's Glibc module does not expose: memfd_create and the F_SEAL_* flags
// sit behind _GNU_SOURCE, and `syscall` is variadic. The .c file defines _GNU_SOURCE for
// itself so that this header stays plain C for every importer.

/// A new anonymous memory file that can be sealed (memfd_create with MFD_CLOEXEC |
/// MFD_ALLOW_SEALING); `name` shows in /proc/PID/maps as "/memfd:name". Returns the file
/// descriptor, or -1 with errno set.
int modhost_memfd_create(const char *name);

/// Seals a memory file for good: it can no longer shrink, grow or be written, and its seals
/// can no longer change (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL). Returns 0,
/// or -1 with errno set.
int modhost_memfd_seal(int fd);

#endif
