/* engine/test/rt/divide.S - the 32-bit division helpers gcc calls for `/`
   and `%` on int (sh4-linux-gnu-gcc -m4-nofpu; Debian ships no big-endian
   libgcc).

   Their convention is not the C one: the dividend is in r4, the divisor
   in r5, the quotient comes back in r0, and the caller assumes every other
   register keeps its value except the few gcc lists as clobbered (T, r1,
   pr, mach, macl). To be safe these wrappers keep everything but r0 and T:
   they save r1-r7, pr, mach and macl, call the C routines of divide.c
   (normal convention: they may change r0-r7, pr, mach, macl, T) and
   restore. Division by zero returns 0 (the C routines' choice, see
   divide.c); it does not trap. */
    .text

    .macro  DIVWRAP name, target
    .global \name
    .align  2
\name:
    mov.l   r1, @-r15
    mov.l   r2, @-r15
    mov.l   r3, @-r15
    mov.l   r4, @-r15
    mov.l   r5, @-r15
    mov.l   r6, @-r15
    mov.l   r7, @-r15
    sts.l   pr, @-r15
    sts.l   mach, @-r15
    sts.l   macl, @-r15
    mov.l   1f, r0
    jsr     @r0
    nop
    lds.l   @r15+, macl
    lds.l   @r15+, mach
    lds.l   @r15+, pr
    mov.l   @r15+, r7
    mov.l   @r15+, r6
    mov.l   @r15+, r5
    mov.l   @r15+, r4
    mov.l   @r15+, r3
    mov.l   @r15+, r2
    rts
    mov.l   @r15+, r1       /* in the delay slot */
    .align  2
1:  .long   \target
    .endm

    DIVWRAP __sdivsi3_i4i, rt_sdiv32
    DIVWRAP __udivsi3_i4i, rt_udiv32
    /* The other names gcc's SH back end may use for the same operations
       (other -mdiv= strategies): same convention. */
    DIVWRAP __sdivsi3, rt_sdiv32
    DIVWRAP __udivsi3, rt_udiv32
    DIVWRAP __sdivsi3_i4, rt_sdiv32
    DIVWRAP __udivsi3_i4, rt_udiv32
