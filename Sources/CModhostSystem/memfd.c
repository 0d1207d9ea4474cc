#define _GNU_SOURCE
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>

#include "CModhostSystem.h"

int modhost_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int modhost_memfd_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}

void modhost_trim_heap(void) {
    malloc_trim(0);
}
