/* engine/samples/level/main.c - a level loader for the Jo Engine, with
   retromesh's level module (jo/level.h) and model module (jo/model.h).

   It loads LEVEL.JOL, walks its entities (ENTI: name, class, model, place,
   flags, and their properties in PROP), loads each model the entities name
   once, and draws every entity that has one at its position. START frees
   everything (the models, then their textures with
   jo_3d_model_free_textures_from(), then the level) and loads it again: the
   sprite count shown stays the same, the VRAM is given back each time.

   The CD (the project's cd/ folder, 8.3 uppercase names), from the
   repository's examples (README.md, "From a Blender model to a Saturn game"):
       retromesh level build examples/level.json cd/LEVEL.JOL
       retromesh convert examples/crate.obj cd/BARREL.JOM --scale 16
   The makefile: JO_COMPILE_WITH_3D_MODULE = 1 and JO_COMPILE_WITH_LEVEL_MODULE = 1
   (engine/README.md). */
#include <jo/jo.h>

#define LEVEL_FILE "LEVEL.JOL"
/* A level of this sample has at most this many entities and models: the
   tables are static (no allocation per entity). */
#define MAX_ENTITIES (64)
#define MAX_MODELS (16)
/* Lines of text for the list of entities. */
#define LIST_LINES (20)
/* Where the camera stands (world units, Saturn Y down) and looks. */
#define CAMERA_X (150)
#define CAMERA_Y (-300)
#define CAMERA_Z (-300)

typedef struct
{
    const char *file;               /* a string of the level (STRS): lives as long as the level */
    jo_3d_model *model;             /* JO_NULL: not loaded (missing or refused) */
} level_model;

typedef struct
{
    int x, y, z;                    /* world units, Saturn Y (down) */
    int yaw;                        /* degrees */
    int model;                      /* index in models[], -1: none */
    int draw_distance;              /* the property of all the classes (level_format.md) */
} level_entity;

typedef struct
{
    jo_level *level;
    int first_sprite;               /* jo_sprite_count() before the models: what the free gives back */
    unsigned int model_count;
    level_model models[MAX_MODELS];
    unsigned int entity_count;
    level_entity entities[MAX_ENTITIES];
    unsigned int line;              /* next line of the list */
    unsigned int loads;
    jo_camera camera;
} level_game;

/* Jo clears only part of .bss at boot (jo-engine-api 0.5): level_load()
   and game_start() set every field used. */
static level_game the_game;

static jo_angle degrees_to_angle(const int degrees)
{
    return (jo_angle)((degrees * 46603) >> 8);   /* 65536 / 360 = 46603 / 256 */
}

/* Exact compare: the CD's names are exact (GFS compares them
   case-sensitively, jo-engine-api 0.6). */
static bool same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b)
    {
        ++a;
        ++b;
    }
    return *a == *b;
}

static void list(level_game *const game, const char *const text, const char *const a, const char *const b)
{
    if (game->line < LIST_LINES)
        jo_printf(1, (int)(3 + game->line), "%s %s %s", text, a != JO_NULL ? a : "-", b != JO_NULL ? b : "-");
    ++game->line;
}

/* The model of a file, loaded the first time an entity names it. */
static int level_model_of(level_game *const game, const char *const file)
{
    for (unsigned int i = 0; i < game->model_count; ++i)
        if (same_name(game->models[i].file, file))
            return game->models[i].model != JO_NULL ? (int)i : -1;
    if (game->model_count >= MAX_MODELS)
        return -1;
    level_model *const m = &game->models[game->model_count];
    m->file = file;
    m->model = jo_3d_load_model(file);   /* its textures too (TEXT names on the CD, or TIMG) */
    ++game->model_count;
    return m->model != JO_NULL ? (int)(game->model_count - 1) : -1;
}

/* The properties of an entity: listed, and draw_distance read by name (the
   classes read theirs so, with a default when the level has none). */
static int entity_properties(level_game *const game, const jo_level_enti_record *const e)
{
    int draw_distance = 2000;   /* the default of level_format.md, "all the classes" */
    for (unsigned int p = 0; p < e->prop_count; ++p)
    {
        jo_level_prop_record prop;
        /* 0 past the last record: a count that overruns PROP stops here. */
        if (jo_level_get_records(game->level, "PROP", (unsigned int)e->first_prop + p, 1, &prop, sizeof(prop)) != 1)
            break;
        const char *const key = jo_level_string(game->level, prop.key);
        if (key == JO_NULL)
            continue;
        if (prop.type == JO_LEVEL_PROPERTY_STRING)
            list(game, "   ", key, jo_level_string(game->level, (unsigned int)prop.value));
        else
            list(game, "   ", key, prop.type == JO_LEVEL_PROPERTY_FIXED ? "(fixed)" : "(int)");
        if (prop.type == JO_LEVEL_PROPERTY_INT && same_name(key, "draw_distance"))
            draw_distance = prop.value;
    }
    return draw_distance;
}

static bool level_load(level_game *const game)
{
    game->model_count = 0;
    game->entity_count = 0;
    game->line = 0;
    game->first_sprite = jo_sprite_count();
    game->level = jo_level_load(LEVEL_FILE);   /* one block, used in place */
    if (game->level == JO_NULL)
    {
        jo_printf(1, 1, "%s: %s", LEVEL_FILE, jo_level_last_error());
        return false;
    }
    const unsigned int count = jo_level_record_count(game->level, "ENTI");
    for (unsigned int i = 0; i < count && game->entity_count < MAX_ENTITIES; ++i)
    {
        /* In this engine's layout whatever the file's: the fields an older
           file lacks come back at their defaults. */
        jo_level_enti_record e;
        if (jo_level_get_records(game->level, "ENTI", i, 1, &e, sizeof(e)) != 1)
            break;
        const char *const name = jo_level_string(game->level, e.name);   /* JO_NULL: none */
        const char *const cls = jo_level_string(game->level, e.cls);
        const char *const file = jo_level_string(game->level, e.model);
        list(game, "", name, cls);
        level_entity *const entity = &game->entities[game->entity_count++];
        entity->x = e.x;
        entity->y = e.y;
        entity->z = e.z;
        entity->yaw = e.yaw;
        entity->draw_distance = entity_properties(game, &e);
        /* A hidden entity (a trigger zone, a relay) has no model drawn. */
        entity->model = (file != JO_NULL && !(e.flags & JO_LEVEL_ENTITY_FLAG_HIDDEN)) ? level_model_of(game, file) : -1;
    }

    /* A game's own section (an identifier with a lowercase letter): the
       engine keeps it, the game reads its bytes. */
    const jo_level_section *const mine = jo_level_find_section(game->level, "game");
    if (mine != JO_NULL)
        jo_printf(1, 2, "section game: %u bytes", mine->size);
    ++game->loads;
    return true;
}

/* Everything the load made, in this order: the models (their blocks), the
   sprites added since the load began (textures, tiles, smaller copies,
   gouraud tables), then the level (its strings were the models' names). */
static void level_free(level_game *const game)
{
    for (unsigned int i = 0; i < game->model_count; ++i)
        if (game->models[i].model != JO_NULL)
            jo_3d_free_model(game->models[i].model);
    game->model_count = 0;
    game->entity_count = 0;
    jo_3d_model_free_textures_from(game->first_sprite);
    if (game->level != JO_NULL)
        jo_level_free(game->level);
    game->level = JO_NULL;
}

static void game_frame(void)
{
    level_game *const game = &the_game;
    if (jo_is_pad1_available() && jo_is_pad1_key_down(JO_KEY_START))
    {
        level_free(game);
        level_load(game);
    }
    jo_3d_camera_look_at(&game->camera);
    for (unsigned int i = 0; i < game->entity_count; ++i)
    {
        const level_entity *const entity = &game->entities[i];
        if (entity->model < 0)
            continue;
        /* Not drawn farther than its draw_distance, on the ground (64-bit
           squares: no overflow for any i32 position). */
        const long long dx = (long long)entity->x - CAMERA_X;
        const long long dz = (long long)entity->z - CAMERA_Z;
        if (dx * dx + dz * dz > (long long)entity->draw_distance * entity->draw_distance)
            continue;
        jo_3d_push_matrix();
        jo_3d_translate_matrix(entity->x, entity->y, entity->z);
        slRotY(degrees_to_angle(entity->yaw));
        jo_3d_model_draw(game->models[entity->model].model);
        jo_3d_pop_matrix();
    }
    jo_printf(1, 1, "loads %u  models %u  sprites %d   ", game->loads, game->model_count, jo_sprite_count());
}

static void game_start(level_game *const game)
{
    game->level = JO_NULL;
    game->loads = 0;
    level_load(game);
    jo_3d_camera_init(&game->camera);
    jo_3d_camera_set_viewpoint(&game->camera, CAMERA_X, CAMERA_Y, CAMERA_Z);
    jo_3d_camera_set_target(&game->camera, 150, 0, 200);
}

void jo_main(void)
{
    jo_core_init(JO_COLOR_Black);
    game_start(&the_game);
    jo_core_add_callback(game_frame);
    jo_core_run();
}
