/* src/formats/gltf/doc_parse_anim.c - animations of the glTF JSON: their
   samplers (input and output accessors, interpolation, LINEAR by default)
   and channels (sampler, target node and path). A channel without a node
   is kept with node -1 (an extension's target: ignored later); a channel
   moving a node given by a matrix is refused, as the spec forbids it. */
#include <stdio.h>
#include <string.h>

#include "gltf_load.h"

static rm_status parse_sampler(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                               const json_t *v, const char *at, rm_gltf_sampler *s)
{
    rm_status st;
    int32_t in = -1, out = -1;
    const char *interp = NULL;
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "input", RM_GLTF_REF_ACCESSOR, true, &in)) !=
            RM_OK ||
        (st = rm_gltf_get_ref(doc, diag, c, v, at, "output", RM_GLTF_REF_ACCESSOR, true,
                              &out)) != RM_OK ||
        (st = rm_gltf_get_string(doc, diag, v, at, "interpolation", false, &interp)) != RM_OK)
        return st;
    s->input = (uint32_t)in;
    s->output = (uint32_t)out;
    s->interp = RM_GLTF_LINEAR;
    if (!interp || strcmp(interp, "LINEAR") == 0)
        return RM_OK;
    if (strcmp(interp, "STEP") == 0) {
        s->interp = RM_GLTF_STEP;
        return RM_OK;
    }
    if (strcmp(interp, "CUBICSPLINE") == 0) {
        s->interp = RM_GLTF_CUBICSPLINE;
        return RM_OK;
    }
    char path[128];
    snprintf(path, sizeof path, "%s/interpolation", at);
    rm_gltf_error(doc, diag, path,
                  "\"%.60s\" is not an interpolation (LINEAR, STEP or CUBICSPLINE)", interp);
    return RM_INVALID;
}

static rm_status parse_channel(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c,
                               const json_t *v, const char *at, size_t sampler_count,
                               rm_gltf_channel *ch)
{
    rm_status st;
    json_t *target = NULL;
    const json_t *sv = json_object_get(v, "sampler");
    char path[128], tpath[128];
    if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK)
        return st;
    if (!sv)
        return rm_gltf_missing(doc, diag, at, "sampler");
    snprintf(path, sizeof path, "%s/sampler", at);
    if ((st = rm_gltf_check_index(doc, diag, sv, path, "sampler", "samplers", "the animation",
                                  sampler_count, &ch->sampler)) != RM_OK ||
        (st = rm_gltf_get_object(doc, diag, v, at, "target", true, &target)) != RM_OK)
        return st;
    snprintf(tpath, sizeof tpath, "%s/target", at);
    const char *p = NULL;
    ch->node = -1;
    if ((st = rm_gltf_get_ref(doc, diag, c, target, tpath, "node", RM_GLTF_REF_NODE, false,
                              &ch->node)) != RM_OK ||
        (st = rm_gltf_get_string(doc, diag, target, tpath, "path", true, &p)) != RM_OK)
        return st;
    if (strcmp(p, "translation") == 0)
        ch->path = RM_GLTF_PATH_TRANSLATION;
    else if (strcmp(p, "rotation") == 0)
        ch->path = RM_GLTF_PATH_ROTATION;
    else if (strcmp(p, "scale") == 0)
        ch->path = RM_GLTF_PATH_SCALE;
    else if (strcmp(p, "weights") == 0)
        ch->path = RM_GLTF_PATH_WEIGHTS;
    else
        ch->path = RM_GLTF_PATH_OTHER;
    if (ch->node >= 0 && doc->nodes[ch->node].has_matrix && ch->path != RM_GLTF_PATH_WEIGHTS &&
        ch->path != RM_GLTF_PATH_OTHER) {
        char npath[160];
        snprintf(npath, sizeof npath, "%s/node", tpath);
        rm_gltf_error(doc, diag, npath,
                      "node %d has a \"matrix\", and a node given by a matrix cannot be "
                      "animated (give it translation, rotation and scale instead)",
                      (int)ch->node);
        return RM_INVALID;
    }
    return RM_OK;
}

rm_status rm_gltf_parse_animations(rm_gltf_doc *doc, rm_diag *diag, const rm_gltf_counts *c)
{
    json_t *arr;
    size_t n;
    rm_status st =
        rm_gltf_get_array(doc, diag, doc->json, "", "animations", false, false, &arr, &n);
    if (st != RM_OK)
        return st;
    bool nomem = false;
    doc->animations = rm_gltf_calloc(n, sizeof *doc->animations, &nomem);
    if (nomem)
        return rm_gltf_nomem(doc, diag);
    doc->animation_count = n;
    for (size_t i = 0; i < n; i++) {
        char at[64];
        snprintf(at, sizeof at, "/animations/%zu", i);
        json_t *v = json_array_get(arr, i);
        rm_gltf_animation *an = &doc->animations[i];
        json_t *chans, *samps;
        size_t cn, sn;
        if ((st = rm_gltf_need_object(doc, diag, v, at)) != RM_OK ||
            (st = rm_gltf_get_string(doc, diag, v, at, "name", false, &an->name)) != RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "channels", true, true, &chans, &cn)) !=
                RM_OK ||
            (st = rm_gltf_get_array(doc, diag, v, at, "samplers", true, true, &samps, &sn)) !=
                RM_OK)
            return st;
        an->samplers = rm_gltf_calloc(sn, sizeof *an->samplers, &nomem);
        an->channels = rm_gltf_calloc(cn, sizeof *an->channels, &nomem);
        if (nomem)
            return rm_gltf_nomem(doc, diag);
        an->sampler_count = sn;
        an->channel_count = cn;
        for (size_t k = 0; k < sn; k++) {
            char path[96];
            snprintf(path, sizeof path, "%s/samplers/%zu", at, k);
            if ((st = parse_sampler(doc, diag, c, json_array_get(samps, k), path,
                                    &an->samplers[k])) != RM_OK)
                return st;
        }
        for (size_t k = 0; k < cn; k++) {
            char path[96];
            snprintf(path, sizeof path, "%s/channels/%zu", at, k);
            if ((st = parse_channel(doc, diag, c, json_array_get(chans, k), path, sn,
                                    &an->channels[k])) != RM_OK)
                return st;
        }
    }
    return RM_OK;
}
