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

/// Gives the heap's free pages back to the system (glibc's malloc_trim(0)).
void modhost_trim_heap(void);

/// PR_SET_PDEATHSIG: `signal` is sent to this process when its parent dies (the engine
/// stops with its supervisor). Returns 0, or -1 with errno set.
int modhost_die_with_parent(int signal);
/// Makes the calling process the subreaper of its descendants (`PR_SET_CHILD_SUBREAPER`):
/// orphans among them become its children rather than init's. 0 on success.
int modhost_become_subreaper(void);
/// Starts a thread that kills this process (SIGKILL) `grace_ms` after its parent is no longer
/// `parent`: the end of an engine whose supervisor died, whatever its plugins did with the
/// SIGTERM it was sent. 0 on success.
int modhost_kill_self_after_parent(int parent, unsigned grace_ms);

/// How many of this process's threads a tracer still holds (TracerPid in
/// /proc/self/task/N/status is not 0), or -1 when the threads cannot be read.
int modhost_traced_thread_count(void);

// The engine page: shared memory that the engine writes and its supervisor reads, so that the
// supervisor can tell which plugin the engine was running when it died or hung. The engine
// writes it before and after every call into plugin code; the supervisor reads it after a
// crash or while the engine looks hung. A sequence number around each write lets the reader
// take a consistent copy.

#include <sys/types.h>
#include <stdint.h>

enum { MODHOST_PAGE_PLUGINS = 256 };

/// What the engine was doing, as the supervisor reads it.
typedef struct {
    /// 1 when a plugin call was in progress.
    int32_t in_call;
    /// The call's kind (the engine's own numbering), and when it started (CLOCK_MONOTONIC ns).
    uint32_t kind;
    int64_t started_ns;
    /// The plugin's name, folder and the identity of its files when it was loaded.
    char plugin[64];
    char folder[512];
    char identity[256];
    /// The types the plugin registered, comma-separated (as last published).
    char types[256];
    /// The modifier type or module being called.
    char detail[96];
    /// The request being handled, as JSON text copied from its frame (params left out):
    /// {"pid":42,"id":7,"method":"mount"}; "pid" only when the peer's is known, "method"
    /// "batch" for a batch (with its first request's id). Empty outside a request.
    char request[192];
} modhost_call_snapshot;

/// A new engine page in an anonymous memory file (not close-on-exec, so a child can inherit
/// it). Returns the fd, or -1 with errno set.
int modhost_page_create(void);
/// Maps the page of `fd`; NULL on failure.
void *modhost_page_map(int fd);
/// The engine: plugin `index` is `name` from `folder`, whose files had `identity`, and it
/// registered `types` (comma-separated).
void modhost_page_set_plugin(void *page, int32_t index, const char *name, const char *folder, const char *identity, const char *types);
/// The engine: a call into plugin `index` begins (or, nested, takes over) now.
void modhost_page_enter(void *page, int32_t index, uint32_t kind, const char *detail, const char *request, int64_t started_ns);
/// The engine: no plugin call is in progress.
void modhost_page_leave(void *page);
/// The engine accepts connections (1) or not yet (0).
void modhost_page_set_ready(void *page, int32_t ready);
int32_t modhost_page_ready(const void *page);
/// The supervisor: a consistent copy of the current call (in_call 0 when none).
void modhost_page_read(const void *page, modhost_call_snapshot *out);
/// The supervisor: what slot `index` says of its plugin (in `plugin`, `folder`, `identity` and
/// `types`); 0 when the slot is empty.
int32_t modhost_page_read_plugin(const void *page, int32_t index, modhost_call_snapshot *out);
/// The supervisor: back to a fresh page for the next engine.
void modhost_page_reset(void *page);

// The engine tracer (engine_trace.c): a thread of the supervisor that starts each engine and
// traces it with ptrace, so that where a fatal signal hit, or where each thread is when the
// engine hangs, is read from outside the engine, before any handler in it runs.

/// The name prefix of a plugin library's memory file: "/memfd:modhost-plugin:PATH" in
/// /proc/PID/maps, PATH the library's path.
#define MODHOST_PLUGIN_MEMORY_FILE_PREFIX "modhost-plugin:"

enum { MODHOST_WITNESS_PLUGINS = 8, MODHOST_WITNESS_PATH = 240 };

/// Where one engine thread was, read from outside.
typedef struct {
    /// 1 when the thread's registers could be read.
    int32_t present;
    int32_t tid;
    /// 1 for the engine's main thread (the one that runs requests and plugin calls).
    int32_t main_thread;
    /// The fatal signal about to be delivered; 0 for a thread that was stopped (a hang) or
    /// that is exiting.
    int32_t signal;
    /// The signal's si_code, and 1 when a process sent it (kill, tgkill, abort) rather than a
    /// fault of the thread itself.
    int32_t code;
    int32_t sent;
    /// The process that sent it (when `sent`).
    int32_t sender;
    /// 1 when the thread called exit_group (exit, _exit).
    int32_t exiting;
    uint64_t pc;
    /// The mapping the program counter is in.
    char pc_file[256];
    /// The plugin folders whose code is along the frame-pointer chain (the program counter
    /// first), innermost first.
    int32_t chain_count;
    char chain[MODHOST_WITNESS_PLUGINS][MODHOST_WITNESS_PATH];
    /// The plugin folder (0 or 1) that the first return address leading out of the program
    /// counter's library points into: the caller of code without frame pointers (libc).
    int32_t caller_count;
    char caller[1][MODHOST_WITNESS_PATH];
} modhost_thread_witness;

/// pipe2(fds, O_CLOEXEC), which Swift's Glibc module does not expose. 0 on success.
int modhost_pipe_cloexec(int fds[2]);

/// Starts the tracer thread; the engine's ends are written to `notify_fd` as
/// "exit PID STATUS SIGNAL" lines. Blocks SIGCHLD in the calling thread (and so in the threads
/// it starts later). 0 on success.
int modhost_tracer_start(int notify_fd);
/// Starts `file` as the engine, descriptors `fds[i]` as i (-1: /dev/null), in a session of
/// its own, and traces it when `trace` is 1 (`*traced` says whether it is; when not, `*error`
/// says why). Returns its pid, or -1 with `*error`.
pid_t modhost_tracer_spawn(const char *file, char *const argv[], char *const envp[], const int *fds, int fd_count, int trace,
                           int *traced, int *error);
/// Stops every thread of the traced engine, reads where each is (main thread first, at most
/// `max`), then kills the engine. Returns how many were read.
int modhost_tracer_snapshot_and_kill(modhost_thread_witness *out, int max);
/// Reads where the traced engine's main thread is, stopping it only for that. Returns 1 when
/// it was read.
int modhost_tracer_peek(modhost_thread_witness *out);
/// Stops tracing the engine (before it stops gracefully: a tracer of its own, such as
/// LeakSanitizer's, can then attach).
void modhost_tracer_detach(void);
/// The first fatal signal or exit the engine met since it started, once (then cleared).
/// Returns `out->present`.
int modhost_tracer_take_witness(modhost_thread_witness *out);

// Connection custody (custody.c): the engine hands each accepted connection, with the memory
// file that journals it, to the supervisor, which keeps a copy of both and hands them to the
// next engine, so that a connection outlives the engine that served it.

/// A new memory file (close-on-exec, not sealable) named `name`, `size` bytes long (sparse).
/// Returns the descriptor, or -1 with errno set.
int modhost_memfd_sized(const char *name, uint64_t size);
/// socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC): the custody channel. 0 on success.
int modhost_custody_pair(int fds[2]);
/// Sends one message of `length` bytes and `count` descriptors (SCM_RIGHTS) on a
/// SOCK_SEQPACKET socket, waiting up to `timeout_ms` for room. 0, or -1 with errno set.
int modhost_send_descriptors(int socket, const void *bytes, size_t length, const int *fds, int count, int timeout_ms);
/// Receives one message into `bytes` (at most `capacity`) and at most `max_fds` descriptors
/// (close-on-exec) into `fds`, their number in `*count`, waiting up to `timeout_ms` (0: not
/// at all). Returns the message's length, 0 at the end of the stream, or -1 with errno set
/// (EAGAIN: nothing arrived in time). Descriptors past `max_fds` are closed.
long modhost_receive_descriptors(int socket, void *bytes, size_t capacity, int *fds, int max_fds, int *count, int timeout_ms);
/// Frees the pages of `fd` in [offset, offset + length) (fallocate's PUNCH_HOLE). 0 or -1.
int modhost_punch_hole(int fd, uint64_t offset, uint64_t length);
/// The address a socket is bound to, as bytes (`getsockname`), into `out` (at most
/// `capacity`); its length, or -1 with errno set. For an accepted Unix socket, the address
/// of the listening socket it came from.
long modhost_socket_name(int fd, void *out, size_t capacity);
/// A set of sockets watched for hang-ups only (an epoll instance whose members ask for no
/// events: `EPOLLHUP` and `EPOLLERR` come anyway). Its descriptor is readable when one hung
/// up. Returns the descriptor, or -1 with errno set.
int modhost_hangups_create(void);
/// Adds `fd` to the set, or removes it. 0, or -1 with errno set.
int modhost_hangups_add(int set, int fd);
int modhost_hangups_remove(int set, int fd);
/// The members that hung up (at most `max`), without waiting. Returns how many, or -1.
int modhost_hangups_take(int set, int *fds, int max);
/// A store that later stores cannot be seen before: the journal's record selector.
static inline void modhost_store_release(uint64_t *address, uint64_t value) { __atomic_store_n(address, value, __ATOMIC_RELEASE); }

#endif
