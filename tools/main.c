/* Placeholder until the CLI lands. */
#include <stdio.h>
int main(void) { puts("retromesh"); return 0; }
