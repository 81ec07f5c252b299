/* react.h — what a key handler asks of the main loop.
 *
 * Handlers change their screen's state and return a set of these flags; they
 * never draw. The one place that turns flags into work is app.c, through
 * one table of reactions: it redraws, opens and closes overlays, switches
 * screens and quits. A flag says what the screen must do, never which
 * command to run: a confirmation is REACT_CONFIRMED, and the app knows what
 * it asked; a file name asked for (REACT_ASK_FILE) goes to the screen's own
 * save (screen.h); a screen to go to is a value, REACT_GO(id).
 */
#ifndef MNK_TUI_REACT_H
#define MNK_TUI_REACT_H

enum react {
    REACT_NONE = 0,
    REACT_REDRAW = 1 << 0,    /* the screen changed */
    REACT_QUIT = 1 << 1,      /* leave the program now */
    REACT_ASK_QUIT = 1 << 2,  /* leave, after the player confirms */
    REACT_MENU = 1 << 3,      /* go to the new-game form */
    REACT_ASK_MENU = 1 << 4,  /* the same, after the player confirms */
    REACT_START = 1 << 5,     /* start the game the menu describes */
    REACT_HELP = 1 << 6,      /* open the help overlay */
    REACT_CLOSE = 1 << 7,     /* close the overlay on top */
    REACT_ASK_FILE = 1 << 8,  /* ask for a file name, for the screen's save() */
    REACT_EDIT = 1 << 9,      /* set up the position of the game the form
                                 describes, in the board editor */
    REACT_RESUME = 1 << 10,   /* open the unfinished game picked in the list */
    REACT_ANSWER = 1 << 11,   /* the prompt was answered: act on its text */
    REACT_ASK_RESIGN = 1 << 12, /* resign, after the player confirms */
    REACT_CONFIRMED = 1 << 13, /* yes to the dialog: do what it asked (the
                                  app keeps what that is, not the flags) */
    REACT_ASK_DELETE = 1 << 14, /* delete the picked unfinished game, once confirmed */
    REACT_ASK_CLEAR = 1 << 15, /* delete every unfinished game not open
                                  elsewhere, once confirmed */
    REACT_ASK_OTHER = 1 << 16, /* the other person answers the request the
                                  game screen has waiting, yes or no */
    REACT_DECLINED = 1 << 17, /* no to a dialog whose no is an answer too
                                 (the app keeps what it asked) */
    REACT_REVIEW = 1 << 18,   /* review the game on screen */
    REACT_ANALYSE = 1 << 19,  /* the same, and analyse it at once */
    REACT_BACK = 1 << 20,     /* leave the review, the Load or the statistics
                                 screen for where it was opened from */
    REACT_CONTINUE = 1 << 21, /* play on from the position reviewed */
    REACT_OPEN = 1 << 22,     /* open the game chosen on the Load screen */
    REACT_SETTINGS = 1 << 23, /* the player changed a setting the screen
                                 keeps (the language): remember it, and say
                                 again what the other screens say in words */
    REACT_GO_FLAG = 1 << 24,  /* go to the screen in the bits above (REACT_GO) */
    REACT_SET_UP = 1 << 30,   /* the board editor's position goes to the form
                                 (with REACT_BACK) */
};

/* Bring up screen `id` (enum screen_id, screen.h): its open(), then it is
 * the one on view; REACT_BACK returns to where it was brought up from. */
#define REACT_GO_SHIFT 25  /* bits 25 to 29: 32 screens */
#define REACT_GO(id) (REACT_GO_FLAG | ((unsigned)(id) << REACT_GO_SHIFT))
#define REACT_GO_TARGET(r) ((int)(((r) >> REACT_GO_SHIFT) & 31u))

#endif
