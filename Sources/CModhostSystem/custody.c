#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CModhostSystem.h"

int modhost_memfd_sized(const char *name, uint64_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int modhost_custody_pair(int fds[2]) { return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds); }

/// Waits up to `timeout_ms` for `events` on `fd`; 1 when ready, 0 on timeout, -1 on error.
static int wait_for(int fd, short events, int timeout_ms) {
    struct pollfd poller = {.fd = fd, .events = events};
    for (;;) {
        int ready = poll(&poller, 1, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        return ready;
    }
}

int modhost_send_descriptors(int socket, const void *bytes, size_t length, const int *fds, int count, int timeout_ms) {
    if (count < 0 || count > 16) {
        errno = EINVAL;
        return -1;
    }
    union {
        char buffer[CMSG_SPACE(16 * sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof(control));
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = length};
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    if (count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE((size_t)count * sizeof(int));
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN((size_t)count * sizeof(int));
        memcpy(CMSG_DATA(header), fds, (size_t)count * sizeof(int));
    }
    for (;;) {
        ssize_t sent = sendmsg(socket, &message, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (sent >= 0) return 0;
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return -1;
        int ready = wait_for(socket, POLLOUT, timeout_ms);
        if (ready <= 0) {
            if (ready == 0) errno = EAGAIN;
            return -1;
        }
    }
}

long modhost_receive_descriptors(int socket, void *bytes, size_t capacity, int *fds, int max_fds, int *count, int timeout_ms) {
    *count = 0;
    union {
        char buffer[CMSG_SPACE(16 * sizeof(int))];
        struct cmsghdr align;
    } control;
    for (;;) {
        struct iovec vector = {.iov_base = bytes, .iov_len = capacity};
        struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof(control.buffer)};
        ssize_t received = recvmsg(socket, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
        if (received < 0 && errno == EINTR) continue;
        if (received < 0 && errno == EAGAIN && timeout_ms != 0) {
            int ready = wait_for(socket, POLLIN, timeout_ms);
            if (ready < 0) return -1;
            if (ready == 0) {
                errno = EAGAIN;
                return -1;
            }
            timeout_ms = 0;
            continue;
        }
        if (received < 0) return -1;
        for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
            if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
            int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            int *carriedFDs = (int *)CMSG_DATA(header);
            for (int index = 0; index < carried; index++) {
                if (*count < max_fds) {
                    fds[(*count)++] = carriedFDs[index];
                } else {
                    close(carriedFDs[index]);
                }
            }
        }
        return (long)received;
    }
}

int modhost_punch_hole(int fd, uint64_t offset, uint64_t length) {
    return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length);
}

long modhost_socket_name(int fd, void *out, size_t capacity) {
    struct sockaddr_storage address;
    socklen_t length = sizeof(address);
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
    if (length > capacity) length = (socklen_t)capacity;
    memcpy(out, &address, length);
    return (long)length;
}

int modhost_hangups_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int modhost_hangups_add(int set, int fd) {
    struct epoll_event event = {.events = 0, .data.fd = fd};
    return epoll_ctl(set, EPOLL_CTL_ADD, fd, &event);
}

int modhost_hangups_remove(int set, int fd) {
    struct epoll_event event = {0};
    return epoll_ctl(set, EPOLL_CTL_DEL, fd, &event);
}

int modhost_hangups_take(int set, int *fds, int max) {
    struct epoll_event events[64];
    if (max > 64) max = 64;
    int count = epoll_wait(set, events, max, 0);
    for (int index = 0; index < count; index++) fds[index] = events[index].data.fd;
    return count;
}
