/* src/core/outreg.h - the registry of temporary files and made folders
   that a signal must remove (internal; see rm_output_cleanup_on_signals).

     rm_outreg_entry *e = rm_outreg_add(".X.JOM.Ab12Cd", false);
     ...
     rm_outreg_remove(e);       // committed or removed: forget it

   The registry is a list of blocks of atomic slots that only grows, so the
   handler can walk it at any moment without a lock; signals are blocked in
   the calling thread while a slot changes. */
#ifndef RM_CORE_OUTREG_H
#define RM_CORE_OUTREG_H

#include <signal.h>
#include <stdbool.h>

typedef struct rm_outreg_entry rm_outreg_entry;

/* NULL when out of memory (the path is then not removed on a signal). */
rm_outreg_entry *rm_outreg_add(const char *path, bool is_dir);
void rm_outreg_remove(rm_outreg_entry *e);

/* Blocks every signal in this thread (between making a file and
   registering it), then restores the mask. */
void rm_outreg_hold(sigset_t *old);
void rm_outreg_release(const sigset_t *old);

#endif
