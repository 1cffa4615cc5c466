/* engine/test/rt/crt.S - the entry point of a test program under
   qemu-sh4eb: r15 points at argc, then the argv pointers (Linux).
   Resets the test double, calls main(argc, argv), exits with its return
   value through rt_exit (which flushes the output buffers). */
    .text
    .global _start
    .align 2
_start:
    mov.l   @r15, r8        /* argc (r8, r9 are kept across calls) */
    mov     r15, r9
    add     #4, r9          /* argv */
    mov.l   .Lreset, r0
    jsr     @r0
    nop
    mov     r8, r4
    mov     r9, r5
    mov.l   .Lmain, r0
    jsr     @r0
    nop
    mov     r0, r4
    mov.l   .Lexit, r0
    jsr     @r0
    nop
0:  bra     0b              /* rt_exit does not return */
    nop
    .align 2
.Lreset: .long double_reset
.Lmain:  .long main
.Lexit:  .long rt_exit
