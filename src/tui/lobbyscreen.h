/* lobbyscreen.h — a server's lobby on screen (play/lobby.h), reached from
 * the Network game screen's *Play on a server*.
 *
 * First the server's address (HOST[:PORT], port 3631 unless given) and a
 * name there (the login name at first; the last ones that reached a lobby
 * are offered again, and the settings keep them: lobbyscreen_remember). Once connected, the first connection to
 * a server says that its key is now remembered, with its fingerprint and
 * the file (the one `mnk join` uses); a server that shows another key than
 * the one remembered is refused with the link's sentence. Then the lobby:
 * the games open and being played, each with its settings, the players'
 * names and its spectators (r lists them again); n opens a game with the
 * new-game form's last choice (b: who takes Black), Enter sits down at the
 * open game selected or watches the one selected being played, w watches
 * it. Sitting down (or opening a game) hands the seat to the Network game
 * screen (lobbyscreen_take_seat, netscreen_adopt), which plays it as any
 * network game. Watching shows the board, both clocks and the moves as
 * they come, read only; Esc goes back to the lobby.
 *
 * Every failure (the server refused, unreachable, gone, a changed key) is
 * a sentence on screen; Enter then asks for the address again and Esc goes
 * back. Keys come through one table; handlers return enum react flags and
 * never draw. The link is polled through the screen table's pollfds.
 */
#ifndef MNK_TUI_LOBBYSCREEN_H
#define MNK_TUI_LOBBYSCREEN_H

#include <stdbool.h>

#include "mnk/game.h"
#include "play/lobby.h"
#include "play/netgame.h"
#include "tui/cursor.h"
#include "tui/draw.h"
#include "tui/layout.h"
#include "tui/prompt.h"

#define LOBBYSCREEN_LOG 12
#define LOBBYSCREEN_LINE_MAX (LOBBY_WHY_MAX + 120)

enum lobbyscreen_phase {
    LOBBYSCREEN_ASKING,     /* the address or the name is asked */
    LOBBYSCREEN_CONNECTING, /* the link and the name on their way */
    LOBBYSCREEN_LOBBY,      /* the list of games */
    LOBBYSCREEN_WATCHING,   /* a game watched */
    LOBBYSCREEN_OFF,        /* no link: the reason shown */
};

enum lobbyscreen_asking { LOBBYSCREEN_ASK_NONE, LOBBYSCREEN_ASK_ADDRESS,
                          LOBBYSCREEN_ASK_NAME };

struct lobbyscreen {
    int rows, cols;
    struct game_config form;        /* what a game opened here offers */
    enum wire_side black;           /* who takes Black in it */
    enum lobbyscreen_phase phase;
    enum lobbyscreen_asking asking;
    struct prompt prompt;
    char address[PROMPT_MAX];
    char name[WIRE_NAME_MAX];
    bool reached;                   /* a lobby welcomed these two: */
    char reached_address[PROMPT_MAX];
    char reached_name[WIRE_NAME_MAX];
    struct lobby *lobby;
    int selected;                   /* the game selected in the list */
    struct netgame *seated;         /* a seat taken, for the game screen */
    char seated_address[LINK_ADDRESS_MAX + 8];
    int seated_game;
    char notice[LOBBYSCREEN_LINE_MAX]; /* the key pinned, said once */
    char message[LOBBYSCREEN_LINE_MAX];
    enum draw_style message_style;
    /* Watching: the board's layout and the log of moves. */
    struct layout layout;
    struct board_cursor cur;
    char log[LOBBYSCREEN_LOG][64];
    int n_log;
};

/* The form's last choice, which a game opened here offers. */
void lobbyscreen_set_form(struct lobbyscreen *l, const struct game_config *c);

/* The server's address and the name to offer first (either may be "": the
 * prompt's own default then). */
void lobbyscreen_remember(struct lobbyscreen *l, const char *address, const char *name);

/* The address and the name of the last lobby reached, for the settings:
 * false while none was reached since the screen was made. */
bool lobbyscreen_reached(const struct lobbyscreen *l, const char **address, const char **name);

/* The seat taken (the netgame, the server's address with its port, the
 * game's number), handed over to the caller once; NULL when there is none. */
struct netgame *lobbyscreen_take_seat(struct lobbyscreen *l, const char **address, int *game);

#endif
