/* sgftree.h — an SGF collection read whole: its game trees, their nodes
 * and the nodes' properties, with every variation, knowing nothing of what
 * a property means.
 *
 * record.h reads one game, its main line, into the game model; a file of
 * puzzles is many game trees (`(;...)(;...)`), each with variations (the
 * defences of a proof), so it is read here as a tree and interpreted by
 * its reader (play/puzzlebook.h). The grammar is FF[4]'s: a collection is
 * GameTree+, a GameTree "(" Node+ GameTree* ")", a Node ";" Property*, a
 * Property an upper-case identifier and one or more "[value]", values with
 * "\" escaping the next character (and "\" before a line break removing
 * it, a soft line break). Blanks between the parts are skipped; lower-case
 * letters in an identifier (FF[3]'s long names) are refused, as anything
 * else is, with the byte offset.
 *
 * A parse allocates its arrays once, sized from the text (at most one node
 * per ';', one value per '['), and never more; sgftree_free frees them.
 * Bounded: a text of more than SGFTREE_TEXT_MAX bytes, or nesting deeper
 * than SGFTREE_NESTING_MAX, is refused. No I/O but the writer's FILE.
 */
#ifndef MNK_STORAGE_SGFTREE_H
#define MNK_STORAGE_SGFTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SGFTREE_TEXT_MAX ((size_t)64 << 20)
#define SGFTREE_NESTING_MAX 1000
#define SGFTREE_ID_MAX 16

struct sgftree_prop {
    char id[SGFTREE_ID_MAX];   /* "AB" */
    const char *value;         /* unescaped, NUL-terminated (in `values`) */
};

struct sgftree_node {
    int parent;                /* −1 for a tree's root */
    int child;                 /* first child, −1: none */
    int next;                  /* next sibling, −1: none */
    int prop, n_props;         /* its properties, prop[prop .. prop + n_props) */
    size_t at;                 /* byte offset of its ';' */
};

struct sgftree {
    int n_trees, n_nodes, n_props;
    int *tree;                 /* the root node of each game tree */
    struct sgftree_node *node;
    struct sgftree_prop *prop;
    char *values;
};

/* Reads the collection in text (len bytes, need not be NUL-terminated)
 * into *out. False with a one-line reason (English, with the byte offset)
 * in err, and nothing to free, on a text that is no SGF collection. */
bool sgftree_parse(const char *text, size_t len, struct sgftree *out, char *err,
                   size_t err_size);

/* Frees what a parse allocated; safe on a zeroed struct. */
void sgftree_free(struct sgftree *t);

/* The first value of property `id` of `node`, or NULL. */
const char *sgftree_get(const struct sgftree *t, int node, const char *id);

/* Writes s as an SGF value's text, escaping ']' and '\'. */
void sgftree_write_text(FILE *out, const char *s);

#endif
