#ifndef MODHOST_CLIBUV_SHIM_H
#define MODHOST_CLIBUV_SHIM_H
#include <sys/socket.h>
#include <sys/types.h>
#include <uv.h>

/// The uid and pid of the process on the other end of a connected Unix socket.
static inline int modhost_peer_credentials(int fd, uid_t *uid, pid_t *pid) {
    // struct ucred needs _GNU_SOURCE, which would split the Glibc module; same layout here.
    struct { pid_t pid; uid_t uid; gid_t gid; } cred;
    socklen_t length = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) return -1;
    *uid = cred.uid;
    *pid = cred.pid;
    return 0;
}
#endif
