/* app.c — terminal setup, the input loop, screens and overlays; see app.h.
 *
 * The loop sleeps in poll() on two descriptors: the terminal, and the wake
 * pipe (tui/term.h) written by the signal handlers and the computer's thread.
 * Nothing wakes it otherwise, except what the screen on view asks for (its
 * timeout: the pause a computer makes before answering another, a list's
 * new look at other windows' games): an idle game costs no CPU.
 *
 * Screens come from one table (screen.h): the app lays them out, draws
 * them, hands them keys and time through it. Reaction flags are turned
 * into work by one table too (`reactions`, below), in its order. What only
 * the game and its review need — the game kept for Resume, statistics,
 * settings — is here by name.
 *
 * Every way out of a game (q, n, a signal, a fatal error) goes through
 * leave_game(), which keeps an unfinished game for Resume (saves.h).
 */
#include "tui/app.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "play/annotate.h"
#include "util/i18n.h"
#include "storage/filelock.h"
#include "storage/record.h"
#include "storage/stats.h"
#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "tui/dialog.h"
#include "tui/draw.h"
#include "tui/editor.h"
#include "tui/help.h"
#include "tui/keeper.h"
#include "tui/load.h"
#include "tui/menu.h"
#include "tui/lobbyscreen.h"
#include "tui/netscreen.h"
#include "tui/mouse.h"
#include "tui/play.h"
#include "tui/prompt.h"
#include "tui/react.h"
#include "tui/resume.h"
#include "tui/review.h"
#include "tui/saves.h"
#include "tui/screen.h"
#include "tui/settings.h"
#include "tui/term.h"
#include "tui/text.h"

enum overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_DIALOG, OVERLAY_PROMPT };

#define CTRL_L 12

/* What the yes/no dialog on screen asks the player to confirm: done by
 * confirmed() when the answer is yes (the dialog returns REACT_CONFIRMED).
 * Commands are kept here, apart from the reaction flags, which only say
 * what the screen must do. */
enum confirm {
    CONFIRM_QUIT,       /* leave the program, the game in progress kept */
    CONFIRM_MENU,       /* leave the game for the new-game form */
    CONFIRM_RESIGN,     /* the player to move resigns */
    CONFIRM_DELETE,     /* delete the unfinished game picked in Resume */
    CONFIRM_CLEAR,      /* delete every unfinished game not open elsewhere */
    CONFIRM_OVERWRITE,  /* save over the file at save_path */
    CONFIRM_COPY,       /* play on a copy of the game at busy_path */
    CONFIRM_ANSWER,     /* the other person accepts the game screen's request;
                           no (REACT_DECLINED) declines it */
};

struct app {
    /* Each screen's state, sized by its entry in the table, and whether it
     * is open (made ready by open(), not yet closed); the one on view; the
     * one each was brought up from, where REACT_BACK returns. */
    void *self[SCREEN_COUNT];
    bool open[SCREEN_COUNT];
    enum screen_id from[SCREEN_COUNT];
    enum screen_id screen;
    enum overlay overlay;
    /* What draw() last put on the terminal: when either changes, the whole
     * terminal is painted again (see draw()). */
    enum screen_id drawn_screen;
    enum overlay drawn_overlay;
    bool repaint;           /* Ctrl-L: paint the whole terminal again */
    /* The screens the app asks for more than the table has: self[] typed. */
    struct menu *menu;
    struct play *play;      /* a started game while open[SCREEN_PLAY] */
    struct review *review;  /* a game looked back on, over `play` or alone */
    struct load *load;
    struct editor *editor;
    struct help help;
    struct dialog dialog;
    enum confirm asked;     /* what the dialog on screen asks */
    struct prompt prompt;
    struct keeper keeper;   /* the game in `play` kept, held and counted */
    char busy_path[SAVES_PATH_MAX]; /* a game open in another window, which
                                     * the player may take a copy of */
    char busy_why[200];     /* why busy_path's lock cannot be taken, or ""
                             * when another window holds it */
    char save_path[SAVES_PATH_MAX]; /* a save waiting for "replace?" */
    struct play_options options; /* the game screen's, kept from game to game */
    struct settings settings; /* as last loaded or saved */
    bool dirty;             /* the screen must be drawn again */
    WINDOW *input;          /* keys are read here, see setup_curses() */
    int status;             /* the exit status, once `quit` is set */
    bool quit;
    char error[200];        /* shown on stderr after the terminal is restored */
    char settings_error[SAVES_PATH_MAX + 200]; /* likewise: the settings last
                                                * written were not kept */
};

/* --- screens ------------------------------------------------------------ */

static const struct screen *on_view(const struct app *a)
{
    return screen_of(a->screen);
}

static bool playing(const struct app *a)
{
    return a->open[SCREEN_PLAY];
}

static bool too_small(const struct app *a)
{
    return COLS < on_view(a)->min_cols || LINES < on_view(a)->min_rows;
}

/* Every open screen learns the new size at once, whichever is on view. */
static void resize(struct app *a)
{
    for (int id = 0; id < SCREEN_COUNT; id++)
        if (a->open[id])
            screen_of((enum screen_id)id)->resize(a->self[id], LINES, COLS);
    a->dirty = true;
}

/* Brings up screen `id`, open already or opened now; returns what its
 * open() asks. */
static unsigned enter(struct app *a, enum screen_id id)
{
    const struct screen *s = screen_of(id);
    a->screen = id;
    a->overlay = OVERLAY_NONE;
    a->open[id] = true;
    s->resize(a->self[id], LINES, COLS);
    return s->open != NULL ? s->open(a->self[id]) : REACT_NONE;
}

/* Closes screen `id` for good, when it is open. */
static void leave(struct app *a, enum screen_id id)
{
    const struct screen *s = screen_of(id);
    if (a->open[id] && s->close != NULL)
        s->close(a->self[id]);
    a->open[id] = id == SCREEN_MENU;   /* the menu is always there */
}

static void draw(struct app *a)
{
    const struct screen *s = on_view(a);
    if (COLS < 2) {
        /* ncurses 6.4 reads outside its line buffers when it updates a
         * one-column screen (seen with valgrind): leave such a screen be. */
        a->dirty = false;
        return;
    }
    /* A box over wide characters (Chinese text, full-width stones) cuts
     * some in half, and the terminal blanks such a character whole, which
     * curses does not follow: once the box is gone, it would leave those
     * cells blank or the box's edge in them. Whatever leaves the screen, a
     * dialog or a whole screen, the next one is painted whole. */
    if (a->repaint || a->overlay != a->drawn_overlay || a->screen != a->drawn_screen)
        clearok(curscr, TRUE);
    a->repaint = false;
    a->drawn_overlay = a->overlay;
    a->drawn_screen = a->screen;
    if (too_small(a)) {
        draw_too_small(s->min_cols, s->min_rows);
    } else {
        s->draw(a->self[a->screen]);
        if (a->overlay == OVERLAY_HELP)
            help_draw(&a->help);
        else if (a->overlay == OVERLAY_DIALOG)
            dialog_draw(&a->dialog);
        else if (a->overlay == OVERLAY_PROMPT)
            prompt_draw(&a->prompt);
    }
    refresh();
    a->dirty = false;
}

/* The threads the computer thinks with: the machine's cores, at most
 * `cap` (0: no cap). */
static int app_threads(int cap)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int n = cores < 1 ? 1 : cores > AI_MAX_THREADS ? AI_MAX_THREADS : (int)cores;
    return cap > 0 && cap < n ? cap : n;
}

/* Loads the remembered settings into the form and the game screen's
 * options; a file not understood is said once, on the menu. */
static void load_settings(struct app *a)
{
    char path[SAVES_PATH_MAX], warn[SAVES_PATH_MAX + 80] = "";
    settings_default(&a->settings);
    if (saves_settings_path(path, sizeof path, NULL, 0))
        settings_load(path, &a->settings, warn, sizeof warn);
    menu_set_form(a->menu, &a->settings.game);
    a->options.marks = a->settings.marks;
    a->options.numbers = a->settings.numbers;
    a->options.bell = a->settings.bell;
    a->options.look = a->settings.look;
    a->options.threads = app_threads(a->settings.threads);
    a->options.ponder = a->settings.ponder;
    if (warn[0] != '\0')
        menu_say(a->menu, warn);
}

/* Writes the settings when they differ from what the file holds. Failing to
 * remember them costs the player nothing now: said on the menu, and on
 * stderr at the end (app_run), since at quit the menu is never seen. */
static void save_settings(struct app *a, const struct settings *now)
{
    if (memcmp(now, &a->settings, sizeof *now) == 0)
        return;
    a->settings = *now;
    char path[SAVES_PATH_MAX], err[SAVES_PATH_MAX + 80];
    a->settings_error[0] = '\0';
    /* No HOME is no place to keep them, and no news either: playing on
     * without one is a choice, said once the game itself cannot be kept. */
    bool placed = saves_settings_path(path, sizeof path, err, sizeof err);
    if (placed ? !settings_save(path, now, err, sizeof err) : getenv("HOME") != NULL) {
        snprintf(a->settings_error, sizeof a->settings_error, _("settings not kept: %s"), err);
        menu_say(a->menu, a->settings_error);
    }
}

/* Counts the game on screen in the statistics when it has just ended (a
 * line, a full board, a resignation, a forfeit), once per game: not when
 * it was over as opened, and not again when an undo reopens it and it
 * ends anew. A file that does not load, or cannot be written, is said on
 * the status line, or on the menu when the game is `leaving` the screen. */
static void count_ending(struct app *a, bool leaving)
{
    const struct game *g = play_game(a->play);
    char note[KEEPER_SAY_MAX];
    if (!keeper_count(&a->keeper, g, note, sizeof note))
        return;
    if (note[0] != '\0' && leaving) {
        menu_say(a->menu, note);
    } else if (note[0] != '\0') {
        /* The result stays in view, the note after it. */
        char line[sizeof note + 64];
        snprintf(line, sizeof line, "%s; %s", _(game_result_text(&g->result)), note);
        play_warn(a->play, line);
    }
    a->dirty = true;
}

static void stop_game(struct app *a)
{
    keeper_stop(&a->keeper);
    if (playing(a)) {
        count_ending(a, true);   /* an end not yet seen by sync_autosave() */
        a->options = play_get_options(a->play);
        leave(a, SCREEN_PLAY);
        struct settings now = a->settings;
        now.marks = a->options.marks;
        now.numbers = a->options.numbers;
        now.bell = a->options.bell;
        now.look = a->options.look;
        save_settings(a, &now);
    }
}

/* Opens the yes/no dialog asking `question`; yes does `what`. */
static void ask(struct app *a, const char *question, enum confirm what)
{
    dialog_open(&a->dialog, question, REACT_CONFIRMED);
    a->asked = what;
    a->overlay = OVERLAY_DIALOG;
}
static void close_review(struct app *a)
{
    leave(a, SCREEN_REVIEW);
}

/* The game screen on view; the computer may have the first move. */
static unsigned show_game(struct app *a)
{
    return enter(a, SCREEN_PLAY);
}

/* Keeps the game on screen in its autosave whenever it changed, and
 * counts its end (tui/keeper.h): called after every turn of the main loop.
 * A failure is said on the game's status line at once, and makes the exit
 * status 1 unless a later attempt succeeds. */
static void sync_autosave(struct app *a)
{
    if (!playing(a))
        return;
    count_ending(a, false);
    char line[sizeof a->keeper.error + SAVES_PATH_MAX];
    if (keeper_keep(&a->keeper, play_game(a->play), line, sizeof line)) {
        play_warn(a->play, line);
        a->dirty = true;
    }
}

static bool start_game(struct app *a, const struct game_config *c,
                       const struct game_setup *from)
{
    close_review(a);
    stop_game(a);
    const char *refused = play_init(a->play, c, from, term_wake_writer(), &a->options);
    if (refused != NULL) {
        snprintf(a->error, sizeof a->error, "mnk: %s", refused);
        return false;
    }
    keeper_start(&a->keeper, play_game(a->play));
    show_game(a);
    return true;
}

/* Opens the review of game g, with the analysis `an` (may be NULL): over
 * the game on screen (`over_play`), or alone (a record opened, Esc goes to
 * the menu). */
static void open_review(struct app *a, const struct game *g, const struct analysis *an,
                        bool over_play)
{
    close_review(a);
    if (over_play)
        play_hold(a->play);
    review_open(a->review, g, an, term_wake_writer(), over_play);
    a->from[SCREEN_REVIEW] = over_play ? SCREEN_PLAY : SCREEN_MENU;
    enter(a, SCREEN_REVIEW);
    review_show_numbers(a->review, playing(a) ? play_get_options(a->play).numbers
                                              : a->options.numbers);
}

/* Opens a game read from a file, saying `note`: from its autosave `kept`
 * (which it goes on using, with its `lock` taken over, if one was taken), or
 * from a record (kept NULL: a new autosave, written at its first change). */
static void open_game(struct app *a, const struct game *g, const char *kept,
                      struct filelock *lock, const char *note)
{
    close_review(a);
    stop_game(a);
    play_open(a->play, g, term_wake_writer(), &a->options);
    keeper_open(&a->keeper, play_game(a->play), kept, lock);
    play_note(a->play, note);
    show_game(a);
}

/* Leaves the game on screen; it is already kept (sync_autosave). A failure
 * to keep it was said while playing, and is said again on stderr once the
 * program has left the screen. */
static void leave_game(struct app *a, bool quitting)
{
    sync_autosave(a);
    if (a->keeper.failed && !quitting)
        menu_say(a->menu, a->keeper.error);
    stop_game(a);
}

/* Computers of a game read from a file play afresh: records keep no seed. */
static void reseed(struct game *g)
{
    uint64_t seed = (uint64_t)clock_us();
    for (int i = 0; i < 2; i++)
        g->config.player[i].seed = seed + (uint64_t)i;
}

/* Resumes the unfinished game kept at `path`; false with the reason. A
 * game this window cannot hold is not touched — another window has it
 * open, or its lock cannot be taken at all (a lock file that is a
 * directory or a FIFO, another user's, a read-only directory), so that
 * nothing would keep a second window out: the player is asked whether to
 * play on a copy of it instead (open_copy), and that is no failure. */
static bool resume_path(struct app *a, const char *path, char *err, size_t size)
{
    static struct game g;
    char kept[SAVES_PATH_MAX];
    struct filelock lock;
    filelock_init(&lock);
    enum filelock_result taken = filelock_take(&lock, path, err, size);
    if (taken != FILELOCK_TAKEN) {
        snprintf(a->busy_path, sizeof a->busy_path, "%s", path);
        a->busy_why[0] = '\0';
        if (taken == FILELOCK_ERROR) {
            /* "PATH.lock: REASON": the reason is what the player can act on. */
            const char *colon = strrchr(err, ':');
            snprintf(a->busy_why, sizeof a->busy_why, "%s",
                     colon != NULL && colon[1] == ' ' ? colon + 2 : err);
        }
        ask(a, taken == FILELOCK_BUSY
                   ? _("This game is open in another window. Play on a copy of it here?")
                   : _("This game's lock file cannot be used. Play on a copy of it here?"),
            CONFIRM_COPY);
        return true;
    }
    /* Read aside: a network game's record never becomes the keeper's. */
    static struct record_extra extra;
    if (!saves_load(path, &g, &extra, err, size)) {
        filelock_release(&lock);
        return false;
    }
    /* A network game goes on over the network, on its own screen. */
    if (netscreen_is_kept(&extra)) {
        netscreen_set_name(a->self[SCREEN_NET], a->settings.name);
        if (!netscreen_resume(a->self[SCREEN_NET], &g, &extra, path, &lock, err, size))
            return false;
        a->menu->page = MENU_MAIN;
        a->from[SCREEN_NET] = SCREEN_MENU;
        enter(a, SCREEN_NET);
        a->dirty = true;
        return true;
    }
    a->keeper.extra = extra;
    reseed(&g);
    snprintf(kept, sizeof kept, "%s", path);
    a->menu->page = MENU_MAIN;
    char note[sizeof a->keeper.extra.warning + 80];
    if (a->keeper.extra.warning[0] != '\0')
        snprintf(note, sizeof note, _("resumed where you left off; %s"), a->keeper.extra.warning);
    else
        snprintf(note, sizeof note, "%s", _("resumed where you left off"));
    open_game(a, &g, kept, &lock, note);
    return true;
}

/* Opens a copy of the game another window has open, as a game of this
 * window's own (its own autosave, from its first move on): each window's
 * moves are kept, in two files. */
static void open_copy(struct app *a)
{
    static struct game g;
    static struct record_extra extra;
    char err[SAVES_PATH_MAX + 200];
    bool loaded = saves_load(a->busy_path, &g, &extra, err, sizeof err);
    /* A network game has one place it goes on: where it is open. A copy
     * would be a second session with the same code. */
    if (loaded && netscreen_is_kept(&extra)) {
        loaded = false;
        snprintf(err, sizeof err, "%s", _("this network game is on in another window"));
    }
    if (!loaded) {
        if (a->screen == SCREEN_LOAD)
            load_say(a->load, err);
        else
            menu_say(a->menu, err);
        return;
    }
    a->keeper.extra = extra;
    reseed(&g);
    a->menu->page = MENU_MAIN;
    char note[sizeof a->busy_why + 200];
    if (a->busy_why[0] == '\0')
        snprintf(note, sizeof note, "%s",
                 _("a copy of the game open in another window: its moves here are kept apart"));
    else
        snprintf(note, sizeof note,
                 _("playing a copy: the game's lock file cannot be used (%s)"),
                 a->busy_why);
    open_game(a, &g, NULL, NULL, note);
}

static unsigned resume(struct app *a, unsigned r)
{
    (void)r;
    char err[SAVES_PATH_MAX + 200];
    int pick = a->menu->pick;
    if (pick < 0 || pick >= a->menu->n_kept) {
        menu_say(a->menu, _("there is no game to resume"));
        return REACT_NONE;
    }
    if (!resume_path(a, a->menu->kept[pick].path, err, sizeof err)) {
        resume_refresh(a->menu);
        menu_say(a->menu, err);
    }
    return REACT_NONE;
}

/* The save prompt offers a dated name in the games directory; a name typed
 * without a directory is relative to where mnk was started. */
static unsigned ask_save(struct app *a, unsigned r)
{
    (void)r;
    char dir[SAVES_PATH_MAX], name[64], offer[SAVES_PATH_MAX + 64];
    saves_default_name(name, sizeof name, time(NULL));
    if (saves_data_dir(dir, sizeof dir))
        snprintf(offer, sizeof offer, "%s/%s", dir, name);
    else
        snprintf(offer, sizeof offer, "%s", name);
    prompt_open(&a->prompt, _("Save the game as:"), _("Enter saves (.sgf or .psq), Esc cancels"),
                offer, REACT_ANSWER);
    a->overlay = OVERLAY_PROMPT;
    return REACT_NONE;
}

/* A record opened: a finished game, or one with an analysis `an` (may be
 * NULL), in review with it; an unfinished one to play on. */
static void open_record(struct app *a, const struct game *g, const struct analysis *an,
                        const char *note)
{
    bool analysed = an != NULL && an->moves > 0;
    if (!game_over(g) && !analysed) {
        open_game(a, g, NULL, NULL, note);
        return;
    }
    stop_game(a);
    open_review(a, g, an, false);
}

/* Opens the record at `typed` (a path as typed); false with the reason,
 * naming the file, in err. */
static bool load(struct app *a, const char *typed, char *err, size_t size)
{
    static struct game g;
    static struct analysis an;
    char path[SAVES_PATH_MAX], why[SAVES_PATH_MAX + 100], note[SAVES_PATH_MAX + 360];
    if (!saves_expand(typed, path, sizeof path, false)) {
        snprintf(err, size, "%s", _("the file name is too long"));
        return false;
    }
    if (!annotate_load(path, &g, &a->keeper.extra, &an, why, sizeof why)) {
        /* Reasons about the content don't name the file; say which it was. */
        if (strncmp(why, path, strlen(path)) == 0)
            snprintf(err, size, "%s", why);
        else
            snprintf(err, size, "%s: %s", typed, why);
        return false;
    }
    reseed(&g);
    if (a->keeper.extra.warning[0] != '\0')
        snprintf(note, sizeof note, _("opened %s; %s"), path, a->keeper.extra.warning);
    else
        snprintf(note, sizeof note, _("opened %s"), path);
    open_record(a, &g, &an, note);
    return true;
}

/* Saves what the screen on view shows (the game reviewed, with its
 * analysis, or the one played) to `path`. */
static unsigned save_to(struct app *a, const char *path, bool make_dirs)
{
    const struct screen *s = on_view(a);
    if (s->save == NULL)
        return REACT_NONE;
    return s->save(a->self[a->screen], path, &a->keeper.extra, make_dirs);
}

/* Saves where the prompt says, asking first when that would replace a
 * file; the default games directory is made as needed. */
static unsigned answer_save(struct app *a, const char *typed)
{
    char path[SAVES_PATH_MAX], dir[SAVES_PATH_MAX];
    if (!saves_expand(typed, path, sizeof path, true))
        return save_to(a, typed, false);
    if (access(path, F_OK) == 0) {
        snprintf(a->save_path, sizeof a->save_path, "%s", path);
        char question[160], name[101];
        const char *base = strrchr(path, '/');
        /* Cut at a whole character (and escaped), not by %.100s's bytes. */
        text_escape(name, sizeof name, base != NULL ? base + 1 : path);
        snprintf(question, sizeof question, _("Replace %.100s?"), name);
        ask(a, question, CONFIRM_OVERWRITE);
        return REACT_NONE;
    }
    bool in_games = saves_data_dir(dir, sizeof dir) && strncmp(path, dir, strlen(dir)) == 0 &&
                    path[strlen(dir)] == '/';
    return save_to(a, path, in_games);
}

/* The prompt was answered: a save's file name. */
static unsigned answer(struct app *a, unsigned r)
{
    (void)r;
    return on_view(a)->save != NULL ? answer_save(a, a->prompt.text) : REACT_NONE;
}

/* The player said yes to what the dialog asked; returns what that asks of
 * the screen in turn. */
static unsigned confirmed(struct app *a, unsigned r)
{
    (void)r;
    switch (a->asked) {
    case CONFIRM_QUIT:
        return REACT_QUIT;
    case CONFIRM_MENU:
        return REACT_MENU;
    case CONFIRM_RESIGN:
        return playing(a) ? play_resign(a->play) : REACT_NONE;
    case CONFIRM_DELETE:
        resume_delete(a->menu);
        return REACT_REDRAW;
    case CONFIRM_CLEAR:
        resume_clear(a->menu);
        return REACT_REDRAW;
    case CONFIRM_OVERWRITE:
        return save_to(a, a->save_path, false);
    case CONFIRM_COPY:
        open_copy(a);
        return REACT_REDRAW;
    case CONFIRM_ANSWER:
        return playing(a) ? play_answer(a->play, true) : REACT_NONE;
    }
    return REACT_NONE;
}

/* Enter on the Load screen: an unfinished game resumes, a record opens; a
 * failure is said there. */
static unsigned open_chosen(struct app *a, unsigned r)
{
    (void)r;
    char path[SAVES_PATH_MAX], err[2 * SAVES_PATH_MAX + 200];
    bool unfinished;
    if (!load_choice(a->load, path, sizeof path, &unfinished))
        return REACT_NONE;
    bool opened = unfinished ? resume_path(a, path, err, sizeof err)
                             : load(a, path, err, sizeof err);
    if (!opened)
        load_say(a->load, err);
    return REACT_NONE;
}

/* --- reactions ----------------------------------------------------------- */

/* The questions a flag asks, and what yes does: `unkept` instead of `text`
 * when the game on screen could not be kept, since leaving then loses it. */
static const struct question {
    unsigned flag;
    enum confirm what;
    const char *text, *unkept;
} questions[] = {
    /* Leaving keeps the game: the questions say so, and where it will be. */
    { REACT_ASK_QUIT, CONFIRM_QUIT, N_("Quit? The game is kept for Resume."),
      N_("Quit? The game could not be kept.") },
    { REACT_ASK_RESIGN, CONFIRM_RESIGN, N_("Resign this game?"), NULL },
    { REACT_ASK_DELETE, CONFIRM_DELETE, N_("Delete this unfinished game?"), NULL },
    { REACT_ASK_MENU, CONFIRM_MENU, N_("New game? This one is kept for Resume."),
      N_("New game? This one could not be kept.") },
};

static unsigned react_ask(struct app *a, unsigned r)
{
    for (size_t i = 0; i < sizeof questions / sizeof questions[0]; i++) {
        const struct question *q = &questions[i];
        if (r & q->flag)
            ask(a, _(q->unkept != NULL && a->keeper.failed ? q->unkept : q->text), q->what);
    }
    return REACT_NONE;
}

/* No to the other person's question about the game screen's request (a
 * draw offered): an answer too. */
static unsigned react_declined(struct app *a, unsigned r)
{
    (void)r;
    if (a->asked != CONFIRM_ANSWER || !playing(a))
        return REACT_NONE;
    return play_answer(a->play, false);
}

/* The request on the game screen (a draw offered) goes to the other person
 * at the keyboard, who answers yes or no. */
static unsigned react_ask_other(struct app *a, unsigned r)
{
    (void)r;
    if (!playing(a))
        return REACT_NONE;
    ask(a, play_question(a->play), CONFIRM_ANSWER);
    dialog_on_no(&a->dialog, REACT_DECLINED);
    return REACT_NONE;
}

static unsigned react_ask_clear(struct app *a, unsigned r)
{
    (void)r;
    char question[160];
    snprintf(question, sizeof question,
             ngettext("Delete the %d unfinished game?", "Delete all %d unfinished games?",
                      (unsigned long)a->menu->n_kept),
             a->menu->n_kept);
    ask(a, question, CONFIRM_CLEAR);
    return REACT_NONE;
}

static unsigned react_close(struct app *a, unsigned r)
{
    (void)r;
    a->overlay = OVERLAY_NONE;
    return REACT_NONE;
}

static unsigned react_quit(struct app *a, unsigned r)
{
    (void)r;
    a->quit = true;
    return REACT_NONE;
}

static unsigned react_help(struct app *a, unsigned r)
{
    (void)r;
    help_init(&a->help);
    a->overlay = OVERLAY_HELP;
    return REACT_NONE;
}

/* The new-game form, filled in from the game left. */
static unsigned react_menu(struct app *a, unsigned r)
{
    (void)r;
    struct game_config c = play_game(a->play)->config;
    /* The form names the players as they sat before the opening's
     * choices moved them. */
    if (play_game(a->play)->swapped) {
        struct player black = c.player[0];
        c.player[0] = c.player[1];
        c.player[1] = black;
    }
    leave_game(a, false);
    unsigned next = enter(a, SCREEN_MENU);
    menu_open_form(a->menu, &c);
    return next;
}

static unsigned react_start(struct app *a, unsigned r)
{
    (void)r;
    struct game_config c;
    menu_config(a->menu, &c);
    /* A position that cannot be played from is said on the form. */
    if (menu_position(a->menu) != NULL) {
        editor_begin(a->editor, &c, menu_position(a->menu));
        const char *problem = editor_problem(a->editor);
        if (problem != NULL) {
            menu_say(a->menu, _(problem));
            return REACT_NONE;
        }
    }
    if (!start_game(a, &c, menu_position(a->menu))) {
        a->quit = true;
        a->status = 1;
    } else {
        struct settings now = a->settings;
        settings_from_config(&now, &c);
        save_settings(a, &now);
    }
    return REACT_NONE;
}

static unsigned react_review(struct app *a, unsigned r)
{
    if (!playing(a) || a->screen != SCREEN_PLAY)
        return REACT_NONE;
    open_review(a, play_game(a->play), NULL, true);
    return (r & REACT_ANALYSE) ? review_analyse(a->review) : REACT_NONE;
}

/* The lobby's server and name, kept in the settings once a lobby took
 * them. */
static void remember_lobby(struct app *a)
{
    const char *address, *name;
    if (!lobbyscreen_reached(a->self[SCREEN_LOBBY], &address, &name) ||
        strlen(address) >= sizeof a->settings.server || strpbrk(address, " \t") != NULL)
        return;
    struct settings now = a->settings;
    snprintf(now.server, sizeof now.server, "%s", address);
    snprintf(now.name, sizeof now.name, "%s", name);
    save_settings(a, &now);
}

/* Back to the screen this one was brought up from: the game a review was
 * opened over, while it is the same game and still open; else the menu. */
static unsigned react_back(struct app *a, unsigned r)
{
    (void)r;
    enum screen_id id = a->screen, to = a->from[id];
    if (id == SCREEN_LOBBY)
        remember_lobby(a);
    if (id == SCREEN_REVIEW && !review_from_play(a->review))
        to = SCREEN_MENU;
    if (id == SCREEN_MENU)
        return REACT_NONE;
    leave(a, id);
    if (!a->open[to])
        to = SCREEN_MENU;
    if (to == SCREEN_MENU && id == SCREEN_REVIEW)
        a->menu->page = MENU_MAIN;
    return enter(a, to);
}

/* Plays on from the position reviewed: a new game, with an end of its own. */
/* The board editor, on the form's board with the form's position. */
static unsigned react_edit(struct app *a, unsigned r)
{
    (void)r;
    struct game_config c;
    menu_config(a->menu, &c);
    editor_begin(a->editor, &c, menu_position(a->menu));
    a->from[SCREEN_EDITOR] = a->screen;
    return enter(a, SCREEN_EDITOR);
}

/* The position set up goes to the form, which starts the game from it. */
static unsigned react_set_up(struct app *a, unsigned r)
{
    (void)r;
    if (a->open[SCREEN_EDITOR])
        menu_set_position(a->menu, editor_setup(a->editor));
    return REACT_NONE;
}

static unsigned react_continue(struct app *a, unsigned r)
{
    (void)r;
    static struct game g;
    if (!a->open[SCREEN_REVIEW])
        return REACT_NONE;
    review_continuation(a->review, &g, (uint64_t)clock_us());
    char note[80];
    snprintf(note, sizeof note,
             ngettext("playing on after %d move", "playing on after %d moves",
                      (unsigned long)g.ply),
             g.ply);
    keeper_new_branch(&a->keeper);
    open_game(a, &g, NULL, NULL, note);
    return REACT_NONE;
}

/* A setting changed on a screen (the menu's language): remembered, and the
 * menu's own words about the kept games said again in it. */
static unsigned react_settings(struct app *a, unsigned r)
{
    (void)r;
    struct settings now = a->settings;
    snprintf(now.lang, sizeof now.lang, "%s", a->menu->lang);
    save_settings(a, &now);
    resume_refresh(a->menu);
    return REACT_NONE;
}

static unsigned react_go(struct app *a, unsigned r)
{
    int id = REACT_GO_TARGET(r);
    if (id < 0 || id >= SCREEN_COUNT)
        return REACT_NONE;
    /* A seat taken in a server's lobby is played on the Network game
     * screen, which the lobby was opened from: it goes back where it did. */
    if (id == SCREEN_NET && a->screen == SCREEN_LOBBY) {
        const char *address;
        int game;
        remember_lobby(a);
        struct netgame *ng = lobbyscreen_take_seat(a->self[SCREEN_LOBBY], &address, &game);
        if (ng == NULL)
            return REACT_NONE;
        netscreen_adopt(a->self[SCREEN_NET], ng, address, game);
        return enter(a, SCREEN_NET);
    }
    a->from[id] = a->screen;
    /* A hosted network game, or one opened on a server, offers what the
     * new-game form last chose. */
    if (id == SCREEN_NET) {
        netscreen_set_form(a->self[SCREEN_NET], &a->settings.game);
        netscreen_set_name(a->self[SCREEN_NET], a->settings.name);
    }
    if (id == SCREEN_LOBBY) {
        lobbyscreen_set_form(a->self[SCREEN_LOBBY], &a->settings.game);
        lobbyscreen_remember(a->self[SCREEN_LOBBY], a->settings.server, a->settings.name);
    }
    return enter(a, (enum screen_id)id);
}

/* Each flag's work, in the order it is done when one set holds several
 * (an overlay closes before the next opens; a question is asked after the
 * answer to the last is acted on). Each returns the flags its own work
 * produced (a resignation's, a save's, an analysis started). */
static const struct reaction {
    unsigned flags;
    unsigned (*run)(struct app *a, unsigned r);
} reactions[] = {
    { REACT_CLOSE, react_close },
    { REACT_QUIT, react_quit },
    { REACT_CONFIRMED, confirmed },
    { REACT_DECLINED, react_declined },
    { REACT_ASK_QUIT | REACT_ASK_RESIGN | REACT_ASK_DELETE | REACT_ASK_MENU, react_ask },
    { REACT_ASK_OTHER, react_ask_other },
    { REACT_ASK_CLEAR, react_ask_clear },
    { REACT_HELP, react_help },
    { REACT_MENU, react_menu },
    { REACT_START, react_start },
    { REACT_REVIEW | REACT_ANALYSE, react_review },
    { REACT_EDIT, react_edit },
    { REACT_SET_UP, react_set_up },
    { REACT_BACK, react_back },
    { REACT_CONTINUE, react_continue },
    { REACT_SETTINGS, react_settings },
    { REACT_ASK_FILE, ask_save },
    { REACT_GO_FLAG, react_go },
    { REACT_OPEN, open_chosen },
    { REACT_RESUME, resume },
    { REACT_ANSWER, answer },
};

/* Turns a handler's reaction flags into screen work, and then the flags
 * that work produced, until none is left: one place, no recursion. */
static void react(struct app *a, unsigned r)
{
    while (r != REACT_NONE && !a->quit) {
        unsigned next = REACT_NONE;
        a->dirty = true;
        for (size_t i = 0; i < sizeof reactions / sizeof reactions[0] && !a->quit; i++)
            if (r & reactions[i].flags)
                next |= reactions[i].run(a, r);
        r = next;
    }
}

static unsigned dispatch(struct app *a, int key)
{
    if (key == KEY_RESIZE) {
        resize(a);
        return REACT_REDRAW;
    }
    if (key == CTRL_L) {   /* the terminal was scribbled on: paint it again */
        a->repaint = true;
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
    case OVERLAY_NONE:
        break;
    }
    return on_view(a)->key(a->self[a->screen], key);
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
        enum screen_id id = a->screen;
        const struct screen *s = screen_of(id);
        void *self = a->self[id];
        /* A list on view learns which games other windows opened or left
         * since it was read: a window started before another opened a
         * game must not offer it as free. */
        if (s->relook != NULL && s->relook(self))
            a->dirty = true;
        if (a->dirty)
            draw(a);
        int timeout = s->wait_ms != NULL ? s->wait_ms(self) : -1;
        struct pollfd fds[2 + SCREEN_FDS_MAX] = {
            { .fd = STDIN_FILENO, .events = POLLIN },
            { .fd = term_wake_fd(), .events = POLLIN },
        };
        int own = s->pollfds != NULL ? s->pollfds(self, fds + 2) : 0;
        int n = poll(fds, (nfds_t)(2 + own), timeout);
        bool own_ready = false;
        for (int i = 0; n > 0 && i < own; i++)
            own_ready = own_ready || fds[2 + i].revents != 0;
        if (n < 0 && errno != EINTR) {
            snprintf(a->error, sizeof a->error, "mnk: poll: %s", strerror(errno));
            a->status = 1;
            return;
        }
        if (n > 0 && (fds[1].revents & POLLIN))
            term_drain_wake();
        if (term_quit_signal() != 0) {
            a->status = 128 + term_quit_signal();
            return;
        }
        if (term_take_resize()) {
            apply_resize(a);
        }
        if (s->wake != NULL)
            react(a, s->wake(self));
        /* The screen on view may have changed: time goes to the one that
         * asked for it, if it is still there. */
        if ((n == 0 || own_ready) && a->screen == id && s->tick != NULL)
            react(a, s->tick(self));

        int keys = 0, key;
        while (!a->quit && (key = wgetch(a->input)) != ERR) {
            keys++;
            react(a, dispatch(a, key));
        }
        sync_autosave(a);
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

/* Makes each screen's state, zeroed, and each ready (its init); the menu
 * is open from the start. False when memory runs out. */
static bool make_screens(struct app *a)
{
    for (int id = 0; id < SCREEN_COUNT; id++) {
        const struct screen *s = screen_of((enum screen_id)id);
        a->self[id] = calloc(1, s->size);
        if (a->self[id] == NULL)
            return false;
        if (s->init != NULL)
            s->init(a->self[id]);
    }
    a->menu = a->self[SCREEN_MENU];
    a->play = a->self[SCREEN_PLAY];
    a->review = a->self[SCREEN_REVIEW];
    a->load = a->self[SCREEN_LOAD];
    a->editor = a->self[SCREEN_EDITOR];
    a->screen = SCREEN_MENU;
    a->open[SCREEN_MENU] = true;
    return true;
}

/* Closes every screen still open and frees their states. */
static void free_screens(struct app *a)
{
    for (int id = 0; id < SCREEN_COUNT; id++) {
        if (a->self[id] != NULL)
            leave(a, (enum screen_id)id);
        free(a->self[id]);
        a->self[id] = NULL;
    }
}

/* Keys are read from a 1×1 window that is never drawn in: wgetch() refreshes
 * the window it reads from when that has changed, and reading from stdscr
 * would refresh it behind draw()'s back (even on a 1-column screen, see
 * draw()). A new window counts as changed all over, so it is marked
 * unchanged at once: else the first wgetch() painted its blank over the
 * title bar, to stay there when that input (a click on nothing, say) drew
 * nothing. False when the window can't be made. */
static bool setup_curses(struct app *a)
{
    a->input = newwin(1, 1, 0, 0);
    if (a->input == NULL)
        return false;
    untouchwin(a->input);
    cbreak();
    noecho();
    nonl();
    keypad(a->input, TRUE);
    nodelay(a->input, TRUE);
    curs_set(0);
    set_escdelay(25);
    mouse_start();
    draw_init(a->options.look);
    return true;
}

/* The terminal driven by curses, or NULL with the reason said on stderr:
 * TERM unset, unknown, or a terminal that cannot move the cursor. */
static SCREEN *open_terminal(void)
{
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        const char *term = getenv("TERM");
        if (term == NULL || term[0] == '\0')
            fprintf(stderr, "%s\n", _("mnk: TERM is not set: cannot drive the terminal"));
        else
            fprintf(stderr, _("mnk: unknown terminal type '%s' (TERM)\n"), term);
        return NULL;
    }
    /* A terminal that cannot move the cursor (TERM=dumb) would get the
     * screen as one long smear of text: refuse it like an unknown one. */
    const char *cup = tigetstr("cup");
    if (cup == NULL || cup == (const char *)-1) {
        endwin();
        delscreen(screen);
        fprintf(stderr, _("mnk: terminal type '%s' cannot move the cursor (TERM)\n"),
                getenv("TERM") != NULL ? getenv("TERM") : "");
        return NULL;
    }
    return screen;
}

int app_run(const struct game_config *config, const struct game *record,
            const struct record_extra *extra, const struct analysis *analysis, const char *note,
            const char *lang)
{
    static struct app app; /* one per process */
    struct app *a = &app;
    memset(a, 0, sizeof *a);
    if (!make_screens(a)) {
        fprintf(stderr, "%s\n", _("mnk: out of memory for the screen"));
        return 1;
    }
    keeper_init(&a->keeper);
    if (!term_open_wake()) {
        fprintf(stderr, "mnk: pipe: %s\n", strerror(errno));
        free_screens(a);
        return 1;
    }
    /* The settings first: the language they remember is spoken from the
     * first message on, unless the command line chose one. */
    load_settings(a);
    if (lang == NULL && a->settings.lang[0] != '\0')
        i18n_use(a->settings.lang);
    if (lang != NULL)
        menu_set_lang(a->menu, lang, true);
    else
        menu_set_lang(a->menu, a->settings.lang, false);
    term_save_modes();
    SCREEN *screen = open_terminal();
    if (screen == NULL) {
        term_close_wake();
        free_screens(a);
        return 1;
    }
    struct term_signals old;
    term_catch(&old);
    term_arm_crash();
    if (!setup_curses(a)) {
        snprintf(a->error, sizeof a->error, "%s", _("mnk: out of memory for the screen"));
        a->status = 1;
    } else {
        resize(a);
        if (record != NULL) {
            if (extra != NULL)
                a->keeper.extra = *extra;
            open_record(a, record, analysis, note);
            loop(a);
        } else if (config == NULL || start_game(a, config, NULL)) {
            if (config == NULL)
                enter(a, SCREEN_MENU);
            loop(a);
        } else {
            a->status = 1;
        }
    }

    close_review(a);
    leave_game(a, true);
    free_screens(a);
    if (a->input != NULL)
        delwin(a->input);
    endwin();
    delscreen(screen);
    term_disarm_crash();
    term_release(&old);
    term_close_wake();
    if (a->error[0] != '\0')
        fprintf(stderr, "%s\n", a->error);
    /* Said, but the exit status stays what the game made it: a setting not
     * remembered is a choice to make again, not a game lost (that is
     * a game not kept: status 1, below). */
    if (a->settings_error[0] != '\0')
        fprintf(stderr, "mnk: %s\n", a->settings_error);
    if (a->keeper.failed) {
        fprintf(stderr, "mnk: %s\n", a->keeper.error);
        if (a->status == 0)
            a->status = 1;
    }
    return a->status;
}
