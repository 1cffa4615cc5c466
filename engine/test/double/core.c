/* engine/test/double/core.c - errors (jo_core_error, jo_get_last_error),
   defects, double_reset(). */
#include "internal.h"

#include "../rt/rt.h"

#define MAX_ERRORS 256
#define ERROR_SIZE 64                /* Jo's __jo_last_error[64] (JO_PRINTF_BUF_SIZE) */
#define MAX_DEFECTS 256
#define DEFECT_SIZE 128

static char errors[MAX_ERRORS][ERROR_SIZE];
static unsigned int error_count;    /* may pass MAX_ERRORS: the last slot is overwritten */
static char last_error[ERROR_SIZE];
static char defects[MAX_DEFECTS][DEFECT_SIZE];
static unsigned int defect_count;

static void record_error(const char *format, va_list ap)
{
    /* Jo formats with sprintf into 64 bytes without a bound; the double
       cuts at 63 characters instead of overrunning. */
    rt_vsnprintf(last_error, ERROR_SIZE, format, ap);
    rt_memcpy(errors[error_count < MAX_ERRORS ? error_count : MAX_ERRORS - 1], last_error, ERROR_SIZE);
    error_count++;
}

#ifdef JO_DEBUG
void __jo_double_core_error(const char *function, const char *format, ...)
{
    va_list ap;
    (void)function;
    va_start(ap, format);
    record_error(format, ap);
    va_end(ap);
}
#endif

void double_error(const char *function, const char *format, ...)
{
    va_list ap;
    (void)function;
    va_start(ap, format);
    record_error(format, ap);
    va_end(ap);
}

const char *jo_get_last_error(void)
{
    return last_error;
}

unsigned int double_error_count(void)
{
    return error_count < MAX_ERRORS ? error_count : MAX_ERRORS;
}

const char *double_error_at(unsigned int i)
{
    return i < double_error_count() ? errors[i] : JO_NULL;
}

void double_clear_errors(void)
{
    error_count = 0;
    last_error[0] = 0;
}

void double_defect(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    rt_vsnprintf(defects[defect_count < MAX_DEFECTS ? defect_count : MAX_DEFECTS - 1], DEFECT_SIZE, format, ap);
    va_end(ap);
    if (defect_count < MAX_DEFECTS)
        defect_count++;
}

unsigned int double_defect_count(void)
{
    return defect_count;
}

const char *double_defect_at(unsigned int i)
{
    return i < defect_count ? defects[i] : JO_NULL;
}

void double_reset(void)
{
    error_count = 0;
    last_error[0] = 0;
    defect_count = 0;
    double_reset_fs();
    double_reset_heap();
    double_reset_sprites();
    double_reset_sgl();
    double_reset_puts();
}
