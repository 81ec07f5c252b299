/* app.c — terminal setup, the input loop, screens and overlays; see app.h.
 *
 * The loop sleeps in poll() on two descriptors: the terminal, and a
 * self-pipe written by the signal handlers and by the computer's thread.
 * Nothing wakes it otherwise, except the pause a computer makes before
 * answering another: an idle game costs no CPU.
 *
 * The game in progress is kept on disk after every change (saves.h): the
 * loop calls keep_game() once per turn, and stop_game() once more before a
 * game is let go, so every way out (q, n, a signal, a fatal error) finds it
 * kept. If it cannot be, the game screen says so while the player plays on,
 * and the exit status is 1.
 */
#include "tui/app.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "io/record.h"
#include "mnk/clock.h"
#include "tui/dialog.h"
#include "tui/draw.h"
#include "tui/help.h"
#include "tui/layout.h"
#include "tui/menu.h"
#include "tui/play.h"
#include "tui/prompt.h"
#include "tui/react.h"
#include "tui/resume.h"
#include "tui/saves.h"
#include "tui/settings.h"

enum app_screen { SCREEN_MENU, SCREEN_PLAY };
enum overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_DIALOG, OVERLAY_PROMPT, OVERLAY_RESUME };
enum ask { ASK_SAVE, ASK_LOAD };    /* what the prompt's answer is for */

struct app {
    enum app_screen screen;
    enum overlay overlay;
    struct menu menu;
    struct play play;
    bool playing;           /* `play` holds a started game */
    struct help help;
    struct dialog dialog;
    struct prompt prompt;
    enum ask asking;
    struct resume resume;   /* the unfinished games, for OVERLAY_RESUME */
    struct saves_keeper keeper; /* the autosave of the game in `play` */
    struct saves_list kept; /* scratch for saves_list(): too large for a stack */
    char save_as[PROMPT_MAX]; /* the save prompt's answer, while overwriting is asked */
    char question[SAVES_PATH_MAX + 40];
    struct play_options options; /* the game screen's, kept from game to game */
    struct settings settings; /* as last loaded or saved */
    bool dirty;             /* the screen must be drawn again */
    WINDOW *input;          /* keys are read here, see setup_curses() */
    int status;             /* the exit status, once `quit` is set */
    bool quit;
    char error[200];        /* shown on stderr after the terminal is restored */
    char save_error[SAVES_PATH_MAX + 200]; /* likewise: the game could not be kept */
};

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

static const int handled_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH };
#define N_HANDLED (sizeof handled_signals / sizeof handled_signals[0])

static void catch_signals(struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: poll() must return at once. */
    for (size_t i = 0; i < N_HANDLED; i++)
        sigaction(handled_signals[i], &sa, &old[i]);
    signal(SIGPIPE, SIG_IGN);
}

static void release_signals(const struct sigaction *old)
{
    for (size_t i = 0; i < N_HANDLED; i++)
        sigaction(handled_signals[i], &old[i], NULL);
}

static bool open_pipe(void)
{
    if (pipe(wake_pipe) != 0)
        return false;
    for (int i = 0; i < 2; i++) {
        fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
        fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
    return true;
}

static void drain_pipe(void)
{
    char buf[64];
    while (read(wake_pipe[0], buf, sizeof buf) > 0)
        ;
}

/* --- crashes ------------------------------------------------------------ */

/* A crash (SIGSEGV, SIGABRT, SIGBUS, SIGFPE) first gives the terminal back:
 * the modes saved before curses took it, and the terminal's own strings to
 * reset attributes, show the cursor and leave the alternate screen, all
 * looked up beforehand. The handler makes async-signal-safe calls only
 * (tcsetattr, write), then the signal is raised again with its default
 * action, so the exit status and any core dump are the crash's own. The game
 * itself is on disk already: it is kept after every change. */
static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE };
#define N_CRASH (sizeof crash_signals / sizeof crash_signals[0])
static struct termios crash_termios;
static bool crash_have_termios;
static char crash_reset[256];
static size_t crash_reset_len;

static void on_crash(int sig)
{
    if (crash_have_termios)
        tcsetattr(STDIN_FILENO, TCSANOW, &crash_termios);
    ssize_t n = write(STDOUT_FILENO, crash_reset, crash_reset_len);
    (void)n; /* nothing more can be done about it now */
    /* SA_RESETHAND restored the default action: the signal, raised again
     * (or, for a fault, met again on return), ends the process. */
    raise(sig);
}

/* Appends terminfo capability `cap` to the reset string, when it has one. */
static void crash_add(const char *cap)
{
    const char *s = tigetstr(cap);
    if (s == NULL || s == (const char *)-1)
        return;
    size_t len = strlen(s);
    if (crash_reset_len + len < sizeof crash_reset) {
        memcpy(crash_reset + crash_reset_len, s, len);
        crash_reset_len += len;
    }
}

/* Call with the modes as found (before curses changes them), once the
 * terminal type is known. */
static void catch_crashes(const struct termios *found, bool have)
{
    crash_termios = *found;
    crash_have_termios = have;
    crash_reset_len = 0;
    crash_add("sgr0");
    crash_add("cnorm");
    crash_add("rmkx");
    crash_add("rmcup");
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < N_CRASH; i++)
        sigaction(crash_signals[i], &sa, NULL);
}

static void release_crashes(void)
{
    for (size_t i = 0; i < N_CRASH; i++)
        signal(crash_signals[i], SIG_DFL);
}

/* MNK_TEST_CRASH_AFTER=N (a test's hook, not documented for players) makes
 * the program crash with SIGSEGV once N moves of the game are kept. */
static int crash_after = -1;

static void test_crash(const struct app *a)
{
    if (crash_after >= 0 && a->playing && play_game(&a->play)->ply >= crash_after &&
        !a->keeper.failed)
        raise(SIGSEGV);
}

/* --- screens ------------------------------------------------------------ */

static void min_size(const struct app *a, int *cols, int *rows)
{
    *cols = a->screen == SCREEN_MENU ? MENU_MIN_COLS : LAYOUT_MIN_COLS;
    *rows = a->screen == SCREEN_MENU ? MENU_MIN_ROWS : LAYOUT_MIN_ROWS;
}

static bool too_small(const struct app *a)
{
    int cols, rows;
    min_size(a, &cols, &rows);
    return COLS < cols || LINES < rows;
}

/* Every screen learns the new size at once, whichever is showing. */
static void resize(struct app *a)
{
    menu_resize(&a->menu, LINES, COLS);
    if (a->playing)
        play_resize(&a->play, LINES, COLS);
    a->dirty = true;
}

/* The warning that the game is not on disk, over the bottom line. The reason
 * ends the message ("PATH: No space left on device"): a long one loses the
 * start of its path, not its end. */
static void draw_not_kept(const char *why)
{
    static const char head[] = "NOT KEPT: ";
    int room = COLS - (int)sizeof head - 2;
    if (room < 1)
        room = 1;
    size_t len = strlen(why);
    const char *tail = why;
    if (len > (size_t)room) {
        tail = why + len - room;
        while ((*tail & 0xC0) == 0x80) /* not inside a UTF-8 character */
            tail++;
    }
    draw_fill(LINES - 1, 0, COLS, STYLE_ERROR);
    draw_textf(LINES - 1, 0, COLS, STYLE_ERROR, "%s%s%s", head, tail == why ? "" : "...", tail);
}

static void draw(struct app *a)
{
    int cols, rows;
    min_size(a, &cols, &rows);
    if (COLS < 2) {
        /* ncurses 6.4 reads outside its line buffers when it updates a
         * one-column screen (seen with valgrind): leave such a screen be. */
        a->dirty = false;
        return;
    }
    if (too_small(a)) {
        draw_too_small(cols, rows);
    } else {
        if (a->screen == SCREEN_MENU)
            menu_draw(&a->menu);
        else
            play_draw(&a->play);
        if (a->overlay == OVERLAY_HELP)
            help_draw(&a->help);
        else if (a->overlay == OVERLAY_DIALOG)
            dialog_draw(&a->dialog);
        else if (a->overlay == OVERLAY_PROMPT)
            prompt_draw(&a->prompt);
        else if (a->overlay == OVERLAY_RESUME)
            resume_draw(&a->resume);
        if (a->screen == SCREEN_PLAY && a->keeper.failed)
            draw_not_kept(a->keeper.error);
    }
    refresh();
    a->dirty = false;
}

/* Brings the autosave in line with the game on screen (see saves.h); cheap
 * when nothing changed. */
static void keep_game(struct app *a)
{
    if (!a->playing)
        return;
    bool failed = a->keeper.failed;
    if (!saves_keep(&a->keeper, play_game(&a->play)) || failed)
        a->dirty = true; /* the warning appears or goes */
}

/* Loads the remembered settings into the form and the game screen's
 * options; a file not understood is said once, on the menu. */
static void load_settings(struct app *a)
{
    char path[SAVES_PATH_MAX], warn[SAVES_PATH_MAX + 80] = "";
    settings_default(&a->settings);
    if (settings_path(path, sizeof path))
        settings_load(path, &a->settings, warn, sizeof warn);
    struct game_config c;
    settings_to_config(&a->settings, &c);
    menu_set_form(&a->menu, &c);
    a->options.marks = a->settings.marks;
    if (warn[0] != '\0')
        menu_say(&a->menu, warn);
}

/* Writes the settings when they differ from what the file holds. Failing to
 * remember them costs the player nothing now: said on the menu, no more. */
static void save_settings(struct app *a, const struct settings *now)
{
    if (memcmp(now, &a->settings, sizeof *now) == 0)
        return;
    a->settings = *now;
    char path[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 80];
    if (settings_path(path, sizeof path) && !settings_save(path, now, err, sizeof err)) {
        char text[sizeof err + 40];
        snprintf(text, sizeof text, "settings not kept: %s", err);
        menu_say(&a->menu, text);
    }
}

static void stop_game(struct app *a)
{
    keep_game(a);
    if (a->playing && a->keeper.failed) {
        snprintf(a->save_error, sizeof a->save_error,
                 "mnk: the game in progress could not be kept: %s", a->keeper.error);
        menu_say(&a->menu, a->save_error + 5);
    }
    if (a->playing) {
        a->options = play_get_options(&a->play);
        play_fini(&a->play);
        struct settings now = a->settings;
        now.marks = a->options.marks;
        save_settings(a, &now);
    }
    a->playing = false;
}

static void react(struct app *a, unsigned r);

static void show_game(struct app *a)
{
    a->playing = true;
    a->screen = SCREEN_PLAY;
    a->overlay = OVERLAY_NONE;
    play_resize(&a->play, LINES, COLS);
    /* The computer may have the first move. */
    play_tick(&a->play);
}

static bool start_game(struct app *a, const struct game_config *c)
{
    stop_game(a);
    const char *refused = play_init(&a->play, c, wake_pipe[1], &a->options);
    if (refused != NULL) {
        snprintf(a->error, sizeof a->error, "mnk: %s", refused);
        return false;
    }
    saves_keeper_start(&a->keeper, play_game(&a->play), NULL);
    show_game(a);
    return true;
}

/* Opens a game read from a file (`kept`: its autosave), saying `note`. */
static void open_game(struct app *a, const struct game *g, const char *kept, const char *note)
{
    stop_game(a);
    play_open(&a->play, g, wake_pipe[1], &a->options);
    saves_keeper_start(&a->keeper, play_game(&a->play), kept);
    play_note(&a->play, note);
    show_game(a);
}

/* Offers Resume on the menu when unfinished games are kept, describing the
 * newest; says once what was set aside. */
static void refresh_resume(struct app *a)
{
    char note[120];
    saves_list(&a->kept);
    if (a->kept.notice[0] != '\0')
        menu_say(&a->menu, a->kept.notice);
    if (a->kept.n == 0) {
        menu_set_resume(&a->menu, NULL);
        return;
    }
    const struct saves_entry *e = &a->kept.entry[0];
    int more = a->kept.n - 1;
    snprintf(note, sizeof note, "%d%s%d k=%d %s, %d move%s, %s to play%s", e->width,
             draw_sym(GLYPH_TIMES), e->height, e->win, rule_name(e->rule), e->ply,
             e->ply == 1 ? "" : "s", stone_name(e->ply % 2 == 0 ? STONE_BLACK : STONE_WHITE),
             more == 0 ? "" : more == 1 ? " (and 1 more)" : " (and more)");
    menu_set_resume(&a->menu, note);
}

/* Computers of a game read from a file play afresh: records keep no seed. */
static void reseed(struct game *g)
{
    uint64_t seed = (uint64_t)clock_us();
    for (int i = 0; i < 2; i++)
        g->config.player[i].seed = seed + (uint64_t)i;
}

static void resume(struct app *a)
{
    refresh_resume(a);
    if (a->kept.n == 0) {
        menu_say(&a->menu,
                 a->kept.notice[0] != '\0' ? a->kept.notice : "there is no game to resume");
        return;
    }
    resume_open(&a->resume, &a->kept);
    a->overlay = OVERLAY_RESUME;
}

static void open_kept(struct app *a)
{
    static struct game g;
    char err[SAVES_PATH_MAX + 200], path[SAVES_PATH_MAX];
    const char *chosen = resume_chosen(&a->resume);
    if (chosen == NULL)
        return;
    snprintf(path, sizeof path, "%s", chosen);
    if (!saves_open(path, &g, err, sizeof err)) {
        refresh_resume(a);
        menu_say(&a->menu, err);
        return;
    }
    reseed(&g);
    open_game(a, &g, path, "resumed where you left off");
}

static void delete_kept(struct app *a)
{
    char err[SAVES_PATH_MAX + 100];
    const char *chosen = resume_chosen(&a->resume);
    if (chosen == NULL)
        return;
    bool ok = saves_delete(chosen, err, sizeof err);
    refresh_resume(a);
    if (!ok)
        menu_say(&a->menu, err);
    if (a->kept.n > 0) {
        int choice = a->resume.choice;
        resume_open(&a->resume, &a->kept);
        a->resume.choice = choice < a->kept.n ? choice : a->kept.n - 1;
        a->overlay = OVERLAY_RESUME;
    } else {
        a->overlay = OVERLAY_NONE;
    }
}

static void ask_save(struct app *a)
{
    char name[PROMPT_MAX];
    saves_default_path(name, sizeof name, time(NULL));
    prompt_open(&a->prompt, "Save the game as:", "Enter saves (.sgf or .psq), Esc cancels",
                name, REACT_ANSWER);
    a->asking = ASK_SAVE;
    a->overlay = OVERLAY_PROMPT;
}

static void ask_load(struct app *a)
{
    prompt_open(&a->prompt, "Open the game record:", "a .sgf or .psq file; Enter opens, "
                "Esc cancels", "", REACT_ANSWER);
    a->asking = ASK_LOAD;
    a->overlay = OVERLAY_PROMPT;
}

static void load(struct app *a, const char *typed)
{
    struct game g;
    char path[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 100], note[2 * SAVES_PATH_MAX + 200];
    if (!saves_expand(typed, path, sizeof path, false)) {
        menu_say(&a->menu, "the file name is too long");
    } else if (!record_load(path, &g, err, sizeof err)) {
        /* Reasons about the content don't name the file; say which it was. */
        if (strncmp(err, path, strlen(path)) == 0) {
            menu_say(&a->menu, err);
        } else {
            snprintf(note, sizeof note, "%s: %s", typed, err);
            menu_say(&a->menu, note);
        }
    } else {
        reseed(&g);
        snprintf(note, sizeof note, "opened %s", path);
        open_game(a, &g, NULL, note);
    }
}

/* Saves the game as `typed`; the default directory is made if need be. */
static void save_as(struct app *a, const char *typed)
{
    char path[SAVES_PATH_MAX], dir[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 50];
    size_t n;
    if (saves_expand(typed, path, sizeof path, true) && saves_data_dir(dir, sizeof dir) &&
        strncmp(path, dir, n = strlen(dir)) == 0 && path[n] == '/')
        saves_make_parents(path, err, sizeof err); /* else play_save says why */
    react(a, play_save(&a->play, typed));
}

/* The save prompt was answered: asks before replacing a file. */
static void answer_save(struct app *a)
{
    char path[SAVES_PATH_MAX];
    struct stat st;
    snprintf(a->save_as, sizeof a->save_as, "%s", a->prompt.text);
    if (saves_expand(a->save_as, path, sizeof path, true) && lstat(path, &st) == 0) {
        const char *base = strrchr(path, '/');
        snprintf(a->question, sizeof a->question, "Replace the existing %s?",
                 base != NULL ? base + 1 : path);
        dialog_open(&a->dialog, a->question, REACT_OVERWRITE);
        a->overlay = OVERLAY_DIALOG;
        return;
    }
    save_as(a, a->save_as);
}

static void answer(struct app *a)
{
    if (a->asking == ASK_SAVE && a->playing)
        answer_save(a);
    else if (a->asking == ASK_LOAD && a->screen == SCREEN_MENU)
        load(a, a->prompt.text);
}

/* Turns a handler's reaction flags into screen work. */
static void react(struct app *a, unsigned r)
{
    if (r == REACT_NONE)
        return;
    a->dirty = true;
    if (r & REACT_CLOSE)
        a->overlay = OVERLAY_NONE;
    if (r & REACT_QUIT) {
        a->quit = true;
        return;
    }
    if (r & REACT_ASK_QUIT) {
        dialog_open(&a->dialog, "Quit the game in progress?", REACT_QUIT);
        a->overlay = OVERLAY_DIALOG;
    }
    if (r & REACT_ASK_RESIGN) {
        dialog_open(&a->dialog, "Resign this game?", REACT_RESIGN);
        a->overlay = OVERLAY_DIALOG;
    }
    if ((r & REACT_RESIGN) && a->playing)
        react(a, play_resign(&a->play));
    if (r & REACT_ASK_MENU) {
        dialog_open(&a->dialog, "Leave this game for a new one?", REACT_MENU);
        a->overlay = OVERLAY_DIALOG;
    }
    if (r & REACT_HELP) {
        help_init(&a->help);
        a->overlay = OVERLAY_HELP;
    }
    if (r & REACT_MENU) {
        struct game_config c = play_game(&a->play)->config;
        stop_game(a);
        refresh_resume(a);
        menu_open_form(&a->menu, &c);
        a->screen = SCREEN_MENU;
        a->overlay = OVERLAY_NONE;
    }
    if (r & REACT_START) {
        struct game_config c;
        menu_config(&a->menu, &c);
        if (!start_game(a, &c)) {
            a->quit = true;
            a->status = 1;
        } else {
            struct settings now = a->settings;
            settings_from_config(&now, &c);
            save_settings(a, &now);
        }
    }
    if (r & REACT_SAVE)
        ask_save(a);
    if (r & REACT_LOAD)
        ask_load(a);
    if (r & REACT_RESUME)
        resume(a);
    if (r & REACT_OPEN_KEPT)
        open_kept(a);
    if (r & REACT_DELETE_KEPT)
        delete_kept(a);
    if (r & REACT_ANSWER)
        answer(a);
    if ((r & REACT_OVERWRITE) && a->playing)
        save_as(a, a->save_as);
}

static unsigned dispatch(struct app *a, int key)
{
    if (key == KEY_RESIZE) {
        resize(a);
        return REACT_REDRAW;
    }
    if (too_small(a))
        return key == 'q' ? REACT_QUIT : REACT_NONE;
    switch (a->overlay) {
    case OVERLAY_HELP:
        return help_key(&a->help, key);
    case OVERLAY_DIALOG:
        return dialog_key(&a->dialog, key);
    case OVERLAY_PROMPT:
        return prompt_key(&a->prompt, key);
    case OVERLAY_RESUME:
        return resume_key(&a->resume, key);
    case OVERLAY_NONE:
        break;
    }
    return a->screen == SCREEN_MENU ? menu_key(&a->menu, key) : play_key(&a->play, key);
}

/* Reads the terminal's size after SIGWINCH and tells curses. */
static void apply_resize(struct app *a)
{
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
        resizeterm(ws.ws_row, ws.ws_col);
    resize(a);
}

/* How many wake-ups in a row may find the terminal readable yet yield no key
 * before it is taken for closed (read() returning 0 gives curses only ERR). */
#define MAX_EMPTY_READS 64

static void loop(struct app *a)
{
    int empty_reads = 0;
    while (!a->quit) {
        if (a->dirty)
            draw(a);
        int timeout = a->screen == SCREEN_PLAY ? play_timeout(&a->play) : -1;
        struct pollfd fds[2] = {
            { .fd = STDIN_FILENO, .events = POLLIN },
            { .fd = wake_pipe[0], .events = POLLIN },
        };
        int n = poll(fds, 2, timeout);
        if (n < 0 && errno != EINTR) {
            snprintf(a->error, sizeof a->error, "mnk: poll: %s", strerror(errno));
            a->status = 1;
            return;
        }
        if (n > 0 && (fds[1].revents & POLLIN))
            drain_pipe();
        if (got_quit_signal) {
            a->status = 128 + got_quit_signal;
            return;
        }
        if (got_resize) {
            got_resize = 0;
            apply_resize(a);
        }
        if (a->screen == SCREEN_PLAY)
            react(a, play_wake(&a->play));
        if (n == 0 && a->screen == SCREEN_PLAY)
            react(a, play_tick(&a->play));

        int keys = 0, key;
        while (!a->quit && (key = wgetch(a->input)) != ERR) {
            keys++;
            react(a, dispatch(a, key));
        }
        keep_game(a);
        test_crash(a);
        if (n > 0 && (fds[0].revents & (POLLHUP | POLLERR | POLLNVAL))) {
            a->status = 128 + SIGHUP;
            return;
        }
        empty_reads = n > 0 && (fds[0].revents & POLLIN) && keys == 0 ? empty_reads + 1 : 0;
        if (empty_reads > MAX_EMPTY_READS) {
            a->status = 128 + SIGHUP;
            return;
        }
    }
}

/* Keys are read from a 1×1 window that is never drawn in: wgetch() refreshes
 * the window it reads from when that has changed, and reading from stdscr
 * would refresh it behind draw()'s back (even on a 1-column screen, see
 * draw()). False when the window can't be made. */
static bool setup_curses(struct app *a)
{
    a->input = newwin(1, 1, 0, 0);
    if (a->input == NULL)
        return false;
    cbreak();
    noecho();
    nonl();
    keypad(a->input, TRUE);
    nodelay(a->input, TRUE);
    curs_set(0);
    set_escdelay(25);
    mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
    mouseinterval(0);
    draw_init();
    return true;
}

int app_run(const struct game_config *config, const struct game *record, const char *note)
{
    static struct app app; /* large (two games' worth); one per process */
    struct app *a = &app;
    memset(a, 0, sizeof *a);
    setlocale(LC_ALL, "");
    if (!open_pipe()) {
        fprintf(stderr, "mnk: pipe: %s\n", strerror(errno));
        return 1;
    }
    struct termios found;
    bool have_termios = tcgetattr(STDIN_FILENO, &found) == 0;
    const char *crash = getenv("MNK_TEST_CRASH_AFTER");
    crash_after = crash != NULL && crash[0] != '\0' ? atoi(crash) : -1;
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        const char *term = getenv("TERM");
        if (term == NULL || term[0] == '\0')
            fprintf(stderr, "mnk: TERM is not set: cannot drive the terminal\n");
        else
            fprintf(stderr, "mnk: unknown terminal type '%s' (TERM)\n", term);
        close(wake_pipe[0]);
        close(wake_pipe[1]);
        return 1;
    }
    /* A terminal that cannot move the cursor (TERM=dumb) would get the
     * screen as one long smear of text: refuse it like an unknown one. */
    const char *cup = tigetstr("cup");
    if (cup == NULL || cup == (const char *)-1) {
        endwin();
        delscreen(screen);
        fprintf(stderr, "mnk: terminal type '%s' cannot move the cursor (TERM)\n",
                getenv("TERM") != NULL ? getenv("TERM") : "");
        close(wake_pipe[0]);
        close(wake_pipe[1]);
        return 1;
    }
    struct sigaction old[N_HANDLED];
    catch_signals(old);
    catch_crashes(&found, have_termios);
    menu_init(&a->menu);
    load_settings(a);
    if (!setup_curses(a)) {
        snprintf(a->error, sizeof a->error, "mnk: out of memory for the screen");
        a->status = 1;
    } else {
        resize(a);
        if (record != NULL) {
            open_game(a, record, NULL, note);
            loop(a);
        } else if (config == NULL || start_game(a, config)) {
            if (config == NULL)
                refresh_resume(a);
            loop(a);
        } else {
            a->status = 1;
        }
    }

    stop_game(a);
    if (a->save_error[0] != '\0' && a->status == 0)
        a->status = 1;
    if (a->input != NULL)
        delwin(a->input);
    endwin();
    delscreen(screen);
    release_signals(old);
    release_crashes();
    close(wake_pipe[0]);
    close(wake_pipe[1]);
    wake_pipe[0] = wake_pipe[1] = -1;
    if (a->error[0] != '\0')
        fprintf(stderr, "%s\n", a->error);
    if (a->save_error[0] != '\0')
        fprintf(stderr, "%s\n", a->save_error);
    return a->status;
}
