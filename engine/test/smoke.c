/* engine/test/smoke.c - the smallest test program: prints "hello" and the
   sum of its arguments read as decimal numbers (tests/engine_double). */
#include <double.h>

int main(int argc, char **argv)
{
    long long sum = 0;
    int i;
    for (i = 1; i < argc; i++)
        sum += rt_atoi(argv[i]);
    rt_print("hello\n");
    rt_printf("sum %lld\n", sum);
    return argc > 1 && sum == 0 ? 3 : 0;
}
