/* netscreen.h — the Network game screen, opened from the main menu: a game
 * against a friend on another computer (play/netgame.h), hosted or joined.
 *
 * First a choice: host a game (with the board, rule, opening and clock of
 * the new-game form's last choice, and who takes Black: b changes it),
 * join one (the host's address, then its join code, asked on the screen),
 * play on a server (the lobby's own screen, tui/lobbyscreen.h, which
 * hands a seat back here: netscreen_adopt), or host or join a Piskvork
 * player's game (play/pisknet.h: five in a row on the form's board and
 * rule, no opening, no clock, no code; its lack of encryption said on
 * screen). Both kinds of session are driven through play/netsession.h's
 * table; what only mnk's game has (the code, Resume) through its netgame.
 * The host's screen shows the code and the port to read out to the friend
 * until they join; the joiner's shows the host's settings and asks y or n.
 * Then the game: the board with its cursor (arrows, Enter, the mouse), both
 * clocks with the side to move's running, whose turn, and a log of what
 * happened (moves the other side made, requests, chat, the link lost and
 * back). Only this side's own actions are sent: a move, an opening choice
 * (b, w, t when it is this side's), a resignation (r, confirmed), a draw
 * offer (=), a takeback request (u), an answer to the other side's request
 * (y, n), a chat line (c), a rematch once over (R), and a claim of the
 * game once the other side stayed away past the limit (C).
 *
 * Every change to the game is written at once, whole or not at all, as an
 * SGF record in the data directory's games (saves.h: net-DATE.sgf), so that
 * a game the link or either program loses is never lost; Esc leaves the
 * game (the friend sees this side gone and may claim it) after a yes.
 *
 * A Piskvork player's game listens on MNK_NET_PORT too, by default port
 * 3629 (any free one when taken), and lacks draw offers, resignation and
 * claims: those keys say so.
 *
 * The network is polled through the screen table's pollfds and tick: the
 * screen wakes when the link has something, and at least as often as the
 * clocks need (tenths under ten seconds). Keys come through one table;
 * handlers return enum react flags and never draw. MNK_NET_BIND (an
 * address) makes the host listen on that address only, MNK_NET_PORT on
 * that port (0: any free one); by default all addresses and port 3630, or
 * any free port when that one is taken.
 */
#ifndef MNK_TUI_NETSCREEN_H
#define MNK_TUI_NETSCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "mnk/game.h"
#include "play/netgame.h"
#include "play/netsession.h"
#include "tui/cursor.h"
#include "tui/draw.h"
#include "tui/layout.h"
#include "tui/prompt.h"
#include "tui/saves.h"

#define NETSCREEN_LOG 12
#define NETSCREEN_LINE_MAX (NETGAME_TEXT_MAX + 80)

enum netscreen_phase {
    NETSCREEN_CHOOSE,   /* host or join */
    NETSCREEN_WAITING,  /* the host waits for a friend; the joiner connects
                           or reads the settings */
    NETSCREEN_GAME,     /* a game agreed: on, over, or its link lost */
    NETSCREEN_OVER,     /* the session ended or stopped: what is left to read */
};

/* The first page's entries. */
enum netscreen_choice { NETSCREEN_CHOICE_HOST, NETSCREEN_CHOICE_JOIN, NETSCREEN_CHOICE_SERVER,
                        NETSCREEN_CHOICE_PISK_HOST, NETSCREEN_CHOICE_PISK_JOIN,
                        NETSCREEN_CHOICES };

enum netscreen_asking { NETSCREEN_ASK_NONE, NETSCREEN_ASK_ADDRESS, NETSCREEN_ASK_CODE,
                        NETSCREEN_ASK_CHAT, NETSCREEN_ASK_PISK_ADDRESS };

enum netscreen_confirm { NETSCREEN_CONFIRM_NONE, NETSCREEN_CONFIRM_RESIGN,
                         NETSCREEN_CONFIRM_LEAVE };

struct netscreen {
    int rows, cols;
    struct layout layout;
    struct board_cursor cur;
    struct game_config form;        /* what a host offers: the form's last choice */
    enum wire_side black;           /* host: who takes Black */
    int choice;                     /* CHOOSE: enum netscreen_choice */
    enum netscreen_phase phase;
    /* The session: s through ops (netsession.h); ng is s when it is mnk's
     * game (NULL for Piskvork's), for what only a netgame has (its code,
     * what Resume keeps). */
    const struct netsession_ops *ops;
    void *s;
    struct netgame *ng;
    enum netscreen_asking asking;
    struct prompt prompt;
    char address[PROMPT_MAX];
    enum netscreen_confirm confirm;
    bool abandoned;                 /* the other side stayed away past the limit */
    bool counted;                   /* the game that ended is in the statistics */
    char addresses[256];            /* a host's: where the friend connects */
    char name[WIRE_NAME_MAX];       /* this side's, said to the friend */
    char log[NETSCREEN_LOG][NETSCREEN_LINE_MAX];
    int n_log;                      /* lines in log, the newest last */
    char message[NETSCREEN_LINE_MAX];
    enum draw_style message_style;
    /* The record kept of the game on screen. */
    char record[4200];              /* "" before the first write, or no place */
    struct saves_mark kept;         /* the game as last written */
    /* While the game is unfinished it is also kept for Resume, with what a
     * resume needs (the code, the game's id, the sides, where the other
     * side is), in an autosave of its own that this window holds. */
    char autosave[SAVES_PATH_MAX];  /* "" before the first write, or no place */
    struct filelock lock;
    bool locked;
    struct record_extra extra;      /* the autosave's root, as it is written */
    /* Under renju with Black to move, the cells Black may not play, as the
     * game stood at forbidden_at (looked at again when it changes, not at
     * every draw). */
    bool forbidden[BOARD_MAX_CELLS];
    bool any_forbidden;
    struct saves_mark forbidden_at;
    struct game last;               /* the game when its session stopped */
    bool has_last;
    enum stone last_seat;           /* this side's seat in it */
    char keep_error[NETSCREEN_LINE_MAX]; /* the last write's failure, said once */
    int server_game;                /* a server's game (its number), or 0 */
    char server[LINK_ADDRESS_MAX + 8]; /* its server's address */
};

/* The form's last choice, which a hosted game offers. */
void netscreen_set_form(struct netscreen *n, const struct game_config *c);

/* The name this side tells the friend: the settings' (the last one given
 * in a server's lobby), or the login name when it is "" or no name. */
void netscreen_set_name(struct netscreen *n, const char *name);

/* A seat taken in a server's lobby (tui/lobbyscreen.h): the netgame `ng`
 * (taken over) of game number `game` on the server at `address`, played
 * here as any network game, and kept for Resume with its seat's token
 * (MNKNET[seat], MNKNETSEAT[game:token], MNKNETSERVER[address]): a
 * restart takes it back to the seat (netgame_rejoin_seat). */
void netscreen_adopt(struct netscreen *n, struct netgame *ng, const char *address, int game);

/* True when a record's root (struct record_extra) is a network game kept
 * for Resume. */
bool netscreen_is_kept(const struct record_extra *extra);

/* Takes up the network game kept at `path` (read into g and extra), whose
 * lock the caller took and hands over in *lock: the host listens again on
 * its port and waits for the friend, the joiner reconnects to the host.
 * False with the reason in err (the lock is then released). */
bool netscreen_resume(struct netscreen *n, const struct game *g,
                      const struct record_extra *extra, const char *path,
                      struct filelock *lock, char *err, size_t err_size);

#endif
