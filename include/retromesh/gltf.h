/* retromesh/gltf.h - glTF 2.0 models (.gltf with its .bin and images, data:
   URIs, .glb) into the neutral mesh, with their rigid skeleton and
   animations.

   Usage:
     rm_gltf_options go;
     rm_gltf_options_default(&go);
     go.rigid = true;                          // --rigid
     rm_mesh mesh;
     if (rm_gltf_read_file("robot.glb", &go, &mesh, NULL, &diag) == RM_OK) {
         // mesh.skeleton: the bones and animations (NULL without any),
         // mesh.from_triangles: the converter joins triangle pairs into quads
         rm_convert_mesh_to_jom(&mesh, &opt, &jom, &diag);
         rm_mesh_free(&mesh);
     }

   Most programs do not call this: rm_model_read_file (retromesh/formats.h)
   recognises a glTF by its content and calls it, with the options of
   rm_model_read_options.gltf. What is read and every rule: docs/gltf.md.

   Ownership: the mesh owns everything, the skeleton too (rm_mesh_free
   frees it). Nothing keeps a pointer to the options. */
#ifndef RETROMESH_GLTF_H
#define RETROMESH_GLTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "mesh.h"
#include "output.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rm_gltf_options {
    /* --rigid: a vertex weighted to several joints goes to its heaviest
       (one warning with the count) instead of being an error. */
    bool rigid;
    /* --key-ticks N: ticks (1/60 s) between two sampled keys; 0: the
       smallest step between the animation's keyframes, in ticks. */
    uint16_t key_ticks;
    /* --loop NAME / --once NAME (borrowed arrays of animation names): the
       named animations loop or play once, whatever their poses say. */
    const char *const *loop;
    size_t loop_count;
    const char *const *once;
    size_t once_count;
    /* The most bytes a file the glTF names (buffer, image) may have (0:
       RM_FILE_MAX_DEFAULT). */
    uint64_t max_bytes;
} rm_gltf_options;

void rm_gltf_options_default(rm_gltf_options *o);

/* Reads a glTF (JSON or GLB) in memory; `name` is the file for messages
   and the folder its URIs are relative to. Every file it reads (buffers,
   images) is added to `inputs` (may be NULL). RM_OK, RM_INVALID (messages
   in diag), RM_IO, RM_NOMEM; *out is initialised by the call and left
   empty on failure. */
rm_status rm_gltf_read_memory(const uint8_t *data, size_t size, const char *name,
                              const rm_gltf_options *opt, rm_mesh *out, rm_output_set *inputs,
                              rm_diag *diag);
rm_status rm_gltf_read_file(const char *path, const rm_gltf_options *opt, rm_mesh *out,
                            rm_output_set *inputs, rm_diag *diag);

#ifdef __cplusplus
}
#endif
#endif
