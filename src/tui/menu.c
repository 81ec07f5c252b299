/* menu.c — the main menu and the new-game form; see menu.h. */
#include "tui/menu.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "util/i18n.h"
#include "mnk/i18n.h"
#include "mnk/level.h"
#include "mnk/clock.h"
#include "tui/draw.h"
#include "tui/help.h"
#include "tui/mouse.h"
#include "tui/place.h"
#include "tui/react.h"
#include "tui/resume.h"
#include "tui/screen.h"

enum {
    MAIN_RESUME, MAIN_NEW, MAIN_LOAD, MAIN_STATS, MAIN_PUZZLES, MAIN_NET, MAIN_HELP, MAIN_LANG,
    MAIN_QUIT,
    MAIN_ENTRIES
};

/* Where the notes after the form's values start, from the values' column. */
#define NOTE_COLUMN 24

static const char *const main_entries[MAIN_ENTRIES] = {
    [MAIN_RESUME] = N_("Resume"),
    [MAIN_NEW] = N_("New game"),
    [MAIN_LOAD] = N_("Load"),
    [MAIN_STATS] = N_("Statistics"),
    [MAIN_PUZZLES] = N_("Puzzles"),
    [MAIN_NET] = N_("Network game"),
    [MAIN_HELP] = N_("Help"),
    [MAIN_LANG] = N_("Language"),
    [MAIN_QUIT] = N_("Quit"),
};

static const char *const field_names[SETUP_FIELDS] = {
    [SETUP_PRESET] = N_("Board"),
    [SETUP_WIDTH] = N_("Width"),
    [SETUP_HEIGHT] = N_("Height"),
    [SETUP_WIN] = N_("Win length"),
    [SETUP_RULE] = N_("Rule"),
    [SETUP_BLACK] = N_("Black"),
    [SETUP_WHITE] = N_("White"),
    [SETUP_OPENING] = N_("Opening"),
    [SETUP_CLOCK] = N_("Clock"),
    [SETUP_POSITION] = N_("Position"),
    [SETUP_START] = "",
};

void menu_init(struct menu *m)
{
    memset(m, 0, sizeof *m);
    m->page = MENU_MAIN;
    m->choice = MAIN_NEW;
    m->field = SETUP_PRESET;
    setup_default(&m->setup);
}

void menu_set_resume(struct menu *m, const char *note)
{
    bool could = m->resume_note[0] != '\0';
    snprintf(m->resume_note, sizeof m->resume_note, "%s", note != NULL ? note : "");
    if (note != NULL && !could)
        m->choice = MAIN_RESUME;
    else if (note == NULL && m->choice == MAIN_RESUME)
        m->choice = MAIN_NEW;
}

void menu_set_games(struct menu *m, const char lines[][MENU_GAME_TEXT], int n, int more)
{
    if (n > MENU_GAMES_MAX) {
        more += n - MENU_GAMES_MAX;
        n = MENU_GAMES_MAX;
    }
    m->more_games = more;
    for (int i = 0; i < n; i++)
        snprintf(m->games[i], sizeof m->games[i], "%s", lines[i]);
    m->n_games = n;
    if (m->pick >= n)
        m->pick = n > 0 ? n - 1 : 0;
    if (n == 0 && m->page == MENU_RESUME)
        m->page = MENU_MAIN;
}

void menu_set_lang(struct menu *m, const char *lang, bool by_flag)
{
    snprintf(m->lang, sizeof m->lang, "%s", lang);
    m->lang_by_flag = by_flag;
}

void menu_say(struct menu *m, const char *text)
{
    snprintf(m->message, sizeof m->message, "%s", text);
}

void menu_set_form(struct menu *m, const struct game_config *c)
{
    setup_from_config(&m->setup, c);
}

void menu_open_form(struct menu *m, const struct game_config *c)
{
    m->page = MENU_SETUP;
    m->field = SETUP_START;
    setup_from_config(&m->setup, c);
}

void menu_resize(struct menu *m, int rows, int cols)
{
    m->rows = rows;
    m->cols = cols;
}

void menu_config(const struct menu *m, struct game_config *c)
{
    setup_config(&m->setup, c, (uint64_t)clock_us());
    if (menu_position(m) != NULL)
        c->opening = OPENING_NONE;
}

const struct game_setup *menu_position(const struct menu *m)
{
    bool empty = m->position.n == 0 && m->position.to_move != STONE_WHITE;
    return empty ? NULL : &m->position;
}

void menu_set_position(struct menu *m, const struct game_setup *s)
{
    m->position = *s;
    if (menu_position(m) != NULL && m->setup.opening != OPENING_NONE) {
        m->setup.opening = OPENING_NONE;
        snprintf(m->message, sizeof m->message, "%s",
                 _("a position is set up: the opening rule is none"));
    }
}

/* The position goes when the board it was set up on does, or when an
 * opening rule would place stones of its own; said under the form. */
static void position_news(struct menu *m, const struct setup *before)
{
    if (menu_position(m) == NULL)
        return;
    const char *why = NULL;
    if (m->setup.width != before->width || m->setup.height != before->height)
        why = _("the board changed: the position set up is gone");
    else if (m->setup.opening != OPENING_NONE)
        why = _("an opening rule places its own stones: the position set up is gone");
    if (why == NULL)
        return;
    m->position.n = 0;
    m->position.to_move = STONE_BLACK;
    snprintf(m->message, sizeof m->message, "%s", why);
}

/* --- key handlers ------------------------------------------------------- */

/* The main-menu entries shown: Resume only when there is a game to resume. */
static bool shown(const struct menu *m, int entry)
{
    return entry != MAIN_RESUME || m->resume_note[0] != '\0';
}

/* Where the main menu's entries are (place.h), for the entries shown. */
static void main_place(const struct menu *m, struct place_main *p)
{
    int n = 0;
    for (int i = 0; i < MAIN_ENTRIES; i++)
        n += shown(m, i);
    place_main(p, m->rows, m->cols, n);
}

static void form_place(const struct menu *m, struct place_form *p)
{
    place_form(p, m->rows, m->cols, draw_width(_("[ Start ]")));
}

/* Moves the main-menu choice by `delta` (±1) over the entries shown. */
static void step_choice(struct menu *m, int delta)
{
    do
        m->choice = (m->choice + MAIN_ENTRIES + delta) % MAIN_ENTRIES;
    while (!shown(m, m->choice));
}

static unsigned act_up(struct menu *m, int key)
{
    (void)key;
    if (m->page == MENU_MAIN) {
        step_choice(m, -1);
    } else if (m->page == MENU_RESUME) {
        m->pick = m->pick > 0 ? m->pick - 1 : m->n_games - 1;
    } else {
        setup_commit(&m->setup);
        m->field = (m->field + SETUP_FIELDS - 1) % SETUP_FIELDS;
    }
    return REACT_REDRAW;
}

static unsigned act_down(struct menu *m, int key)
{
    (void)key;
    if (m->page == MENU_MAIN) {
        step_choice(m, 1);
    } else if (m->page == MENU_RESUME) {
        m->pick = m->pick + 1 < m->n_games ? m->pick + 1 : 0;
    } else {
        setup_commit(&m->setup);
        m->field = (m->field + 1) % SETUP_FIELDS;
    }
    return REACT_REDRAW;
}

/* What a rule played with one win length only (rule.h's `win`: renju's
 * five) did to the form besides the row changed, said under it: a player
 * who picks renju with k = 4, or tic-tac-toe under renju, sees why another
 * row moved. */
static void fixed_win_news(struct menu *m, const struct setup *before)
{
    const struct setup *s = &m->setup;
    const struct rule_info *was = rule_info(before->rule), *now = rule_info(s->rule);
    if (was->win != 0 && s->rule != before->rule && m->field != SETUP_RULE)
        snprintf(m->message, sizeof m->message, _("%s: the rule is %s now"), _(was->win_note),
                 _(rule_name(s->rule)));
    else if (now->win == 0 || s->rule == before->rule)
        return;
    else if (s->width != before->width || s->height != before->height)
        snprintf(m->message, sizeof m->message, _("%s: the board is %d%s%d now, the win length %d"),
                 _(now->win_note), s->width, draw_sym(GLYPH_TIMES), s->height, s->win);
    else if (s->win != before->win)
        snprintf(m->message, sizeof m->message, _("%s: the win length is %d now"),
                 _(now->win_note), s->win);
}

/* The Language entry: speaks the next choice after the one in force (the
 * flag's, or the remembered one): the locale's, then each language in
 * turn. The app remembers it (REACT_SETTINGS). */
static unsigned next_lang(struct menu *m)
{
    int k = 0; /* 0: the locale's; k: i18n_langs[k - 1] */
    for (int i = 0; i < I18N_LANGS; i++)
        if (strcmp(m->lang, i18n_langs[i]) == 0)
            k = i + 1;
    k = (k + 1) % (I18N_LANGS + 1);
    menu_set_lang(m, k > 0 ? i18n_langs[k - 1] : "", false);
    i18n_use(m->lang);
    return REACT_SETTINGS | REACT_REDRAW;
}

static unsigned act_change(struct menu *m, int key)
{
    if (m->page == MENU_MAIN && m->choice == MAIN_LANG)
        return next_lang(m);
    if (m->page != MENU_SETUP)
        return REACT_NONE;
    if (m->field == SETUP_POSITION)
        return REACT_EDIT;
    struct setup before = m->setup;
    setup_step(&m->setup, m->field, key == KEY_LEFT ? -1 : 1);
    fixed_win_news(m, &before);
    position_news(m, &before);
    return REACT_REDRAW;
}

static unsigned act_digit(struct menu *m, int key)
{
    if (m->page != MENU_SETUP)
        return REACT_NONE;
    setup_digit(&m->setup, m->field, key - '0');
    return REACT_REDRAW;
}

static unsigned act_enter(struct menu *m, int key)
{
    (void)key;
    if (m->page == MENU_SETUP && m->field == SETUP_POSITION)
        return REACT_EDIT;
    if (m->page == MENU_SETUP && m->field == SETUP_CLOCK) {
        char now[TC_TEXT_MAX];
        prompt_open(&m->clock_field, _("Time control:"),
                    _("such as 3+2, 60s/move, 10m+5x30s; Enter takes it, Esc cancels"),
                    m->setup.tc.kind == TC_NONE ? "" : tc_format(&m->setup.tc, now, sizeof now),
                    REACT_ANSWER);
        m->typing_clock = true;
        return REACT_REDRAW;
    }
    if (m->page == MENU_SETUP) {
        struct setup before = m->setup;
        setup_commit(&m->setup);
        position_news(m, &before);
        return REACT_START;
    }
    if (m->page == MENU_RESUME)
        return m->n_games > 0 ? REACT_RESUME : REACT_NONE;
    switch (m->choice) {
    case MAIN_RESUME:
        m->page = MENU_RESUME;
        m->pick = 0;
        return REACT_REDRAW;
    case MAIN_LOAD:
        return REACT_GO(SCREEN_LOAD);
    case MAIN_NEW:
        m->page = MENU_SETUP;
        m->field = SETUP_PRESET;
        return REACT_REDRAW;
    case MAIN_STATS:
        return REACT_GO(SCREEN_STATS);
    case MAIN_PUZZLES:
        return REACT_GO(SCREEN_PUZZLES);
    case MAIN_NET:
        return REACT_GO(SCREEN_NET);
    case MAIN_HELP:
        return REACT_HELP;
    case MAIN_LANG:
        return next_lang(m);
    default:
        return REACT_QUIT;
    }
}

static unsigned act_back(struct menu *m, int key)
{
    (void)key;
    if (m->page == MENU_MAIN)
        return REACT_NONE;
    setup_commit(&m->setup);
    m->page = MENU_MAIN;
    return REACT_REDRAW;
}

static unsigned act_delete(struct menu *m, int key)
{
    (void)key;
    return m->page == MENU_RESUME && m->n_games > 0 ? REACT_ASK_DELETE : REACT_NONE;
}

static unsigned act_clear(struct menu *m, int key)
{
    (void)key;
    return m->page == MENU_RESUME && m->n_games > 0 ? REACT_ASK_CLEAR : REACT_NONE;
}

static unsigned act_erase(struct menu *m, int key)
{
    (void)key;
    setup_erase(&m->setup);
    return REACT_REDRAW;
}

static unsigned act_help(struct menu *m, int key)
{
    (void)m;
    (void)key;
    return REACT_HELP;
}

static unsigned act_quit(struct menu *m, int key)
{
    (void)m;
    (void)key;
    return REACT_QUIT;
}

/* The opening rules as the form shows them (opening_rule_name() is the
 * flags' and records' word, never translated), a note beside the row, and
 * the whole rule in a sentence under the form. */
static const char *const opening_names[OPENING_RULE_COUNT] = {
    [OPENING_NONE] = N_("none"),
    /* TRANSLATORS: the opening rules' names on the new-game form. */
    [OPENING_SWAP] = N_("swap"),
    [OPENING_SWAP2] = N_("swap2"),
};
static const char *const opening_notes[OPENING_RULE_COUNT] = {
    [OPENING_NONE] = N_("Black moves first"),
    [OPENING_SWAP] = N_("Black places 3, White picks"),
    [OPENING_SWAP2] = N_("Black places 3, White picks or adds 2"),
};
static const char *const opening_sentences[OPENING_RULE_COUNT] = {
    [OPENING_NONE] = N_("Black moves first."),
    [OPENING_SWAP] = N_("Black places 3 stones (black, white, black), then White picks a colour."),
    [OPENING_SWAP2] = N_("Black places 3; White picks a colour, or places 2 more and Black picks."),
};

static void field_text(const struct menu *m, enum setup_field f, char *value, size_t vsize,
                       char *note, size_t nsize);

/* A click on the main menu opens the entry clicked, as Enter does. */
static unsigned click_main(struct menu *m, int y, int x)
{
    struct place_main p;
    main_place(m, &p);
    int k = place_main_at(&p, y, x);
    for (int i = 0; i < MAIN_ENTRIES && k >= 0; i++) {
        if (shown(m, i) && k-- == 0) {
            m->choice = i;
            return act_enter(m, '\n');
        }
    }
    return REACT_NONE;
}

/* A click on the list picks a game; on the one picked, resumes it. */
static unsigned click_list(struct menu *m, int y, int x)
{
    struct place_list p;
    place_list(&p, m->rows, m->cols, m->n_games, m->pick);
    int i = place_list_at(&p, y, x);
    if (i < 0)
        return REACT_NONE;
    if (i == m->pick)
        return act_enter(m, '\n');
    m->pick = i;
    return REACT_REDRAW;
}

/* A click on a row of the form picks it; on the arrows of the row picked,
 * changes its value as left and right do; on Start, starts the game. */
static unsigned click_form(struct menu *m, int y, int x)
{
    struct place_form p;
    form_place(m, &p);
    int f = place_form_at(&p, y, x);
    if (f < 0)
        return REACT_NONE;
    if (f == SETUP_START) {
        m->field = SETUP_START;
        return act_enter(m, '\n');
    }
    if (f == (int)m->field) {
        char value[64], note[96];
        field_text(m, m->field, value, sizeof value, note, sizeof note);
        int arrow = place_arrow(x, p.value_x, draw_width(draw_sym(GLYPH_PREV)), draw_width(value),
                                draw_width(draw_sym(GLYPH_NEXT)));
        if (arrow == 0)
            return REACT_NONE;
        setup_step(&m->setup, m->field, arrow);
        return REACT_REDRAW;
    }
    setup_commit(&m->setup);
    m->field = (enum setup_field)f;
    return REACT_REDRAW;
}

/* The mouse: a click as above, the wheel as up and down. Only a report
 * that does something counts as a key and clears the message; a release,
 * or a click on nothing, leaves the screen as it is. */
static unsigned act_mouse(struct menu *m, int key)
{
    struct mouse ev = mouse_read();
    unsigned r = REACT_NONE;
    if (ev.kind == MOUSE_WHEEL_UP)
        r = act_up(m, key);
    else if (ev.kind == MOUSE_WHEEL_DOWN)
        r = act_down(m, key);
    else if (ev.kind == MOUSE_CLICK && m->page == MENU_MAIN)
        r = click_main(m, ev.y, ev.x);
    else if (ev.kind == MOUSE_CLICK && m->page == MENU_RESUME)
        r = click_list(m, ev.y, ev.x);
    else if (ev.kind == MOUSE_CLICK)
        r = click_form(m, ev.y, ev.x);
    if (r != REACT_NONE)
        m->message[0] = '\0';
    return r;
}

struct binding {
    int key;
    const char *keys;   /* as the help screen names it; NULL: an alias */
    const char *help;
    unsigned (*run)(struct menu *m, int key);
};

static const struct binding bindings[] = {
    { KEY_UP, N_("up, down"), N_("choose an entry"), act_up },
    { KEY_DOWN, NULL, NULL, act_down },
    { 'k', NULL, NULL, act_up },
    { 'j', NULL, NULL, act_down },
    { '\t', NULL, NULL, act_down },
    { KEY_BTAB, NULL, NULL, act_up },
    { KEY_LEFT, N_("left, right"), N_("change the value; on Language, the next language"),
      act_change },
    { KEY_RIGHT, NULL, NULL, act_change },
    { '0', "0-9", N_("type a number (size, win length)"), act_digit },
    { '1', NULL, NULL, act_digit }, { '2', NULL, NULL, act_digit },
    { '3', NULL, NULL, act_digit }, { '4', NULL, NULL, act_digit },
    { '5', NULL, NULL, act_digit }, { '6', NULL, NULL, act_digit },
    { '7', NULL, NULL, act_digit }, { '8', NULL, NULL, act_digit },
    { '9', NULL, NULL, act_digit },
    { '\n', "Enter", N_("open the entry; in the form, start the game"), act_enter },
    { '\r', NULL, NULL, act_enter },
    { KEY_ENTER, NULL, NULL, act_enter },
    { 27, "Esc", N_("back to the main menu"), act_back },
    { 'd', "d", N_("in the list of unfinished games, delete one (asks first)"), act_delete },
    { KEY_DC, NULL, NULL, act_delete },
    { 'D', "D", N_("in the list of unfinished games, delete them all but those open in other "
                   "windows (asks first)"), act_clear },
    { KEY_BACKSPACE, "Backspace", N_("erase a digit typed"), act_erase },
    { 127, NULL, NULL, act_erase },
    { 8, NULL, NULL, act_erase },
    { KEY_MOUSE, N_("mouse click"),
      N_("open an entry; in the form, pick a row, change it by its arrows, or start"),
      act_mouse },
    { '?', "?", N_("help"), act_help },
    { 'q', "q", N_("quit"), act_quit },
};

bool menu_help_line(int i, const char **keys, const char **help)
{
    return HELP_TABLE_LINE(struct binding, bindings, i, keys, help);
}

/* A key while a time control is typed on the Clock row: Enter takes it
 * when tc_parse does, else says why and leaves it to mend. */
static unsigned clock_key(struct menu *m, int key)
{
    unsigned r = prompt_key(&m->clock_field, key);
    if (r & REACT_ANSWER) {
        struct tc tc;
        char why[160];
        m->typing_clock = !tc_parse(m->clock_field.text, &tc, why, sizeof why);
        if (m->typing_clock)
            snprintf(m->message, sizeof m->message, "%s", why);
        else
            m->setup.tc = tc;
    } else if (r & REACT_CLOSE) {
        m->typing_clock = false;
    }
    return REACT_REDRAW;
}

unsigned menu_key(struct menu *m, int key)
{
    /* A message stays until the next key: act_mouse says which reports
     * count as one. */
    if (key != KEY_MOUSE)
        m->message[0] = '\0';
    if (m->typing_clock)
        return clock_key(m, key);
    const struct binding *b = HELP_TABLE_FIND(struct binding, bindings, key);
    return b != NULL ? b->run(m, key) : REACT_NONE;
}

/* --- drawing ------------------------------------------------------------ */

static void draw_main(const struct menu *m)
{
    struct place_main p;
    main_place(m, &p);
    int cx = p.cx;
    const char *tagline = _("k in a row, on any board");
    draw_text(p.title_y, cx - 1, 3, STYLE_MESSAGE, "mnk");
    draw_text(p.title_y + 1, cx - draw_width(tagline) / 2, m->cols, STYLE_NORMAL, tagline);
    for (int i = 0, k = 0; i < MAIN_ENTRIES; i++) {
        if (!shown(m, i))
            continue;
        bool sel = i == m->choice;
        int y = place_main_y(&p, k++);
        if (sel) {
            draw_fill(y, p.band_x, PLACE_ENTRY_W, STYLE_SELECTED);
            draw_text(y, p.band_x + 1, 1, STYLE_SELECTED, draw_sym(GLYPH_TURN));
        }
        draw_textf(y, p.band_x + 3, PLACE_ENTRY_W - 4, sel ? STYLE_SELECTED : STYLE_NORMAL, "%s",
                   _(main_entries[i]));
    }
    int y = p.note_y;
    /* Under the entries: why something failed, or what Resume would open. */
    char lang[120];
    if (m->choice == MAIN_LANG) {
        /* What is spoken, and why: the flag, the system, or the menu. */
        const char *name = i18n_lang_name(i18n_speaking());
        if (m->lang_by_flag)
            /* TRANSLATORS: %s is a language's name in itself ("English"). */
            snprintf(lang, sizeof lang, _("%s, chosen by --lang (Enter changes it)"), name);
        else if (m->lang[0] == '\0')
            snprintf(lang, sizeof lang, _("%s, the system's language (Enter changes it)"), name);
        else
            snprintf(lang, sizeof lang, _("%s (Enter changes it)"), name);
    }
    const char *note = m->message[0] != '\0' ? m->message
                     : m->choice == MAIN_RESUME ? m->resume_note
                     : m->choice == MAIN_LANG ? lang : NULL;
    if (note != NULL) {
        int w = draw_width(note);
        if (w > m->cols - 2)
            w = m->cols - 2;
        draw_text(y, (m->cols - w) / 2, w, m->message[0] != '\0' ? STYLE_ERROR : STYLE_DIM,
                  note);
    }
}

/* The unfinished games, newest first, the highlighted one in view. */
static void draw_games(const struct menu *m)
{
    struct place_list p;
    place_list(&p, m->rows, m->cols, m->n_games, m->pick);
    if (m->more_games > 0)
        /* TRANSLATORS: the Resume list's title when it shows only the
           newest: shown, then all there are. */
        draw_textf(PLACE_LIST_TITLE_Y, p.x, p.w, STYLE_MESSAGE,
                   _("Unfinished games: the newest %d of %d"), m->n_games,
                   m->n_games + m->more_games);
    else
        draw_text(PLACE_LIST_TITLE_Y, p.x, p.w, STYLE_MESSAGE, _("Unfinished games, newest first"));
    for (int i = p.first; i < m->n_games && i - p.first < p.rows; i++) {
        int y = place_list_y(&p, i);
        bool sel = i == m->pick;
        if (sel)
            draw_fill(y, p.x, p.w, STYLE_SELECTED);
        draw_text(y, p.x + 1, p.w - 1, sel ? STYLE_SELECTED : STYLE_NORMAL, m->games[i]);
    }
    if (m->message[0] != '\0')
        draw_text(p.message_y, p.x, p.w, STYLE_ERROR, m->message);
}

/* The value of a form row as shown between the arrows, and a note after. */
/* A duration as players say it: "3 min", "30 s", "0.1 s", "1 h 30 min". */
static void duration(int ms, char *buf, size_t size)
{
    if (ms >= 3600000 && ms % 60000 == 0 && ms % 3600000 != 0)
        snprintf(buf, size, _("%d h %d min"), ms / 3600000, ms % 3600000 / 60000);
    else if (ms >= 3600000 && ms % 3600000 == 0)
        snprintf(buf, size, _("%d h"), ms / 3600000);
    else if (ms >= 60000 && ms % 60000 == 0)
        snprintf(buf, size, _("%d min"), ms / 60000);
    else if (ms % 1000 == 0)
        snprintf(buf, size, _("%d s"), ms / 1000);
    else
        snprintf(buf, size, _("%.1f s"), ms / 1000.0);
}

/* What a time control gives, in words, beside the Clock row. */
static void clock_words(const struct tc *tc, char *note, size_t size)
{
    char a[40], b[40], limit[80] = "";
    duration(tc->main_ms, a, sizeof a);
    switch (tc->kind) {
    case TC_NONE:
    case TC_MOVE:
        break;
    case TC_SUDDEN:
        snprintf(note, size, _("%s each"), a);
        break;
    case TC_FISCHER:
        duration(tc->increment_ms, b, sizeof b);
        snprintf(note, size, _("%s each, +%s a move"), a, b);
        break;
    case TC_BYOYOMI:
        duration(tc->period_ms, b, sizeof b);
        snprintf(note, size, _("%s each, then %d%s%s a move"), a, tc->periods,
                 draw_sym(GLYPH_TIMES), b);
        break;
    case TC_CANADIAN:
        duration(tc->period_ms, b, sizeof b);
        snprintf(note, size, _("%s each, then %d moves in %s"), a, tc->period_moves, b);
        break;
    }
    if (tc->move_ms > 0) {
        duration(tc->move_ms, b, sizeof b);
        if (tc->kind == TC_MOVE)
            snprintf(note, size, _("%s a move"), b);
        else
            snprintf(limit, sizeof limit, _(", at most %s a move"), b);
        size_t n = strlen(note);
        snprintf(note + n, size - n, "%s", limit);
    }
}

static void field_text(const struct menu *m, enum setup_field f, char *value, size_t vsize,
                       char *note, size_t nsize)
{
    const struct setup *s = &m->setup;
    const struct game_setup *pos = menu_position(m);
    const char *times = draw_sym(GLYPH_TIMES);
    note[0] = '\0';
    if (s->typed_field == f) {
        snprintf(value, vsize, "%d_", s->typed);
        snprintf(note, nsize, _("%d to %d"), setup_min(s, f), setup_max(s, f));
        return;
    }
    switch (f) {
    case SETUP_PRESET: {
        const struct setup_preset *p = &setup_presets[s->preset];
        if (p->name == NULL)
            snprintf(value, vsize, "%s", _("Custom"));
        else
            snprintf(value, vsize, "%s%s%d%s%d k=%d", p->name[0] ? _(p->name) : "", p->name[0] ? " " : "",
                     p->width, times, p->height, p->win);
        break;
    }
    case SETUP_WIDTH:
    case SETUP_HEIGHT:
        snprintf(value, vsize, "%d", f == SETUP_WIDTH ? s->width : s->height);
        snprintf(note, nsize, _("%d to %d"), setup_min(s, f), setup_max(s, f));
        break;
    case SETUP_WIN:
        snprintf(value, vsize, "%d", s->win);
        if (rule_info(s->rule)->win != 0)
            snprintf(note, nsize, "%s", _(rule_info(s->rule)->win_note));
        else
            snprintf(note, nsize, _("%d to %d in a row"), setup_min(s, f), setup_max(s, f));
        break;
    case SETUP_RULE:
        snprintf(value, vsize, "%s", _(rule_name(s->rule)));
        /* What the rule is, beside its row (rule.h); in a sentence under
         * the form while the row is picked. */
        snprintf(note, nsize, "%s", _(rule_info(s->rule)->note));
        break;
    case SETUP_OPENING:
        snprintf(value, vsize, "%s", _(opening_names[s->opening]));
        snprintf(note, nsize, "%s",
                 pos != NULL && pos->to_move == STONE_WHITE ? _("White moves first")
                                                            : _(opening_notes[s->opening]));
        break;
    case SETUP_CLOCK:
        if (s->tc.kind == TC_NONE) {
            snprintf(value, vsize, "%s", _("none"));
            snprintf(note, nsize, "%s", _("no time limit"));
        } else {
            tc_format(&s->tc, value, vsize);
            clock_words(&s->tc, note, nsize);
        }
        break;
    case SETUP_POSITION:
        if (pos == NULL) {
            snprintf(value, vsize, "%s", _("empty board"));
        } else {
            /* TRANSLATORS: the Position row of the form: the stones set
               up, and the side that moves first. */
            snprintf(value, vsize, ngettext("%d stone, %s to move", "%d stones, %s to move",
                                            (unsigned long)pos->n),
                     pos->n, _(stone_name(pos->to_move)));
        }
        snprintf(note, nsize, "%s", _("Enter edits it"));
        break;
    case SETUP_BLACK:
    case SETUP_WHITE: {
        int n = s->side[f == SETUP_BLACK ? 0 : 1];
        if (n == 0) {
            snprintf(value, vsize, "%s", _("human"));
            break;
        }
        /* The level's sentence goes under the form, where it has the width. */
        snprintf(value, vsize, _("computer: %s"), level_at(n - 1)->name);
        snprintf(note, nsize, _("level %d of %d"), n, level_count());
        break;
    }
    default:
        value[0] = '\0';
        break;
    }
}

static void draw_form(const struct menu *m)
{
    const struct setup *s = &m->setup;
    struct place_form p;
    form_place(m, &p);
    int left = p.left, value_x = p.value_x;
    int width = m->cols - left;
    draw_text(p.title_y, left, width, STYLE_MESSAGE, _("New game"));
    for (int f = 0; f < SETUP_START; f++) {
        int y = place_form_y(&p, (enum setup_field)f);
        bool sel = (int)m->field == f;
        char value[64], note[96];
        field_text(m, (enum setup_field)f, value, sizeof value, note, sizeof note);
        draw_text(y, left, 12, sel ? STYLE_MESSAGE : STYLE_NORMAL, _(field_names[f]));
        /* The selected row shows the arrows that change it. */
        int w;
        if (sel)
            w = draw_textf(y, value_x, m->cols - value_x, STYLE_SELECTED, "%s %s %s",
                           draw_sym(GLYPH_PREV), value, draw_sym(GLYPH_NEXT));
        else
            w = draw_textf(y, value_x, m->cols - value_x, STYLE_NORMAL,
                           "  %s  ", value);
        /* Notes line up in a column, unless a long value pushes one along. */
        int note_x = value_x + (w + 2 > NOTE_COLUMN ? w + 2 : NOTE_COLUMN);
        if (note[0] != '\0')
            draw_text(y, note_x, m->cols - note_x - 1, STYLE_DIM, note);
    }
    int y = place_form_y(&p, SETUP_START);
    bool sel = m->field == SETUP_START;
    draw_text(y, value_x, PLACE_START_MAX, sel ? STYLE_SELECTED : STYLE_MESSAGE, _("[ Start ]"));
    /* Under the form: what went wrong, or what the highlighted level is
     * like, or whose move comes first. */
    int side = m->field == SETUP_BLACK ? 0 : m->field == SETUP_WHITE ? 1 : -1;
    int note_y = place_form_note_y(&p);
    if (m->message[0] != '\0') {
        draw_text(note_y, left, width, STYLE_ERROR, m->message);
    } else if (m->field == SETUP_RULE) {
        draw_text(note_y, left, width, STYLE_NORMAL, _(rule_info(s->rule)->sentence));
    } else if (side >= 0 && s->side[side] > 0) {
        const struct level *l = level_at(s->side[side] - 1);
        int w = draw_textf(note_y, left, width, STYLE_MESSAGE, "%s: ", l->name);
        draw_text(note_y, left + w, width - w, STYLE_NORMAL, _(l->description));
    } else {
        const struct game_setup *pos = menu_position(m);
        if (m->field == SETUP_POSITION)
            draw_text(note_y, left, width, STYLE_DIM,
                      _("Stones of both colours and the side to move: the game starts there."));
        else if (pos != NULL && pos->to_move == STONE_WHITE)
            draw_text(note_y, left, width, STYLE_DIM, _("White moves first."));
        else
            draw_text(note_y, left, width, STYLE_DIM, _(opening_sentences[s->opening]));
    }
}

static void draw_keys(const struct menu *m)
{
    static const struct draw_hint main_hints[] = {
        { N_("up/down"), N_("choose") }, { "Enter", N_("open") }, { "?", N_("help") },
        { "q", N_("quit") },
    };
    static const struct draw_hint list_hints[] = {
        { N_("up/down"), N_("choose") }, { "Enter", N_("resume") }, { "d", N_("delete") },
        { "D", N_("delete all") }, { "Esc", N_("back") },
    };
    static const struct draw_hint form_hints[] = {
        { N_("up/down"), N_("field") }, { N_("left/right"), N_("change") }, { "0-9", N_("type") },
        { "Enter", N_("start") }, { "Esc", N_("back") },
    };
    if (m->page == MENU_MAIN)
        draw_hints(m->rows - 1, main_hints, (int)(sizeof main_hints / sizeof main_hints[0]));
    else if (m->page == MENU_RESUME)
        draw_hints(m->rows - 1, list_hints, (int)(sizeof list_hints / sizeof list_hints[0]));
    else
        draw_hints(m->rows - 1, form_hints, (int)(sizeof form_hints / sizeof form_hints[0]));
}

void menu_draw(const struct menu *m)
{
    erase();
    draw_fill(0, 0, m->cols, STYLE_TITLE);
    draw_text(0, 1, m->cols - 2, STYLE_TITLE,
              m->page == MENU_MAIN    ? "mnk"
              : m->page == MENU_RESUME ? _("mnk  resume")
                                       : _("mnk  new game"));
    if (m->page == MENU_MAIN)
        draw_main(m);
    else if (m->page == MENU_RESUME)
        draw_games(m);
    else
        draw_form(m);
    draw_keys(m);
    if (m->page == MENU_SETUP && m->typing_clock)
        prompt_draw(&m->clock_field);
}

/* --- the screen's entry (screen.h) ---------------------------------------- */

static void op_init(void *self) { menu_init(self); }

/* Coming back to the menu: the games left unfinished may have changed. */
static unsigned op_open(void *self)
{
    resume_refresh(self);
    return REACT_REDRAW;
}

static void op_resize(void *self, int rows, int cols)
{
    menu_resize(self, rows, cols);
    resume_lay_out(self);
}

static void op_draw(const void *self) { menu_draw(self); }
static unsigned op_key(void *self, int key) { return menu_key(self, key); }

static int op_wait_ms(const void *self)
{
    const struct menu *m = self;
    return m->page == MENU_RESUME ? SCREEN_RELOOK_MS : -1;
}

static bool op_relook(void *self)
{
    struct menu *m = self;
    return m->page == MENU_RESUME && resume_relook(m);
}

const struct screen menu_screen = {
    .size = sizeof(struct menu),
    .min_cols = MENU_MIN_COLS,
    .min_rows = MENU_MIN_ROWS,
    .help_title = N_("Keys in the menu"),
    .help_line = menu_help_line,
    .init = op_init,
    .open = op_open,
    .resize = op_resize,
    .draw = op_draw,
    .key = op_key,
    .wait_ms = op_wait_ms,
    .relook = op_relook,
};
