/* app.c — terminal setup, the input loop, screens and overlays; see app.h.
 *
 * The loop sleeps in poll() on two descriptors: the terminal, and the wake
 * pipe (tui/term.h) written by the signal handlers and the computer's thread.
 * Nothing wakes it otherwise, except the pause a computer makes before
 * answering another: an idle game costs no CPU.
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
#include "storage/filelock.h"
#include "util/i18n.h"
#include "storage/record.h"
#include "storage/stats.h"
#include "mnk/clock.h"
#include "mnk/i18n.h"
#include "tui/columns.h"
#include "tui/dialog.h"
#include "tui/draw.h"
#include "tui/help.h"
#include "tui/keeper.h"
#include "tui/layout.h"
#include "tui/load.h"
#include "tui/menu.h"
#include "tui/mouse.h"
#include "tui/place.h"
#include "tui/play.h"
#include "tui/prompt.h"
#include "tui/react.h"
#include "tui/resume.h"
#include "tui/review.h"
#include "tui/saves.h"
#include "tui/settings.h"
#include "tui/statsview.h"
#include "tui/term.h"
#include "tui/text.h"

enum app_screen { SCREEN_MENU, SCREEN_PLAY, SCREEN_REVIEW, SCREEN_LOAD, SCREEN_STATS };
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
    enum app_screen screen;
    enum overlay overlay;
    /* What draw() last put on the terminal: when either changes, the whole
     * terminal is painted again (see draw()). */
    enum app_screen drawn_screen;
    enum overlay drawn_overlay;
    bool repaint;           /* Ctrl-L: paint the whole terminal again */
    struct menu menu;
    struct play play;
    bool playing;           /* `play` holds a started game */
    struct review review;   /* a game looked back on, over `play` or alone */
    bool reviewing;         /* `review` is open */
    struct load load;       /* the Load screen's lists */
    struct help help;
    struct dialog dialog;
    enum confirm asked;     /* what the dialog on screen asks */
    struct prompt prompt;
    struct keeper keeper;   /* the game in `play` kept, held and counted */
    char busy_path[SAVES_PATH_MAX]; /* a game open in another window, which
                                     * the player may take a copy of */
    char busy_why[200];     /* why busy_path's lock cannot be taken, or ""
                             * when another window holds it */
    struct statsview stats;
    struct saves_entry games[MENU_GAMES_MAX]; /* the list Resume shows */
    int n_games;
    int more_games;         /* older ones left out of it */
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

static void min_size(const struct app *a, int *cols, int *rows)
{
    bool menu = a->screen == SCREEN_MENU || a->screen == SCREEN_LOAD ||
                a->screen == SCREEN_STATS;
    *cols = menu ? MENU_MIN_COLS : LAYOUT_MIN_COLS;
    *rows = menu ? MENU_MIN_ROWS : LAYOUT_MIN_ROWS;
}

static bool too_small(const struct app *a)
{
    int cols, rows;
    min_size(a, &cols, &rows);
    return COLS < cols || LINES < rows;
}

/* Every screen learns the new size at once, whichever is showing. */
static void lay_out_games(struct app *a);

static void resize(struct app *a)
{
    menu_resize(&a->menu, LINES, COLS);
    lay_out_games(a);
    load_resize(&a->load, LINES, COLS);
    statsview_resize(&a->stats, LINES, COLS);
    if (a->playing)
        play_resize(&a->play, LINES, COLS);
    if (a->reviewing)
        review_resize(&a->review, LINES, COLS);
    a->dirty = true;
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
        draw_too_small(cols, rows);
    } else {
        if (a->screen == SCREEN_MENU)
            menu_draw(&a->menu);
        else if (a->screen == SCREEN_LOAD)
            load_draw(&a->load);
        else if (a->screen == SCREEN_REVIEW)
            review_draw(&a->review);
        else if (a->screen == SCREEN_STATS)
            statsview_draw(&a->stats);
        else
            play_draw(&a->play);
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

/* Loads the remembered settings into the form and the game screen's
 * options; a file not understood is said once, on the menu. */
static void load_settings(struct app *a)
{
    char path[SAVES_PATH_MAX], warn[SAVES_PATH_MAX + 80] = "";
    settings_default(&a->settings);
    if (saves_settings_path(path, sizeof path, NULL, 0))
        settings_load(path, &a->settings, warn, sizeof warn);
    menu_set_form(&a->menu, &a->settings.game);
    a->options.marks = a->settings.marks;
    a->options.numbers = a->settings.numbers;
    a->options.bell = a->settings.bell;
    a->options.look = a->settings.look;
    if (warn[0] != '\0')
        menu_say(&a->menu, warn);
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
        menu_say(&a->menu, a->settings_error);
    }
}

/* Counts the game on screen in the statistics when it has just ended (a
 * line, a full board, a resignation, a forfeit), once per game: not when
 * it was over as opened, and not again when an undo reopens it and it
 * ends anew. A file that does not load, or cannot be written, is said on
 * the status line, or on the menu when the game is `leaving` the screen. */
static void count_ending(struct app *a, bool leaving)
{
    const struct game *g = play_game(&a->play);
    char note[KEEPER_SAY_MAX];
    if (!keeper_count(&a->keeper, g, note, sizeof note))
        return;
    if (note[0] != '\0' && leaving) {
        menu_say(&a->menu, note);
    } else if (note[0] != '\0') {
        /* The result stays in view, the note after it. */
        char line[sizeof note + 64];
        snprintf(line, sizeof line, "%s; %s", _(game_result_text(&g->result)), note);
        play_warn(&a->play, line);
    }
    a->dirty = true;
}

static void stop_game(struct app *a)
{
    keeper_stop(&a->keeper);
    if (a->playing) {
        count_ending(a, true);   /* an end not yet seen by sync_autosave() */
        a->options = play_get_options(&a->play);
        play_fini(&a->play);
        struct settings now = a->settings;
        now.marks = a->options.marks;
        now.numbers = a->options.numbers;
        now.bell = a->options.bell;
        now.look = a->options.look;
        save_settings(a, &now);
    }
    a->playing = false;
}

static void react(struct app *a, unsigned r);

/* Opens the yes/no dialog asking `question`; yes does `what`. */
static void ask(struct app *a, const char *question, enum confirm what)
{
    dialog_open(&a->dialog, question, REACT_CONFIRMED);
    a->asked = what;
    a->overlay = OVERLAY_DIALOG;
}
static void close_review(struct app *a);

static void show_game(struct app *a)
{
    a->playing = true;
    a->screen = SCREEN_PLAY;
    a->overlay = OVERLAY_NONE;
    play_resize(&a->play, LINES, COLS);
    /* The computer may have the first move. */
    play_tick(&a->play);
}

/* Keeps the game on screen in its autosave whenever it changed, and
 * counts its end (tui/keeper.h): called after every turn of the main loop.
 * A failure is said on the game's status line at once, and makes the exit
 * status 1 unless a later attempt succeeds. */
static void sync_autosave(struct app *a)
{
    if (!a->playing)
        return;
    count_ending(a, false);
    char line[sizeof a->keeper.error + SAVES_PATH_MAX];
    if (keeper_keep(&a->keeper, play_game(&a->play), line, sizeof line)) {
        play_warn(&a->play, line);
        a->dirty = true;
    }
}

static bool start_game(struct app *a, const struct game_config *c)
{
    close_review(a);
    stop_game(a);
    const char *refused = play_init(&a->play, c, term_wake_writer(), &a->options);
    if (refused != NULL) {
        snprintf(a->error, sizeof a->error, "mnk: %s", refused);
        return false;
    }
    keeper_start(&a->keeper, play_game(&a->play));
    show_game(a);
    return true;
}

/* Opens the review of game g, with the analysis `an` (may be NULL): over
 * the game on screen (`over_play`), or alone (a record opened, Esc goes to
 * the menu). */
static void open_review(struct app *a, const struct game *g, const struct analysis *an,
                        bool over_play)
{
    if (a->reviewing)
        review_close(&a->review);
    if (over_play)
        play_hold(&a->play);
    review_open(&a->review, g, an, term_wake_writer(), over_play);
    a->reviewing = true;
    a->screen = SCREEN_REVIEW;
    a->overlay = OVERLAY_NONE;
    review_resize(&a->review, LINES, COLS);
    review_show_numbers(&a->review, a->playing ? play_get_options(&a->play).numbers
                                               : a->options.numbers);
}

static void close_review(struct app *a)
{
    if (a->reviewing)
        review_close(&a->review);
    a->reviewing = false;
}

/* Opens a game read from a file, saying `note`: from its autosave `kept`
 * (which it goes on using, with its `lock` taken over, if one was taken), or
 * from a record (kept NULL: a new autosave, written at its first change). */
static void open_game(struct app *a, const struct game *g, const char *kept,
                      struct filelock *lock, const char *note)
{
    close_review(a);
    stop_game(a);
    play_open(&a->play, g, term_wake_writer(), &a->options);
    keeper_open(&a->keeper, play_game(&a->play), kept, lock);
    play_note(&a->play, note);
    show_game(a);
}

/* Leaves the game on screen; it is already kept (sync_autosave). A failure
 * to keep it was said while playing, and is said again on stderr once the
 * program has left the screen. */
static void leave_game(struct app *a, bool quitting)
{
    sync_autosave(a);
    if (a->keeper.failed && !quitting)
        menu_say(&a->menu, a->keeper.error);
    stop_game(a);
}

/* The Resume list's rows, laid out for the screen (tui/resume.h). */
static void lay_out_games(struct app *a)
{
    resume_lay_out(&a->menu, a->games, a->n_games, a->more_games, LINES, COLS);
}

/* Offers Resume on the menu when unfinished games are kept, and fills the
 * list it opens. A kept game that does not load is set aside and said. */
static void refresh_resume(struct app *a)
{
    char note[SAVES_PATH_MAX + 200];
    a->n_games = saves_list(a->games, MENU_GAMES_MAX, &a->more_games, note, sizeof note);
    lay_out_games(a);
    if (a->n_games == 0) {
        menu_set_resume(&a->menu, NULL);
    } else {
        char what[MENU_GAME_TEXT + 40];
        const struct saves_entry *e = &a->games[0];
        if (a->n_games == 1)
            /* TRANSLATORS: the one unfinished game, under Resume in the
               menu: width, "×", height, win length, rule, Black's and
               White's players, moves made, the side to move. */
            snprintf(what, sizeof what,
                     ngettext("%d%s%d k=%d %s  %s vs %s  %d move, %s to play",
                              "%d%s%d k=%d %s  %s vs %s  %d moves, %s to play",
                              (unsigned long)e->moves),
                     e->width, draw_sym(GLYPH_TIMES), e->height, e->win, _(rule_name(e->rule)),
                     saves_player(e->black), saves_player(e->white), e->moves,
                     _(stone_name(e->to_move)));
        else
            snprintf(what, sizeof what,
                     ngettext("%d unfinished games, the newest %d%s%d, %d move",
                              "%d unfinished games, the newest %d%s%d, %d moves",
                              (unsigned long)a->games[0].moves),
                     a->n_games, a->games[0].width, draw_sym(GLYPH_TIMES), a->games[0].height,
                     a->games[0].moves);
        menu_set_resume(&a->menu, what);
    }
    if (note[0] != '\0')
        menu_say(&a->menu, note);
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
    if (!saves_load(path, &g, &a->keeper.extra, err, size)) {
        filelock_release(&lock);
        return false;
    }
    reseed(&g);
    snprintf(kept, sizeof kept, "%s", path);
    a->menu.page = MENU_MAIN;
    open_game(a, &g, kept, &lock, _("resumed where you left off"));
    return true;
}

/* Opens a copy of the game another window has open, as a game of this
 * window's own (its own autosave, from its first move on): each window's
 * moves are kept, in two files. */
static void open_copy(struct app *a)
{
    static struct game g;
    char err[SAVES_PATH_MAX + 200];
    if (!saves_load(a->busy_path, &g, &a->keeper.extra, err, sizeof err)) {
        if (a->screen == SCREEN_LOAD)
            load_say(&a->load, err);
        else
            menu_say(&a->menu, err);
        return;
    }
    reseed(&g);
    a->menu.page = MENU_MAIN;
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

static void resume(struct app *a)
{
    char err[SAVES_PATH_MAX + 200];
    int pick = a->menu.pick;
    if (pick < 0 || pick >= a->n_games) {
        menu_say(&a->menu, _("there is no game to resume"));
        return;
    }
    if (!resume_path(a, a->games[pick].path, err, sizeof err)) {
        refresh_resume(a);
        menu_say(&a->menu, err);
    }
}

static void delete_game(struct app *a)
{
    int pick = a->menu.pick;
    char err[SAVES_PATH_MAX + 100];
    if (pick < 0 || pick >= a->n_games)
        return;
    enum filelock_look look = filelock_look(a->games[pick].path);
    if (look != FILELOCK_FREE) {
        refresh_resume(a);
        menu_say(&a->menu, look == FILELOCK_IN_USE
                               ? _("that game is open in another window: it was not deleted")
                               : _("that game's lock file cannot be used (is it another "
                                   "user's?): it was not deleted"));
        return;
    }
    if (!saves_forget(a->games[pick].path, err, sizeof err))
        menu_say(&a->menu, err);
    refresh_resume(a);
}

/* Deletes every unfinished game that no other window has open: the clean
 * slate of a Resume list grown long. */
static void clear_games(struct app *a)
{
    char err[SAVES_PATH_MAX + 100];
    int kept = 0;
    bool failed = false;
    for (int i = 0; i < a->n_games; i++) {
        if (filelock_look(a->games[i].path) != FILELOCK_FREE)
            kept++;
        else if (!saves_forget(a->games[i].path, err, sizeof err))
            failed = true;
    }
    refresh_resume(a);
    if (failed)
        menu_say(&a->menu, err);
    else if (kept > 0) {
        char note[160];
        snprintf(note, sizeof note,
                 ngettext("%d game open in another window was not deleted",
                          "%d games open in other windows were not deleted", (unsigned long)kept),
                 kept);
        menu_say(&a->menu, note);
    }
}

/* The save prompt offers a dated name in the games directory; a name typed
 * without a directory is relative to where mnk was started. */
static void ask_save(struct app *a)
{
    char dir[SAVES_PATH_MAX], name[64], offer[SAVES_PATH_MAX + 64];
    saves_default_name(name, sizeof name, time(NULL));
    if (saves_data_dir(dir, sizeof dir))
        snprintf(offer, sizeof offer, "%s/%s", dir, name);
    else
        snprintf(offer, sizeof offer, "%s", name);
    prompt_open(&a->prompt, _("Save the game as:"), _("Enter saves (.sgf or .psq), Esc cancels"),
                offer, REACT_ANSWER);
    a->overlay = OVERLAY_PROMPT;
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
    char path[SAVES_PATH_MAX], why[SAVES_PATH_MAX + 100], note[SAVES_PATH_MAX + 20];
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
    snprintf(note, sizeof note, _("opened %s"), path);
    open_record(a, &g, &an, note);
    return true;
}

/* Saves the game on screen (the one reviewed, with its analysis, or the
 * one played) to `path`. */
static unsigned save_to(struct app *a, const char *path, bool make_dirs)
{
    if (a->screen == SCREEN_REVIEW)
        return review_save(&a->review, path, &a->keeper.extra, make_dirs);
    return play_save(&a->play, path, &a->keeper.extra, make_dirs);
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
static unsigned answer(struct app *a)
{
    if (a->screen == SCREEN_PLAY || a->screen == SCREEN_REVIEW)
        return answer_save(a, a->prompt.text);
    return REACT_NONE;
}

/* The player said yes to what the dialog asked; returns what that asks of
 * the screen in turn. */
static unsigned confirmed(struct app *a)
{
    switch (a->asked) {
    case CONFIRM_QUIT:
        return REACT_QUIT;
    case CONFIRM_MENU:
        return REACT_MENU;
    case CONFIRM_RESIGN:
        return a->playing ? play_resign(&a->play) : REACT_NONE;
    case CONFIRM_DELETE:
        delete_game(a);
        return REACT_REDRAW;
    case CONFIRM_CLEAR:
        clear_games(a);
        return REACT_REDRAW;
    case CONFIRM_OVERWRITE:
        if (a->screen == SCREEN_PLAY || a->screen == SCREEN_REVIEW)
            return save_to(a, a->save_path, false);
        return REACT_NONE;
    case CONFIRM_COPY:
        open_copy(a);
        return REACT_REDRAW;
    case CONFIRM_ANSWER:
        return a->playing ? play_answer(&a->play, true) : REACT_NONE;
    }
    return REACT_NONE;
}

/* Enter on the Load screen: an unfinished game resumes, a record opens; a
 * failure is said there. */
static void open_chosen(struct app *a)
{
    char path[SAVES_PATH_MAX], err[2 * SAVES_PATH_MAX + 200];
    bool unfinished;
    if (!load_choice(&a->load, path, sizeof path, &unfinished))
        return;
    bool opened = unfinished ? resume_path(a, path, err, sizeof err)
                             : load(a, path, err, sizeof err);
    if (!opened)
        load_say(&a->load, err);
}

/* Does the screen work one set of reaction flags asks for, and returns
 * the flags that work itself produced (a resignation's, a save's, an
 * analysis started), for react() to do next. */
static unsigned react_once(struct app *a, unsigned r)
{
    unsigned next = REACT_NONE;
    a->dirty = true;
    if (r & REACT_CLOSE)
        a->overlay = OVERLAY_NONE;
    if (r & REACT_QUIT) {
        a->quit = true;
        return REACT_NONE;
    }
    if (r & REACT_CONFIRMED)
        next |= confirmed(a);
    if ((r & REACT_DECLINED) && a->asked == CONFIRM_ANSWER && a->playing)
        next |= play_answer(&a->play, false);
    /* Leaving keeps the game: the questions say so, and where it will be. */
    if (r & REACT_ASK_QUIT)
        ask(a, a->keeper.failed ? _("Quit? The game could not be kept.")
                                : _("Quit? The game is kept for Resume."),
            CONFIRM_QUIT);
    if (r & REACT_ASK_RESIGN)
        ask(a, _("Resign this game?"), CONFIRM_RESIGN);
    if (r & REACT_ASK_OTHER) {
        ask(a, play_question(&a->play), CONFIRM_ANSWER);
        dialog_on_no(&a->dialog, REACT_DECLINED);
    }
    if (r & REACT_ASK_DELETE)
        ask(a, _("Delete this unfinished game?"), CONFIRM_DELETE);
    if (r & REACT_ASK_MENU)
        ask(a, a->keeper.failed ? _("New game? This one could not be kept.")
                                : _("New game? This one is kept for Resume."),
            CONFIRM_MENU);
    if (r & REACT_ASK_CLEAR) {
        char question[160];
        snprintf(question, sizeof question,
                 ngettext("Delete the %d unfinished game?", "Delete all %d unfinished games?",
                          (unsigned long)a->n_games),
                 a->n_games);
        ask(a, question, CONFIRM_CLEAR);
    }
    if (r & REACT_HELP) {
        help_init(&a->help);
        a->overlay = OVERLAY_HELP;
    }
    if (r & REACT_MENU) {
        struct game_config c = play_game(&a->play)->config;
        /* The form names the players as they sat before the opening's
         * choices moved them. */
        if (play_game(&a->play)->swapped) {
            struct player black = c.player[0];
            c.player[0] = c.player[1];
            c.player[1] = black;
        }
        leave_game(a, false);
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
    if ((r & (REACT_REVIEW | REACT_ANALYSE)) && a->playing && a->screen == SCREEN_PLAY) {
        open_review(a, play_game(&a->play), NULL, true);
        if (r & REACT_ANALYSE)
            next |= review_analyse(&a->review);
    }
    if ((r & REACT_BACK) && a->screen == SCREEN_LOAD) {
        refresh_resume(a);
        a->screen = SCREEN_MENU;
    } else if ((r & REACT_BACK) && a->screen == SCREEN_STATS) {
        statsview_close(&a->stats);
        a->screen = SCREEN_MENU;
    } else if ((r & REACT_BACK) && a->reviewing) {
        bool back_to_play = review_from_play(&a->review) && a->playing;
        close_review(a);
        if (back_to_play) {
            show_game(a);
        } else {
            refresh_resume(a);
            a->menu.page = MENU_MAIN;
            a->screen = SCREEN_MENU;
        }
    }
    if ((r & REACT_CONTINUE) && a->reviewing) {
        static struct game g;
        review_continuation(&a->review, &g, (uint64_t)clock_us());
        char note[80];
        snprintf(note, sizeof note,
                 ngettext("playing on after %d move", "playing on after %d moves",
                          (unsigned long)g.ply),
                 g.ply);
        keeper_new_branch(&a->keeper);   /* a new game, with an end of its own */
        open_game(a, &g, NULL, NULL, note);
    }
    if (r & REACT_LANG) {
        /* The next choice after the one in force (the flag's, or the
         * remembered one): the locale's, then each language in turn. */
        struct settings now = a->settings;
        int k = 0; /* 0: the locale's; k: i18n_langs[k - 1] */
        for (int i = 0; i < I18N_LANGS; i++)
            if (strcmp(a->menu.lang, i18n_langs[i]) == 0)
                k = i + 1;
        k = (k + 1) % (I18N_LANGS + 1);
        snprintf(now.lang, sizeof now.lang, "%s", k > 0 ? i18n_langs[k - 1] : "");
        i18n_use(now.lang);
        menu_set_lang(&a->menu, now.lang, false);
        save_settings(a, &now);
        refresh_resume(a);
    }
    if (r & REACT_SAVE)
        ask_save(a);
    if (r & REACT_LOAD) {
        load_open(&a->load);
        load_resize(&a->load, LINES, COLS);
        a->screen = SCREEN_LOAD;
    }
    if (r & REACT_OPEN)
        open_chosen(a);
    if (r & REACT_RESUME)
        resume(a);
    if (r & REACT_STATS) {
        statsview_open(&a->stats);
        a->screen = SCREEN_STATS;
    }
    if (r & REACT_ANSWER)
        next |= answer(a);
    return next;
}

/* Turns a handler's reaction flags into screen work, and then the flags
 * that work produced, until none is left: one place, no recursion. */
static void react(struct app *a, unsigned r)
{
    while (r != REACT_NONE && !a->quit)
        r = react_once(a, r);
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
    if (a->screen == SCREEN_REVIEW)
        return review_key(&a->review, key);
    if (a->screen == SCREEN_LOAD)
        return load_key(&a->load, key);
    if (a->screen == SCREEN_STATS)
        return statsview_key(&a->stats, key);
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

/* How often a list of games looks again at which of them other windows
 * have open, while it is on screen. */
#define RELOOK_MS 1000

/* True when a list of kept games is on screen: Resume's or Load's. */
static bool showing_list(const struct app *a)
{
    return (a->screen == SCREEN_MENU && a->menu.page == MENU_RESUME) ||
           a->screen == SCREEN_LOAD;
}

/* The list on screen learns which games other windows opened or left
 * since it was read: a window started before another opened a game must
 * not offer it as free. True when a line changed. */
static bool relook_lists(struct app *a)
{
    if (!showing_list(a))
        return false;
    if (a->screen == SCREEN_LOAD)
        return load_relook(&a->load);
    if (!saves_relook(a->games, a->n_games))
        return false;
    lay_out_games(a);
    return true;
}

static void loop(struct app *a)
{
    int empty_reads = 0;
    while (!a->quit) {
        if (relook_lists(a))
            a->dirty = true;
        if (a->dirty)
            draw(a);
        int timeout = a->screen == SCREEN_PLAY ? play_timeout(&a->play)
                      : showing_list(a)        ? RELOOK_MS
                                               : -1;
        struct pollfd fds[2] = {
            { .fd = STDIN_FILENO, .events = POLLIN },
            { .fd = term_wake_fd(), .events = POLLIN },
        };
        int n = poll(fds, 2, timeout);
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
        if (a->screen == SCREEN_PLAY)
            react(a, play_wake(&a->play));
        else if (a->screen == SCREEN_REVIEW)
            react(a, review_wake(&a->review));
        if (n == 0 && a->screen == SCREEN_PLAY)
            react(a, play_tick(&a->play));

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

int app_run(const struct game_config *config, const struct game *record,
            const struct record_extra *extra, const struct analysis *analysis, const char *note,
            const char *lang)
{
    static struct app app; /* large (two games' worth); one per process */
    struct app *a = &app;
    memset(a, 0, sizeof *a);
    keeper_init(&a->keeper);
    if (!term_open_wake()) {
        fprintf(stderr, "mnk: pipe: %s\n", strerror(errno));
        return 1;
    }
    /* The settings first: the language they remember is spoken from the
     * first message on, unless the command line chose one. */
    menu_init(&a->menu);
    load_settings(a);
    if (lang == NULL && a->settings.lang[0] != '\0')
        i18n_use(a->settings.lang);
    if (lang != NULL)
        menu_set_lang(&a->menu, lang, true);
    else
        menu_set_lang(&a->menu, a->settings.lang, false);
    term_save_modes();
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        const char *term = getenv("TERM");
        if (term == NULL || term[0] == '\0')
            fprintf(stderr, "%s\n", _("mnk: TERM is not set: cannot drive the terminal"));
        else
            fprintf(stderr, _("mnk: unknown terminal type '%s' (TERM)\n"), term);
        term_close_wake();
        return 1;
    }
    /* A terminal that cannot move the cursor (TERM=dumb) would get the
     * screen as one long smear of text: refuse it like an unknown one. */
    const char *cup = tigetstr("cup");
    if (cup == NULL || cup == (const char *)-1) {
        endwin();
        delscreen(screen);
        fprintf(stderr, _("mnk: terminal type '%s' cannot move the cursor (TERM)\n"),
                getenv("TERM") != NULL ? getenv("TERM") : "");
        term_close_wake();
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
        } else if (config == NULL || start_game(a, config)) {
            if (config == NULL)
                refresh_resume(a);
            loop(a);
        } else {
            a->status = 1;
        }
    }

    close_review(a);
    leave_game(a, true);
    statsview_close(&a->stats);
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
