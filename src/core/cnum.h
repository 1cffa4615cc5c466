/* src/core/cnum.h - numbers written as text the same way whatever the
   caller's locale (internal).

   A program that calls setlocale(LC_ALL, "fr_FR.UTF-8") makes printf write
   "0,5"; the files and reports the library writes must say "0.5" (the OBJ
   reader, JSON and every tool read a point). Two ways in:

     rm_cloc s = rm_cloc_enter();      // this thread prints with the C locale
     fprintf(out, "%.9g", x);          // ... any printf family call
     rm_cloc_leave(s);                 // the caller's locale again

     char t[RM_CNUM_SIZE];
     rm_cnum(t, sizeof t, "%.9g", x);  // one number, always with a '.'

   rm_cloc_enter() uses uselocale() (per thread, so other threads keep
   their locale); scopes nest. If the C locale object cannot be made (out
   of memory), rm_cnum() still replaces the locale's decimal point by '.'
   and drops grouping characters, so its text never holds a ','. */
#ifndef RM_CORE_CNUM_H
#define RM_CORE_CNUM_H

#include <locale.h>
#include <stdarg.h>
#include <stddef.h>

#define RM_CNUM_SIZE 64

typedef struct rm_cloc {
    locale_t prev;      /* (locale_t)0: nothing to restore */
} rm_cloc;

rm_cloc rm_cloc_enter(void);
void rm_cloc_leave(rm_cloc s);

/* snprintf of one number format ("%g", "%.4f"...) with a '.' for the
   decimal point; returns the length written (text cut to size). */
size_t rm_cnum(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* vsnprintf under the C locale (rm_vformat for the diagnostics). */
int rm_cvsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

#endif
