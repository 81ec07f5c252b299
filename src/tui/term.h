/* term.h — the terminal's safety and the main loop's wake-ups: what must
 * hold however the full-screen game ends, and how the loop hears of
 * signals and of the computer's thread.
 *
 * - The wake pipe: the loop sleeps in poll() on the terminal and on this
 *   pipe's read end (term_wake_fd); the signal handlers and the computer's
 *   thread write a byte to its write end (term_wake_writer) to wake it. Both
 *   ends are non-blocking and close on exec.
 * - Signals: SIGINT, SIGTERM, SIGHUP and SIGQUIT are recorded for the loop
 *   to end the game on (term_quit_signal), SIGWINCH as a resize to apply
 *   (term_take_resize); SIGPIPE is ignored (an engine player may die).
 *   No SA_RESTART: poll() returns at once.
 * - A crash (SIGSEGV, SIGABRT, SIGBUS, SIGFPE) must not leave the shell in
 *   curses' modes: the handler puts back the terminal's modes from before
 *   curses and writes the bytes that leave the alternate screen, show the
 *   cursor, reset the colours and stop mouse reports, then lets the signal
 *   take its default course (same exit status, same core dump). The game
 *   itself is on disk already (the autosave after every move).
 *
 * Signal handlers reach only static storage, so this module keeps the
 * pipe and what arrived in file-scope variables: one full-screen game per
 * process, set up and taken down by app_run().
 */
#ifndef MNK_TUI_TERM_H
#define MNK_TUI_TERM_H

#include <signal.h>
#include <stdbool.h>

#define TERM_SIGNALS 5

/* The handlers the caught signals had before term_catch(). */
struct term_signals {
    struct sigaction old[TERM_SIGNALS];
};

/* Opens the wake pipe. False (errno set) when it cannot be made. */
bool term_open_wake(void);

/* Its read end, for poll(), and its write end, for whoever wakes the loop. */
int term_wake_fd(void);
int term_wake_writer(void);

/* Empties the pipe after a wake-up. */
void term_drain_wake(void);

/* Closes both ends. */
void term_close_wake(void);

/* Catches the signals the loop hears of, keeping their old handlers. */
void term_catch(struct term_signals *saved);

/* Puts the old handlers back. */
void term_release(const struct term_signals *saved);

/* The quit signal that arrived (SIGINT, ...), or 0. */
int term_quit_signal(void);

/* True, once, when SIGWINCH arrived since the last call. */
bool term_take_resize(void);

/* Call before curses changes the terminal's modes: they are what the crash
 * handler puts back. */
void term_save_modes(void);

/* Call once curses is set up (the bytes come from its terminfo entry):
 * from now on a crash restores the terminal first. */
void term_arm_crash(void);

/* The crash signals' default handlers again. */
void term_disarm_crash(void);

#endif
