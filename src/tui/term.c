/* term.c — the terminal's safety and the loop's wake-ups; see term.h. */
#include "tui/term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Signal handlers can only reach static storage: they record what arrived
 * and write a byte to the self-pipe so that poll() returns. */
static int wake_pipe[2] = { -1, -1 };
static volatile sig_atomic_t got_quit_signal;
static volatile sig_atomic_t got_resize;

static void on_signal(int sig)
{
    int saved = errno;
    if (sig == SIGWINCH)
        got_resize = 1;
    else
        got_quit_signal = sig;
    ssize_t n = write(wake_pipe[1], "s", 1);
    (void)n; /* a full pipe already holds a wake-up */
    errno = saved;
}

/* A crash (SIGSEGV, SIGABRT, SIGBUS, SIGFPE) must not leave the shell in
 * curses' modes. Everything the handler needs is made ready beforehand,
 * because it may only make async-signal-safe calls: the terminal's modes
 * from before curses (tcsetattr) and the bytes that leave the alternate
 * screen, show the cursor, reset the colours and stop mouse reports
 * (write). It then lets the signal take its default course, so the exit
 * status and any core dump stay what they would have been; the game
 * itself is on disk already (the autosave after every move). */
static struct termios crash_modes;
static bool crash_have_modes;
static char crash_bytes[256];
static size_t crash_len;
static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE };
#define N_CRASH (sizeof crash_signals / sizeof crash_signals[0])

static void on_crash(int sig)
{
    if (crash_len > 0) {
        ssize_t n = write(STDOUT_FILENO, crash_bytes, crash_len);
        (void)n;
    }
    if (crash_have_modes)
        tcsetattr(STDIN_FILENO, TCSANOW, &crash_modes);
    signal(sig, SIG_DFL);
    raise(sig);   /* delivered, with the default action, when this returns */
}

/* Appends a terminfo capability's bytes, if the terminal has it. */
static void crash_add(const char *cap)
{
    char *seq = tigetstr(cap);
    if (seq == NULL || seq == (char *)-1)
        return;
    size_t n = strlen(seq);
    if (crash_len + n < sizeof crash_bytes) {
        memcpy(crash_bytes + crash_len, seq, n);
        crash_len += n;
    }
}

/* Call before curses changes the terminal's modes (the modes), then once
 * it is set up (the bytes, from its terminfo entry). */
void term_save_modes(void)
{
    crash_have_modes = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &crash_modes) == 0;
}

void term_arm_crash(void)
{
    static const char mouse_off[] = "\033[?1000l\033[?1006l";
    crash_len = 0;
    crash_add("sgr0");
    crash_add("cnorm");
    crash_add("rmcup");
    if (crash_len + sizeof mouse_off - 1 < sizeof crash_bytes) {
        memcpy(crash_bytes + crash_len, mouse_off, sizeof mouse_off - 1);
        crash_len += sizeof mouse_off - 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < N_CRASH; i++)
        sigaction(crash_signals[i], &sa, NULL);
}

void term_disarm_crash(void)
{
    for (size_t i = 0; i < N_CRASH; i++)
        signal(crash_signals[i], SIG_DFL);
}

static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH };
_Static_assert(sizeof handled_signals / sizeof handled_signals[0] == TERM_SIGNALS,
               "term.h's TERM_SIGNALS counts the signals caught");

void term_catch(struct term_signals *saved)
{
    struct sigaction *old = saved->old;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: poll() must return at once. */
    for (size_t i = 0; i < TERM_SIGNALS; i++)
        sigaction(handled_signals[i], &sa, &old[i]);
    signal(SIGPIPE, SIG_IGN);
}

void term_release(const struct term_signals *saved)
{
    for (size_t i = 0; i < TERM_SIGNALS; i++)
        sigaction(handled_signals[i], &saved->old[i], NULL);
}

bool term_open_wake(void)
{
    if (pipe(wake_pipe) != 0)
        return false;
    for (int i = 0; i < 2; i++) {
        fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    return true;
}

void term_drain_wake(void)
{
    char buf[64];
    while (read(wake_pipe[0], buf, sizeof buf) > 0)
        ;
}

int term_wake_fd(void)
{
    return wake_pipe[0];
}

int term_wake_writer(void)
{
    return wake_pipe[1];
}

void term_close_wake(void)
{
    for (int i = 0; i < 2; i++) {
        if (wake_pipe[i] >= 0)
            close(wake_pipe[i]);
        wake_pipe[i] = -1;
    }
}

int term_quit_signal(void)
{
    return got_quit_signal;
}

bool term_take_resize(void)
{
    if (!got_resize)
        return false;
    got_resize = 0;
    return true;
}
