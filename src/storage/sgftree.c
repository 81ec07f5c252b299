/* sgftree.c — an SGF collection as a tree; see sgftree.h. */
#include "storage/sgftree.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
    return false;
}

void sgftree_free(struct sgftree *t)
{
    free(t->tree);
    free(t->node);
    free(t->prop);
    free(t->values);
    memset(t, 0, sizeof *t);
}

/* Adds a node under `parent` (−1: a new tree's root). */
static int add_node(struct sgftree *t, int parent, size_t at)
{
    int i = t->n_nodes++;
    t->node[i] = (struct sgftree_node){ .parent = parent, .child = -1, .next = -1,
                                        .prop = t->n_props, .at = at };
    if (parent < 0) {
        t->tree[t->n_trees++] = i;
        return i;
    }
    int *link = &t->node[parent].child;
    while (*link >= 0)
        link = &t->node[*link].next;
    *link = i;
    return i;
}

static bool parse(const char *s, size_t len, struct sgftree *t, char *err, size_t size)
{
    int stack[SGFTREE_NESTING_MAX];
    int depth = 0, cur = -1;
    bool in_tree_start = false;   /* after '(', before its first node */
    size_t used = 0, i = 0;
    while (i < len) {
        unsigned char ch = (unsigned char)s[i];
        if (isspace(ch)) {
            i++;
            continue;
        }
        if (ch == '(') {
            if (in_tree_start)
                return fail(err, size, "byte %zu: a variation before any node", i);
            if (depth == SGFTREE_NESTING_MAX)
                return fail(err, size, "byte %zu: variations nested deeper than %d", i,
                            SGFTREE_NESTING_MAX);
            if (depth > 0 && cur < 0)
                return fail(err, size, "byte %zu: a variation before any node", i);
            stack[depth++] = cur;
            in_tree_start = true;
            i++;
            continue;
        }
        if (ch == ')') {
            if (depth == 0)
                return fail(err, size, "byte %zu: ')' with no '(' open", i);
            if (in_tree_start)
                return fail(err, size, "byte %zu: an empty game tree", i);
            cur = stack[--depth];
            i++;
            continue;
        }
        if (depth == 0) {
            /* Text between game trees is allowed by nothing; but a file
             * that ends in blanks is fine (skipped above). */
            return fail(err, size, "byte %zu: text outside a game tree", i);
        }
        if (ch == ';') {
            cur = add_node(t, cur, i);
            in_tree_start = false;
            i++;
            continue;
        }
        if (in_tree_start || cur < 0)
            return fail(err, size, "byte %zu: a property before the first node", i);
        if (!isupper(ch))
            return fail(err, size, "byte %zu: unexpected character 0x%02x", i, ch);
        char id[SGFTREE_ID_MAX];
        size_t n = 0;
        size_t at = i;
        while (i < len && isupper((unsigned char)s[i])) {
            if (n + 1 >= sizeof id)
                return fail(err, size, "byte %zu: property name too long", at);
            id[n++] = s[i++];
        }
        id[n] = '\0';
        while (i < len && isspace((unsigned char)s[i]))
            i++;
        if (i >= len || s[i] != '[')
            return fail(err, size, "byte %zu: property %s has no value", at, id);
        while (i < len && s[i] == '[') {
            i++;
            char *v = t->values + used;
            size_t k = 0;
            while (i < len && s[i] != ']') {
                if (s[i] == '\\' && i + 1 < len) {
                    i++;
                    /* A soft line break: the escaped newline goes. */
                    if (s[i] == '\n' || s[i] == '\r') {
                        char first = s[i++];
                        if (i < len && (s[i] == '\n' || s[i] == '\r') && s[i] != first)
                            i++;
                        continue;
                    }
                }
                v[k++] = s[i++];
            }
            if (i >= len)
                return fail(err, size, "byte %zu: unterminated value of %s", at, id);
            i++; /* ']' */
            v[k] = '\0';
            used += k + 1;
            struct sgftree_prop *p = &t->prop[t->n_props++];
            memcpy(p->id, id, n + 1);
            p->value = v;
            t->node[cur].n_props++;
            while (i < len && isspace((unsigned char)s[i]))
                i++;
        }
    }
    if (depth > 0)
        return fail(err, size, "the collection ends early (missing ')')");
    if (t->n_trees == 0)
        return fail(err, size, "no game tree");
    return true;
}

bool sgftree_parse(const char *text, size_t len, struct sgftree *out, char *err,
                   size_t err_size)
{
    memset(out, 0, sizeof *out);
    if (len > SGFTREE_TEXT_MAX)
        return fail(err, err_size, "more than %zu bytes", SGFTREE_TEXT_MAX);
    size_t nodes = 0, values = 0, trees = 0;
    for (size_t i = 0; i < len; i++) {
        nodes += text[i] == ';';
        values += text[i] == '[';
        trees += text[i] == '(';
    }
    out->tree = malloc((trees + 1) * sizeof *out->tree);
    out->node = malloc((nodes + 1) * sizeof *out->node);
    out->prop = malloc((values + 1) * sizeof *out->prop);
    out->values = malloc(len + 1);
    if (out->tree == NULL || out->node == NULL || out->prop == NULL || out->values == NULL) {
        sgftree_free(out);
        return fail(err, err_size, "out of memory");
    }
    if (!parse(text, len, out, err, err_size)) {
        sgftree_free(out);
        return false;
    }
    return true;
}

const char *sgftree_get(const struct sgftree *t, int node, const char *id)
{
    const struct sgftree_node *n = &t->node[node];
    for (int i = n->prop; i < n->prop + n->n_props; i++)
        if (strcmp(t->prop[i].id, id) == 0)
            return t->prop[i].value;
    return NULL;
}

void sgftree_write_text(FILE *out, const char *s)
{
    for (; *s != '\0'; s++) {
        if (*s == ']' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
}
