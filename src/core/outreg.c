/* src/core/outreg.c - see outreg.h and rm_output_cleanup_on_signals(). */
#include "core/outreg.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retromesh/output.h"

/* An entry is one malloc'd string: a kind byte ('f' file, 'd' folder) then
   the path, so one atomic pointer publishes both. */
struct rm_outreg_entry {
    char text[1];
};

enum { SLOTS = 64 };

typedef struct block {
    _Atomic(char *) slot[SLOTS];
    _Atomic(struct block *) next;
} block;

static block first_block;

static void block_signals(sigset_t *old)
{
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, old);
}

static void restore_signals(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

void rm_outreg_hold(sigset_t *old)
{
    block_signals(old);
}

void rm_outreg_release(const sigset_t *old)
{
    restore_signals(old);
}

rm_outreg_entry *rm_outreg_add(const char *path, bool is_dir)
{
    size_t n = strlen(path);
    char *text = malloc(n + 2);
    if (!text)
        return NULL;
    text[0] = is_dir ? 'd' : 'f';
    memcpy(text + 1, path, n + 1);
    sigset_t old;
    block_signals(&old);
    block *b = &first_block;
    for (;;) {
        for (int i = 0; i < SLOTS; i++) {
            char *expected = NULL;
            if (atomic_compare_exchange_strong(&b->slot[i], &expected, text)) {
                restore_signals(&old);
                return (rm_outreg_entry *)text;
            }
        }
        block *next = atomic_load(&b->next);
        if (!next) {
            block *nb = calloc(1, sizeof *nb);
            if (!nb) {
                restore_signals(&old);
                free(text);
                return NULL;
            }
            block *none = NULL;
            if (!atomic_compare_exchange_strong(&b->next, &none, nb))
                free(nb);   /* another thread appended one: use it */
            next = atomic_load(&b->next);
        }
        b = next;
    }
}

void rm_outreg_remove(rm_outreg_entry *e)
{
    if (!e)
        return;
    sigset_t old;
    block_signals(&old);
    for (block *b = &first_block; b; b = atomic_load(&b->next))
        for (int i = 0; i < SLOTS; i++) {
            char *expected = e->text;
            if (atomic_compare_exchange_strong(&b->slot[i], &expected, NULL)) {
                restore_signals(&old);
                free(e);
                return;
            }
        }
    restore_signals(&old);
    free(e);
}

/* Only async-signal-safe calls: unlink, rmdir, sigaction, raise. */
static void on_signal(int sig)
{
    for (block *b = &first_block; b; b = atomic_load(&b->next))
        for (int i = 0; i < SLOTS; i++) {
            char *t = atomic_load(&b->slot[i]);
            if (t && t[0] == 'f')
                unlink(t + 1);
        }
    /* Folders after files, deepest first: retry while one goes away. */
    for (int pass = 0; pass < 32; pass++) {
        int removed = 0;
        for (block *b = &first_block; b; b = atomic_load(&b->next))
            for (int i = 0; i < SLOTS; i++) {
                char *t = atomic_load(&b->slot[i]);
                if (t && t[0] == 'd' && rmdir(t + 1) == 0)
                    removed++;
            }
        if (!removed)
            break;
    }
    /* SA_RESETHAND put the default action back: this ends the process
       as the signal would have, once the handler returns. */
    raise(sig);
}

void rm_output_cleanup_on_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) != 0)
            continue;
        /* A signal the parent ignores (nohup, a shell's trap '' PIPE) stays
           ignored; a handler the program installed is left alone. */
        if (old.sa_handler != SIG_DFL)
            continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = (int)SA_RESETHAND;
        sigaction(sigs[i], &sa, NULL);
    }
}
