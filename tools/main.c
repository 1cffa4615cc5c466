/* tools/main.c - the retromesh command (everything is in cli_main.c). */
#include "cli.h"

int main(int argc, char **argv) { return rm_cli_main(argc, argv); }
