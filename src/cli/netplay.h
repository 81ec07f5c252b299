/* netplay.h — network play as lines, the scriptable form of `mnk host`
 * and `mnk join`: commands read from standard input, every event of the
 * game (play/netgame.h) written to standard output as a line, complaints
 * about a command to standard error.
 *
 * Commands, one a line (blank lines and lines from '#' are skipped):
 *   CELL (h8)            play there, when it is this side's turn
 *   black | white | two  the opening's choice, when it is this side's
 *   resign
 *   draw | takeback      ask the other side
 *   rematch              ask for another game once this one is over, or
 *                        accept the other side's request
 *   yes | no             answer what the other side asked (the joiner: the
 *                        settings first)
 *   say TEXT             a line of chat
 *   claim                win a game the other side abandoned
 *   quit                 leave now
 * A command that cannot be done yet waits, and the commands after it wait
 * behind it: a move waits for this side's turn, yes and no for a question,
 * rematch for the game's end, claim for the other side to stay away past
 * the limit. So a script may give all its moves at once. At the end of
 * input the command plays on until nothing more can happen (the game is
 * over, the session ended or stopped, the other side abandoned it), then
 * leaves.
 *
 * Events, one a line, words then values:
 *   code CODE | port PORT | address A the host's, to read out (cmd_host:
 *                                     an address line for each)
 *   connected ADDRESS
 *   settings WxH k=K RULE OPENING TC black=host|joiner
 *   declined [REASON] | start you=black|white | turn
 *   move N black|white CELL MS        every move, this side's too: its
 *                                     ply, colour, cell and time charged
 *   choice N black|white|two          N stones on the board
 *   clock N MS                        the host charged move N more
 *   undo N                            a takeback: back to N moves
 *   offer draw|takeback|rematch | answer draw|takeback|rematch yes|no
 *   chat TEXT | notice TEXT
 *   opponent NAME                     a server's player: the other one's name
 *   dropped WHY | resumed N | abandoned | stopped WHY | ended WHY
 *   result black|white|draw REASON N (TEXT)   REASON as RESULT's (wire.h)
 * Texts from the other side are fit to print as they are (wire.h).
 *
 * Against a Piskvork player (--piskvork, play/pisknet.h) the same lines
 * serve, except: black, white, two, resign, draw and claim do not exist
 * (said so, and skipped); rematch once a game is over begins the next one
 * at once (the side that did not move last begins), and while one goes on
 * asks for a new game (offer rematch / answer rematch on the other side);
 * takeback takes this side's last move back (and the other side's after
 * it); yes and no answer those, and the joiner's settings. Never written:
 * code, choice, clock, dropped, resumed, abandoned, stopped; the port is
 * the host's only line before `connected`, and what the other side sends
 * that is malformed or against the rules is a `notice`, the game going on.
 * A chat line the other side sent cut ends in "…".
 */
#ifndef MNK_CLI_NETPLAY_H
#define MNK_CLI_NETPLAY_H

#include "play/netgame.h"
#include "play/pisknet.h"

/* Plays the session of `ng` (which it frees) for the command `name`
 * ("host", "join"): the exit status, 0 when a game was played to its end
 * or the player quit, 1 when the session ended or stopped without one.
 * With `save_dir`, each game of the session is a record there, as the
 * Network game screen keeps it (DIR/net-DATE.sgf, tui/saves.h's
 * saves_net_path), written whole at each move: the players' names, the
 * time control and each move's clock; `record PATH` says where, once a
 * game, and a write that fails is a `notice`, the game going on. */
int netplay_run(const char *name, struct netgame *ng, const char *save_dir);

/* The same for a game against a Piskvork player (pisknet.h), which it
 * frees. */
int netplay_run_piskvork(const char *name, struct pisknet *pn, const char *save_dir);

#endif
