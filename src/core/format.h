/* src/core/format.h - printf into a new string (internal).

   char *s = rm_vformat(fmt, ap);   // malloc'd, caller frees; NULL if out of memory */
#ifndef RM_CORE_FORMAT_H
#define RM_CORE_FORMAT_H

#include <stdarg.h>

char *rm_vformat(const char *fmt, va_list ap);

#endif
