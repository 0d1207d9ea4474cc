#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ptrace.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "CModhostSystem.h"

// The engine tracer: one thread of the supervisor starts every engine and is its ptrace
// tracer (ptrace requests must come from the tracing thread), so that the supervisor sees a
// fatal signal in the engine before any handler the engine (or a plugin) installed runs, and
// reads the registers and stack of the thread it hit from outside the engine. It also reaps
// every child of the supervisor, and reports the engine's end on a pipe.

enum { COMMAND_NONE, COMMAND_SPAWN, COMMAND_SNAPSHOT, COMMAND_DETACH, COMMAND_PEEK };

typedef struct {
    uint64_t start, end;
    int executable;
    char name[256];
} mapping;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t done_cond;
    int started;
    int command_fd;  // eventfd: a command is waiting
    int signal_fd;   // SIGCHLD
    int notify_fd;   // "exit PID CODE SIGNAL\n" lines for the supervisor's loop
    // The command in progress (under lock), and its result.
    int command;
    int done;
    const char *file;
    char *const *argv;
    char *const *envp;
    const int *fds;
    int fd_count;
    int want_trace;
    pid_t result;
    int result_errno;
    int result_traced;
    modhost_thread_witness *snapshot;
    int snapshot_max;
    // The tracer thread's own state.
    pid_t engine;
    int traced;
    modhost_thread_witness witness;
} tracer = {.lock = PTHREAD_MUTEX_INITIALIZER, .done_cond = PTHREAD_COND_INITIALIZER};

static int64_t now_ms(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (int64_t)time.tv_sec * 1000 + time.tv_nsec / 1000000;
}

// MARK: - Reading a stopped thread

typedef struct {
    uint64_t pc, sp, fp, syscall;
} thread_registers;

static int read_registers(pid_t tid, thread_registers *out) {
#if defined(__x86_64__)
    struct user_regs_struct regs;
    if (ptrace(PTRACE_GETREGS, tid, NULL, &regs) != 0) return -1;
    out->pc = regs.rip;
    out->sp = regs.rsp;
    out->fp = regs.rbp;
    out->syscall = regs.orig_rax;
    return 0;
#elif defined(__aarch64__)
    struct user_pt_regs regs;
    struct iovec vector = {.iov_base = &regs, .iov_len = sizeof regs};
    if (ptrace(PTRACE_GETREGSET, tid, (void *)NT_PRSTATUS, &vector) != 0) return -1;
    out->pc = regs.pc;
    out->sp = regs.sp;
    out->fp = regs.regs[29];
    out->syscall = regs.regs[8];
    return 0;
#else
    (void)tid;
    (void)out;
    errno = ENOSYS;
    return -1;
#endif
}

static int is_exit_group(uint64_t number) {
#if defined(__x86_64__) || defined(__aarch64__)
    return number == SYS_exit_group;
#else
    (void)number;
    return 0;
#endif
}

// The engine's mappings, from /proc/PID/maps (at most `max`).
static int read_mappings(pid_t pid, mapping *out, int max) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *file = fopen(path, "re");
    if (!file) return 0;
    int count = 0;
    char line[1024];
    while (count < max && fgets(line, sizeof line, file)) {
        unsigned long long start, end;
        char perms[8];
        int name_at = 0;
        if (sscanf(line, "%llx-%llx %7s %*s %*s %*s %n", &start, &end, perms, &name_at) < 3) continue;
        mapping *entry = &out[count++];
        entry->start = start;
        entry->end = end;
        entry->executable = perms[2] == 'x';
        const char *name = name_at > 0 ? line + name_at : "";
        size_t length = strcspn(name, "\n");
        if (length >= sizeof entry->name) length = sizeof entry->name - 1;
        memcpy(entry->name, name, length);
        entry->name[length] = 0;
    }
    fclose(file);
    return count;
}

static const mapping *mapping_of(uint64_t address, const mapping *maps, int count, int executable) {
    for (int i = 0; i < count; i++) {
        if (address >= maps[i].start && address < maps[i].end && (!executable || maps[i].executable)) return &maps[i];
    }
    return NULL;
}

// The plugin a mapping's name stands for ("/memfd:modhost-plugin:PATH (deleted)"), or NULL.
static const char *plugin_of(const mapping *entry, size_t *length) {
    if (!entry) return NULL;
    const char *marker = strstr(entry->name, MODHOST_PLUGIN_MEMORY_FILE_PREFIX);
    if (!marker || strncmp(entry->name, "/memfd:", 7) != 0) return NULL;
    const char *path = marker + strlen(MODHOST_PLUGIN_MEMORY_FILE_PREFIX);
    const char *deleted = strstr(path, " (deleted)");
    *length = deleted ? (size_t)(deleted - path) : strlen(path);
    return path;
}

// Appends the plugin of `address` to `list` unless it is already there.
static void note_plugin(uint64_t address, const mapping *maps, int count, char (*list)[MODHOST_WITNESS_PATH], int32_t *listed) {
    size_t length = 0;
    const char *plugin = plugin_of(mapping_of(address, maps, count, 1), &length);
    if (!plugin || *listed >= MODHOST_WITNESS_PLUGINS) return;
    if (length >= MODHOST_WITNESS_PATH) length = MODHOST_WITNESS_PATH - 1;
    for (int i = 0; i < *listed; i++) {
        if (strncmp(list[i], plugin, length) == 0 && list[i][length] == 0) return;
    }
    memcpy(list[*listed], plugin, length);
    list[*listed][length] = 0;
    (*listed)++;
}

static int read_word(pid_t pid, uint64_t address, uint64_t *out) {
    struct iovec local = {.iov_base = out, .iov_len = sizeof *out};
    struct iovec remote = {.iov_base = (void *)(uintptr_t)address, .iov_len = sizeof *out};
    return process_vm_readv(pid, &local, 1, &remote, 1, 0) == (ssize_t)sizeof *out ? 0 : -1;
}

enum { MAX_MAPPINGS = 8192, SCAN_BYTES = 256 * 1024, CALLER_SCAN_BYTES = 4096 };

// Whether the instruction just before `address` is a call: a direct call (E8 rel32) or an
// indirect one (FF /2, two to seven bytes long). Elsewhere than x86-64 any code address counts.
static int follows_call(pid_t pid, uint64_t address) {
#if defined(__x86_64__)
    uint64_t before = 0;
    if (address < 8 || read_word(pid, address - 8, &before) != 0) return 0;
    uint8_t bytes[8];
    memcpy(bytes, &before, 8);
    if (bytes[3] == 0xE8) return 1;
    for (int length = 2; length <= 7; length++) {
        if (bytes[8 - length] == 0xFF && ((bytes[9 - length] >> 3) & 7) == 2) return 1;
    }
    return 0;
#else
    (void)pid;
    (void)address;
    return 1;
#endif
}

// Reads where thread `tid` of `pid` is: its registers, the plugins along its frame-pointer
// chain (innermost first) and every plugin whose code an address on its stack points into.
static void capture(pid_t pid, pid_t tid, int signal, const siginfo_t *info, modhost_thread_witness *out) {
    memset(out, 0, sizeof *out);
    out->tid = tid;
    out->main_thread = tid == pid;
    out->signal = signal;
    if (info) {
        out->code = info->si_code;
        out->sent = info->si_code <= 0;
        out->sender = out->sent ? info->si_pid : 0;
    }
    thread_registers regs;
    if (read_registers(tid, &regs) != 0) return;
    out->present = 1;
    out->pc = regs.pc;
    out->exiting = signal == 0 && is_exit_group(regs.syscall);
    static mapping maps[MAX_MAPPINGS];
    int count = read_mappings(pid, maps, MAX_MAPPINGS);
    const mapping *code = mapping_of(regs.pc, maps, count, 1);
    if (code) snprintf(out->pc_file, sizeof out->pc_file, "%s", code->name);
    note_plugin(regs.pc, maps, count, out->chain, &out->chain_count);
    const mapping *stack = mapping_of(regs.sp, maps, count, 0);
    uint64_t stack_end = stack ? stack->end : regs.sp + SCAN_BYTES;
    // The frame-pointer chain: each frame holds the caller's frame pointer and the return
    // address above it. Swift code and the Swift runtime keep frame pointers.
    uint64_t frame = regs.fp;
    for (int depth = 0; depth < 256; depth++) {
        if (frame < regs.sp || frame + 16 > stack_end || (frame & 7) != 0) break;
        uint64_t caller = 0, returns = 0;
        if (read_word(pid, frame, &caller) != 0 || read_word(pid, frame + 8, &returns) != 0) break;
        if (returns == 0) break;
        note_plugin(returns - 1, maps, count, out->chain, &out->chain_count);
        if (caller <= frame) break;
        frame = caller;
    }
    // Code without frame pointers (libc) hides its caller from the chain: the first return
    // address on the stack that leads out of the program counter's library names it (a
    // word counts as a return address when the instruction before it is a call, so a stale
    // function pointer does not).
    const char *own = code ? code->name : "";
    size_t span = stack_end > regs.sp ? stack_end - regs.sp : 0;
    if (span > CALLER_SCAN_BYTES) span = CALLER_SCAN_BYTES;
    span &= ~(size_t)7;
    uint64_t words[CALLER_SCAN_BYTES / 8];
    struct iovec local = {.iov_base = words, .iov_len = span};
    struct iovec remote = {.iov_base = (void *)(uintptr_t)regs.sp, .iov_len = span};
    ssize_t got = span > 0 ? process_vm_readv(pid, &local, 1, &remote, 1, 0) : 0;
    for (ssize_t i = 0; got > 0 && i < got / 8; i++) {
        const mapping *target = mapping_of(words[i], maps, count, 1);
        if (!target || strcmp(target->name, own) == 0 || !follows_call(pid, words[i])) continue;
        note_plugin(words[i] - 1, maps, count, out->caller, &out->caller_count);
        break;
    }
}

static int is_fault(int signal) {
    return signal == SIGSEGV || signal == SIGBUS || signal == SIGILL || signal == SIGFPE || signal == SIGTRAP ||
           signal == SIGABRT || signal == SIGSYS;
}

// MARK: - The tracer thread

static void notify_exit(pid_t pid, int status) {
    char line[96];
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    int length = snprintf(line, sizeof line, "exit %d %d %d\n", pid, code, signal);
    ssize_t written;
    do written = write(tracer.notify_fd, line, (size_t)length);
    while (written < 0 && errno == EINTR);
}

// The engine threads seen stopped once: the first stop of a new thread (auto-attached) is not a
// group-stop, though it looks like one.
enum { MAX_KNOWN = 4096 };
static pid_t known[MAX_KNOWN];
static int known_count;

static int is_known(pid_t tid) {
    for (int i = 0; i < known_count; i++)
        if (known[i] == tid) return 1;
    return 0;
}

static void know(pid_t tid) {
    if (!is_known(tid) && known_count < MAX_KNOWN) known[known_count++] = tid;
}

static void forget(pid_t tid) {
    for (int i = 0; i < known_count; i++) {
        if (known[i] == tid) {
            known[i] = known[--known_count];
            return;
        }
    }
}

// One waitpid result. `held` (may be NULL) collects the engine threads that stopped for an
// interrupt, which stay stopped.
static void handle(pid_t tid, int status, pid_t *held, int *held_count, int held_max) {
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
        forget(tid);
        if (tid == tracer.engine) {
            known_count = 0;
            tracer.engine = 0;
            tracer.traced = 0;
            notify_exit(tid, status);
        }
        return;
    }
    if (!WIFSTOPPED(status)) return;
    int signal = WSTOPSIG(status);
    int event = (unsigned)status >> 16;
    pid_t pid = tracer.engine;
    if (event == PTRACE_EVENT_EXIT) {
        // A thread about to end: a plugin's exit() or _exit() is seen here, with its stack.
        if (!tracer.witness.present && pid > 0) {
            modhost_thread_witness seen;
            capture(pid, tid, 0, NULL, &seen);
            if (seen.exiting) tracer.witness = seen;
        }
        ptrace(PTRACE_CONT, tid, NULL, NULL);
        return;
    }
    if (event == PTRACE_EVENT_STOP) {
        int stopping = signal == SIGSTOP || signal == SIGTSTP || signal == SIGTTIN || signal == SIGTTOU;
        if (held && *held_count < held_max && (signal == SIGTRAP || stopping)) {
            know(tid);
            held[(*held_count)++] = tid;
            return;
        }
        // A group-stop (someone sent SIGSTOP) keeps the thread stopped, as without a tracer,
        // until SIGCONT; a new thread's first stop, or an interrupt, goes on.
        if (stopping && is_known(tid)) {
            ptrace(PTRACE_LISTEN, tid, NULL, NULL);
        } else {
            know(tid);
            ptrace(PTRACE_CONT, tid, NULL, NULL);
        }
        return;
    }
    if (event != 0) {
        ptrace(PTRACE_CONT, tid, NULL, NULL);
        return;
    }
    // A signal about to be delivered: a fault is read now, before any handler runs.
    if (is_fault(signal) && !tracer.witness.present && pid > 0) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        ptrace(PTRACE_GETSIGINFO, tid, NULL, &info);
        capture(pid, tid, signal, &info, &tracer.witness);
    }
    ptrace(PTRACE_CONT, tid, NULL, (void *)(intptr_t)signal);
}

static void drain_signals(void) {
    struct signalfd_siginfo info;
    while (read(tracer.signal_fd, &info, sizeof info) > 0) {
    }
}

static void reap_all(pid_t *held, int *held_count, int held_max) {
    int status;
    pid_t tid;
    while ((tid = waitpid(-1, &status, __WALL | WNOHANG)) > 0) handle(tid, status, held, held_count, held_max);
}

// The threads of `pid`, from /proc/PID/task (at most `max`).
static int list_threads(pid_t pid, pid_t *out, int max) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *directory = opendir(path);
    if (!directory) return 0;
    int count = 0;
    struct dirent *entry;
    while (count < max && (entry = readdir(directory))) {
        pid_t tid = (pid_t)atoi(entry->d_name);
        if (tid > 0) out[count++] = tid;
    }
    closedir(directory);
    return count;
}

enum { MAX_THREADS = 512 };

static int contains(const pid_t *list, int count, pid_t tid) {
    for (int i = 0; i < count; i++)
        if (list[i] == tid) return 1;
    return 0;
}

// Stops every thread of the traced engine (within about `budget_ms`); returns how many are
// held stopped, in `held`.
static int stop_all(pid_t *held, int budget_ms) {
    int held_count = 0;
    pid_t pid = tracer.engine;
    int64_t deadline = now_ms() + budget_ms;
    pid_t asked[MAX_THREADS];
    int asked_count = 0;
    while (now_ms() < deadline) {
        pid_t threads[MAX_THREADS];
        int count = list_threads(pid, threads, MAX_THREADS);
        int waiting = 0;
        for (int i = 0; i < count; i++) {
            if (contains(held, held_count, threads[i])) continue;
            waiting++;
            if (!contains(asked, asked_count, threads[i]) && asked_count < MAX_THREADS) {
                ptrace(PTRACE_INTERRUPT, threads[i], NULL, NULL);
                asked[asked_count++] = threads[i];
            }
        }
        if (count == 0 || waiting == 0) break;
        struct pollfd poller = {.fd = tracer.signal_fd, .events = POLLIN};
        poll(&poller, 1, 5);
        drain_signals();
        reap_all(held, &held_count, MAX_THREADS);
        if (tracer.engine != pid) break;
    }
    return held_count;
}

static void run_command(void) {
    switch (tracer.command) {
    case COMMAND_SPAWN: {
        tracer.result_traced = 0;
        int sync[2], failure[2];
        if (pipe2(sync, O_CLOEXEC) != 0) {
            tracer.result = -1;
            tracer.result_errno = errno;
            break;
        }
        if (pipe2(failure, O_CLOEXEC) != 0) {
            tracer.result = -1;
            tracer.result_errno = errno;
            close(sync[0]);
            close(sync[1]);
            break;
        }
        pid_t child = fork();
        if (child == 0) {
            // Only async-signal-safe calls from here to exec.
            struct sigaction standard;
            memset(&standard, 0, sizeof standard);
            standard.sa_handler = SIG_DFL;
            for (int number = 1; number < NSIG; number++) sigaction(number, &standard, NULL);
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, NULL);
            // A session of its own: a terminal's Ctrl-C reaches the supervisor only.
            setsid();
            char byte;
            while (read(sync[0], &byte, 1) < 0 && errno == EINTR) {
            }
            int moved[16];
            int count = tracer.fd_count > 16 ? 16 : tracer.fd_count;
            // Each source is first copied above the targets (the lowest free number from
            // `count` on, within any descriptor limit), so no dup2 below overwrites one.
            for (int i = 0; i < count; i++) {
                moved[i] = tracer.fds[i] < 0 ? -1 : fcntl(tracer.fds[i], F_DUPFD_CLOEXEC, count);
                if (tracer.fds[i] >= 0 && moved[i] < 0) goto failed;
            }
            for (int i = 0; i < count; i++) {
                int from = moved[i] >= 0 ? moved[i] : open("/dev/null", O_RDWR | O_CLOEXEC);
                if (from < 0 || dup2(from, i) < 0) goto failed;
            }
            execve(tracer.file, tracer.argv, tracer.envp);
        failed:;
            int error = errno;
            while (write(failure[1], &error, sizeof error) < 0 && errno == EINTR) {
            }
            _exit(127);
        }
        close(sync[0]);
        close(failure[1]);
        if (child < 0) {
            tracer.result = -1;
            tracer.result_errno = errno;
            close(sync[1]);
            close(failure[0]);
            break;
        }
        if (tracer.want_trace) {
            long options = PTRACE_O_EXITKILL | PTRACE_O_TRACECLONE | PTRACE_O_TRACEEXIT;
            if (ptrace(PTRACE_SEIZE, child, NULL, (void *)options) == 0) {
                tracer.result_traced = 1;
            } else {
                tracer.result_errno = errno;
            }
        }
        // Let it exec, and learn whether exec worked (the failure pipe closes on exec).
        while (write(sync[1], "x", 1) < 0 && errno == EINTR) {
        }
        close(sync[1]);
        int error = 0;
        ssize_t got;
        do got = read(failure[0], &error, sizeof error);
        while (got < 0 && errno == EINTR);
        close(failure[0]);
        if (got == (ssize_t)sizeof error) {
            int status;
            while (waitpid(child, &status, __WALL) < 0 && errno == EINTR) {
            }
            tracer.result = -1;
            tracer.result_errno = error;
            tracer.result_traced = 0;
            break;
        }
        memset(&tracer.witness, 0, sizeof tracer.witness);
        known_count = 0;
        know(child);
        tracer.engine = child;
        tracer.traced = tracer.result_traced;
        tracer.result = child;
        break;
    }
    case COMMAND_SNAPSHOT: {
        tracer.result = 0;
        if (tracer.engine <= 0 || !tracer.traced) break;
        pid_t held[MAX_THREADS];
        int count = stop_all(held, 300);
        int written = 0;
        // The main thread first: it is the one that runs plugin calls.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < count && written < tracer.snapshot_max; i++) {
                if ((held[i] == tracer.engine) != (pass == 0)) continue;
                capture(tracer.engine, held[i], 0, NULL, &tracer.snapshot[written]);
                written++;
            }
        }
        // The engine is killed now, stopped as it is: SIGKILL ends stopped tracees too.
        kill(tracer.engine, SIGKILL);
        tracer.result = written;
        break;
    }
    case COMMAND_PEEK: {
        // The main thread alone, stopped for as long as it takes to read it.
        tracer.result = 0;
        pid_t pid = tracer.engine;
        if (pid <= 0 || !tracer.traced) break;
        ptrace(PTRACE_INTERRUPT, pid, NULL, NULL);
        pid_t held[MAX_THREADS];
        int held_count = 0;
        int64_t deadline = now_ms() + 300;
        while (held_count == 0 && tracer.engine == pid && now_ms() < deadline) {
            struct pollfd poller = {.fd = tracer.signal_fd, .events = POLLIN};
            poll(&poller, 1, 5);
            drain_signals();
            reap_all(held, &held_count, MAX_THREADS);
        }
        for (int i = 0; i < held_count; i++) {
            if (held[i] == pid && tracer.result == 0) {
                capture(pid, pid, 0, NULL, tracer.snapshot);
                tracer.result = 1;
            }
            ptrace(PTRACE_CONT, held[i], NULL, NULL);
        }
        break;
    }
    case COMMAND_DETACH: {
        tracer.result = 0;
        if (tracer.engine <= 0 || !tracer.traced) break;
        for (int round = 0; round < 20; round++) {
            pid_t held[MAX_THREADS];
            int count = stop_all(held, 200);
            for (int i = 0; i < count; i++) ptrace(PTRACE_DETACH, held[i], NULL, NULL);
            pid_t threads[MAX_THREADS];
            int left = list_threads(tracer.engine, threads, MAX_THREADS);
            // Detached threads show no TracerPid; stop once none is traced.
            int traced = 0;
            for (int i = 0; i < left; i++) {
                char path[96], line[128];
                snprintf(path, sizeof path, "/proc/%d/task/%d/status", tracer.engine, threads[i]);
                FILE *file = fopen(path, "re");
                if (!file) continue;
                while (fgets(line, sizeof line, file)) {
                    if (strncmp(line, "TracerPid:", 10) == 0 && atoi(line + 10) != 0) traced = 1;
                }
                fclose(file);
            }
            if (!traced) break;
        }
        tracer.traced = 0;
        break;
    }
    }
}

static void *tracer_main(void *unused) {
    (void)unused;
    for (;;) {
        struct pollfd pollers[2] = {{.fd = tracer.signal_fd, .events = POLLIN}, {.fd = tracer.command_fd, .events = POLLIN}};
        // A missed SIGCHLD costs at most the timeout.
        poll(pollers, 2, 100);
        pthread_mutex_lock(&tracer.lock);
        drain_signals();
        reap_all(NULL, NULL, 0);
        pthread_mutex_unlock(&tracer.lock);
        if (pollers[1].revents & POLLIN) {
            uint64_t value;
            while (read(tracer.command_fd, &value, sizeof value) < 0 && errno == EINTR) {
            }
            pthread_mutex_lock(&tracer.lock);
            if (tracer.command != COMMAND_NONE && !tracer.done) {
                run_command();
                tracer.done = 1;
                pthread_cond_broadcast(&tracer.done_cond);
            }
            pthread_mutex_unlock(&tracer.lock);
        }
    }
    return NULL;
}

int modhost_tracer_start(int notify_fd) {
    if (tracer.started) return 0;
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    // Blocked in the calling thread, and so in every thread it starts from now on: SIGCHLD
    // is read from the signalfd only.
    if (pthread_sigmask(SIG_BLOCK, &child, NULL) != 0) return -1;
    // A SIGCHLD ignored by whoever started the supervisor (ignoring survives exec) would
    // have the kernel reap engines unseen.
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &standard, NULL);
    tracer.signal_fd = signalfd(-1, &child, SFD_NONBLOCK | SFD_CLOEXEC);
    tracer.command_fd = eventfd(0, EFD_CLOEXEC);
    if (tracer.signal_fd < 0 || tracer.command_fd < 0) return -1;
    tracer.notify_fd = notify_fd;
    pthread_t thread;
    if (pthread_create(&thread, NULL, tracer_main, NULL) != 0) return -1;
    pthread_detach(thread);
    tracer.started = 1;
    return 0;
}

// Runs the command set up under the lock on the tracer thread, and waits for it.
static void run_on_tracer(int command) {
    tracer.command = command;
    tracer.done = 0;
    uint64_t one = 1;
    while (write(tracer.command_fd, &one, sizeof one) < 0 && errno == EINTR) {
    }
    while (!tracer.done) pthread_cond_wait(&tracer.done_cond, &tracer.lock);
    tracer.command = COMMAND_NONE;
}

pid_t modhost_tracer_spawn(const char *file, char *const argv[], char *const envp[], const int *fds, int fd_count, int trace,
                           int *traced, int *error) {
    pthread_mutex_lock(&tracer.lock);
    tracer.file = file;
    tracer.argv = argv;
    tracer.envp = envp;
    tracer.fds = fds;
    tracer.fd_count = fd_count;
    tracer.want_trace = trace;
    tracer.result_errno = 0;
    run_on_tracer(COMMAND_SPAWN);
    pid_t pid = tracer.result;
    *traced = tracer.result_traced;
    *error = tracer.result_errno;
    pthread_mutex_unlock(&tracer.lock);
    return pid;
}

// Runs a command that reads threads into `out` (at most `max`); returns how many it read.
static int read_threads(int command, modhost_thread_witness *out, int max) {
    pthread_mutex_lock(&tracer.lock);
    tracer.snapshot = out;
    tracer.snapshot_max = max;
    run_on_tracer(command);
    int count = tracer.result;
    pthread_mutex_unlock(&tracer.lock);
    return count;
}

int modhost_tracer_snapshot_and_kill(modhost_thread_witness *out, int max) { return read_threads(COMMAND_SNAPSHOT, out, max); }

int modhost_tracer_peek(modhost_thread_witness *out) { return read_threads(COMMAND_PEEK, out, 1); }

void modhost_tracer_detach(void) {
    pthread_mutex_lock(&tracer.lock);
    run_on_tracer(COMMAND_DETACH);
    pthread_mutex_unlock(&tracer.lock);
}

int modhost_tracer_take_witness(modhost_thread_witness *out) {
    pthread_mutex_lock(&tracer.lock);
    *out = tracer.witness;
    memset(&tracer.witness, 0, sizeof tracer.witness);
    pthread_mutex_unlock(&tracer.lock);
    return out->present;
}

int modhost_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
