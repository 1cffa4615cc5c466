/* src/formats/jol/schema.c - the level format (.JOL): every section, field,
   enumeration, class of entity and reserved identifier. See schema.h.

   To change the format, edit this file only:
   - a new field: at the END of a header or record list, with .has_default,
     .def and .since = the new version of the section; then version + 1;
   - a new section: a new entry of rm_jol_sections (4 characters, version 1),
     REQUIRED only if an older engine would draw the level wrongly without it;
   then run `retromesh level gen` and commit docs/level_format.md and
   include/retromesh/level_format.h (a test fails until you do). */
#include <string.h>

#include "schema.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define WU "world units"

/* ---- File header and directory entry ---------------------------------- */

const rm_jol_field rm_jol_file_header[] = {
    {.name = "magic", .type = RM_JOL_U32, .count = 1, .since = 1, .desc = "'JOLV'"},
    {.name = "version", .type = RM_JOL_U16, .count = 1, .since = 1,
     .desc = "Version of the file format (FORMAT_VERSION: header and directory)"},
    {.name = "flags", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "Reserved (0)"},
    {.name = "size", .type = RM_JOL_U32, .count = 1, .since = 1, .desc = "Size of the file (bytes)"},
    {.name = "section_count", .type = RM_JOL_U32, .count = 1, .since = 1,
     .desc = "Number of entries of the directory (after this header)"},
};
const size_t rm_jol_file_header_count = N(rm_jol_file_header);

const rm_jol_field rm_jol_dir_entry[] = {
    {.name = "id", .type = RM_JOL_U32, .count = 1, .since = 1, .desc = "Identifier: 4 characters"},
    {.name = "version", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "Version of the section"},
    {.name = "flags", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "FLAG_xxx (REQUIRED: 1)"},
    {.name = "offset", .type = RM_JOL_U32, .count = 1, .since = 1,
     .desc = "Offset of the section from the start of the file (multiple of 4)"},
    {.name = "size", .type = RM_JOL_U32, .count = 1, .since = 1,
     .desc = "Size of the section (bytes, header, records and arrays)"},
    {.name = "header_size", .type = RM_JOL_U16, .count = 1, .since = 1,
     .desc = "Size of the header of the section (bytes)"},
    {.name = "record_size", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "Size of a record (bytes)"},
    {.name = "record_count", .type = RM_JOL_U32, .count = 1, .since = 1,
     .desc = "Number of records (after the header)"},
};
const size_t rm_jol_dir_entry_count = N(rm_jol_dir_entry);

/* ---- Sections ---------------------------------------------------------- */

#define NOSTR .has_default = true, .def = 0xFFFFFFFF
#define NOIDX .has_default = true, .def = 0xFFFF
#define D0 .has_default = true, .def = 0

static const rm_jol_field info_header[] = {
    {.name = "name", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .desc = "Name of the level"},
    {.name = "flags", .type = RM_JOL_U32, .count = 1, D0, .since = 1, .desc = "Reserved (0)"},
};

static const rm_jol_field terr_header[] = {
    {.name = "n", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "Vertices per side"},
    {.name = "cell", .type = RM_JOL_U16, .count = 1, .since = 1, .unit = WU,
     .desc = "Distance between 2 vertices"},
    {.name = "origin_x", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Center of the height map"},
    {.name = "origin_z", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Center of the height map"},
    {.name = "heights", .type = RM_JOL_OFFSET, .count = 1, .since = 1, .unit = WU,
     .desc = "Heights: n x n i16, row after row (j), Y up"},
    {.name = "colors", .type = RM_JOL_OFFSET, .count = 1, .since = 1,
     .desc = "Colors of the vertices: n x n RGB 555 of the Saturn (the light of the sun is baked)"},
    {.name = "hole_count", .type = RM_JOL_U32, .count = 1, .since = 1, .desc = "Number of entries of holes"},
    {.name = "holes", .type = RM_JOL_OFFSET, .count = 1, .since = 1,
     .desc = "Vertices under a building: u16 j x n + i. A quad with its 4 vertices in this list is not "
             "drawn. With the flag 0x8000 the quad is drawn, sorted behind the building"},
};
static const rm_jol_array terr_arrays[] = {
    {.name = "heights", .type = RM_JOL_I16, .offset_field = "heights", .len_a = "n", .len_b = "n", .desc = "Heights"},
    {.name = "colors", .type = RM_JOL_U16, .offset_field = "colors", .len_a = "n", .len_b = "n", .desc = "Colors"},
    {.name = "holes", .type = RM_JOL_U16, .offset_field = "holes", .len_a = "hole_count", .max_value = 1,
     .desc = "Holes"},
};

static const rm_jol_field plnt_record[] = {
    {.name = "x", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "y", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Height of the foot, Y up"},
    {.name = "z", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "kind", .type = RM_JOL_U16, .count = 1, .since = 1,
     .desc = "Kind: 0 palm tree, 1 bush, 2 fern, 3 rock, 4 tree of the inland"},
    {.name = "angle", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = "degrees", .desc = "Rotation around Y"},
    {.name = "scale", .type = RM_JOL_U16, .count = 1, .since = 1, .desc = "Scale x 256 (256: 1)"},
};

static const rm_jol_field modl_record[] = {
    {.name = "file", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "JOM",
     .desc = "JOM file (in the root directory of the CD)"},
    {.name = "first_box", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .target = "MBOX",
     .range_count = "box_count", .desc = "First collision box (MBOX)"},
    {.name = "box_count", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .desc = "Number of collision boxes"},
    {.name = "has_floor", .type = RM_JOL_U16, .count = 1, D0, .since = 1,
     .desc = "1: the model has a floor the player can walk on"},
    {.name = "floor", .type = RM_JOL_I16, .count = 5, D0, .since = 1, .unit = WU,
     .desc = "Floor: x0, z0, x1, z1 (model space), height (Y up)"},
};

static const rm_jol_field mbox_record[] = {
    {.name = "x", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = WU, .desc = "Center"},
    {.name = "z", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = WU, .desc = "Center"},
    {.name = "half_x", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = WU, .desc = "Half size"},
    {.name = "half_z", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = WU, .desc = "Half size"},
};

static const rm_jol_field inst_record[] = {
    {.name = "model", .type = RM_JOL_INDEX, .count = 1, NOIDX, .since = 1, .target = "MODL",
     .desc = "Model seen from far away (MODL)"},
    {.name = "near_model", .type = RM_JOL_INDEX, .count = 1, NOIDX, .since = 1, .target = "MODL",
     .desc = "Model seen from near (MODL), NO_INDEX: the same"},
    {.name = "inside_model", .type = RM_JOL_INDEX, .count = 1, NOIDX, .since = 1, .target = "MODL",
     .desc = "Model of the inside, drawn from near (MODL), NO_INDEX: none"},
    {.name = "yaw", .type = RM_JOL_I16, .count = 1, D0, .since = 1, .unit = "degrees", .desc = "Rotation around Y"},
    {.name = "x", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "y", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Position, Saturn Y (down)"},
    {.name = "z", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "half_x", .type = RM_JOL_I16, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Collision box when the model has none (model space), 0: no collision"},
    {.name = "half_z", .type = RM_JOL_I16, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Collision box when the model has none"},
};

static const rm_jol_field decl_record[] = {
    {.name = "kind", .type = RM_JOL_U16, .count = 1, .since = 1,
     .desc = "Kind: 0 coral, 1 brain coral, 2 starfish, 3 rocks, 4 sea grass, 5 anchor, 6 barrel"},
    {.name = "angle", .type = RM_JOL_I16, .count = 1, .since = 1, .unit = "degrees", .desc = "Rotation around Y"},
    {.name = "size", .type = RM_JOL_U16, .count = 1, .since = 1, .unit = WU, .desc = "Size"},
    {.name = "x", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "z", .type = RM_JOL_I32, .count = 1, .since = 1, .unit = WU, .desc = "Position"},
};

static const rm_jol_field enti_record[] = {
    {.name = "name", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1,
     .desc = "Name (unique in the level: the links and the game find the entity by it)"},
    {.name = "cls", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1,
     .desc = "Class: a class of the engine (explosive, relay, trigger...) or of the game"},
    {.name = "model", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "JOM",
     .desc = "JOM file drawn at its position, NO_STRING: none"},
    {.name = "x", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "y", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Position, Saturn Y (down): the foot of the entity"},
    {.name = "z", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Position"},
    {.name = "yaw", .type = RM_JOL_I16, .count = 1, D0, .since = 1, .unit = "degrees", .desc = "Rotation around Y"},
    {.name = "health", .type = RM_JOL_I16, .count = 1, D0, .since = 1,
     .desc = "Health at the start, 0: it can't be damaged"},
    {.name = "flags", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "ENTITY_FLAG",
     .desc = "ENTITY_FLAG_xxx: DISABLED 1, SOLID 2, HIDDEN 4"},
    {.name = "radius", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Cylinder (collisions, bullets, zone of a trigger): radius"},
    {.name = "height", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Cylinder: height above the foot"},
    {.name = "first_prop", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .target = "PROP",
     .range_count = "prop_count", .desc = "First property (PROP)"},
    {.name = "prop_count", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .desc = "Number of properties"},
    {.name = "first_link", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .target = "LINK",
     .range_count = "link_count", .desc = "First link of which it is the source (LINK)"},
    {.name = "link_count", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .desc = "Number of links"},
};

static const rm_jol_field prop_record[] = {
    {.name = "key", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .desc = "Name"},
    {.name = "type", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "PROPERTY",
     .desc = "PROPERTY_xxx: INT 0, FIXED 1, STRING 2"},
    {.name = "value", .type = RM_JOL_I32, .count = 1, D0, .since = 1,
     .desc = "Value (the offset of the string for a STRING)"},
};

static const rm_jol_field link_record[] = {
    {.name = "event", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "EVENT",
     .desc = "EVENT_xxx of the source"},
    {.name = "action", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "ACTION",
     .desc = "ACTION_xxx sent to the target"},
    {.name = "target", .type = RM_JOL_INDEX, .count = 1, NOIDX, .since = 1, .target = "ENTI",
     .desc = "Target (ENTI), NO_INDEX: the source itself"},
    {.name = "delay", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .desc = "Delay (ms)"},
    {.name = "param", .type = RM_JOL_I32, .count = 1, .has_default = true, .def = -1, .since = 1,
     .desc = "Parameter of the action (the damage of DAMAGE), -1: the parameter of the event"},
};

static const rm_jol_field cell_record[] = {
    {.name = "model", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "JOM",
     .desc = "JOM file of the cell (world coordinates)"},
    {.name = "x0", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Box where the player can walk: smallest X"},
    {.name = "z0", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Smallest Z"},
    {.name = "x1", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Biggest X"},
    {.name = "z1", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU, .desc = "Biggest Z"},
    {.name = "floor0", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Floor, Saturn Y (down): at x0 (slope X), at z0 (slope Z) or everywhere (flat)"},
    {.name = "floor1", .type = RM_JOL_I32, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Floor at x1 (slope X) or at z1 (slope Z)"},
    {.name = "slope", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "CELL_SLOPE",
     .desc = "CELL_SLOPE_xxx: FLAT 0, X 1, Z 2"},
    {.name = "first_portal", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .target = "PRTL",
     .range_count = "portal_count", .desc = "First portal of the cell (PRTL)"},
    {.name = "portal_count", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .desc = "Number of portals"},
    {.name = "yaw", .type = RM_JOL_I16, .count = 1, D0, .since = 2, .unit = "degrees",
     .desc = "Rotation of the box around its center (Y axis, the same as the yaw of INST): a building "
             "turned on the terrain"},
    {.name = "reflection", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 3, .file_ext = "JOM",
     .desc = "JOM file drawn in the mirrors of the cell instead of its model (a simpler model: bigger "
             "quads, no floor), NO_STRING: its model and the cells next to it"},
};

static const rm_jol_field prtl_record[] = {
    {.name = "cell", .type = RM_JOL_INDEX, .count = 1, NOIDX, .since = 1, .target = "CELL",
     .desc = "Cell seen through the portal (CELL), NO_INDEX: the outside (the terrain around a building, "
             "see jo_cells_outside_view())"},
    {.name = "kind", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .enumeration = "PORTAL",
     .desc = "PORTAL_xxx: DOOR 0 (an opening), MIRROR 1 (a mirror of the cell), WINDOW 2 (seen through "
             "from the cell only)"},
    {.name = "points", .type = RM_JOL_I32, .count = 12, D0, .since = 1, .unit = WU,
     .desc = "The 4 corners: x, y (Saturn Y), z of each corner"},
};

#define WFIX(n, d) {.name = n, .type = RM_JOL_FIXED, .count = 1, D0, .since = 1, .unit = "world units, Q16.16", .desc = d}
#define W16(n, dv, d) {.name = n, .type = RM_JOL_U16, .count = 1, .has_default = true, .def = dv, .since = 1, .desc = d}
static const rm_jol_field weap_record[] = {
    {.name = "name", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .desc = "Name"},
    {.name = "model", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "JOM",
     .desc = "JOM file of the weapon and the hands (first person view)"},
    WFIX("x", "Position of the model in front of the camera: right"),
    WFIX("y", "Down"),
    WFIX("z", "Forward"),
    WFIX("muzzle_y", "The muzzle in the model: height (the axis of the barrel)"),
    WFIX("muzzle_z", "The muzzle in the model: forward"),
    {.name = "convergence", .type = RM_JOL_U16, .count = 1, .has_default = true, .def = 600, .since = 1,
     .unit = WU, .desc = "The axis of the barrel crosses the line of sight at this distance (the crosshair)"},
    W16("automatic", 0, "1: it fires while the button is held, 0: one shot per press"),
    W16("fire_delay", 4, "Frames between 2 shots"),
    W16("damage", 25, "Damage of a bullet"),
    {.name = "spread", .type = RM_JOL_U16, .count = 1, D0, .since = 1, .unit = WU,
     .desc = "Spread of the bullets: the offset at 1000 units"},
    W16("recoil", 10, "The model goes back (frames of recoil)"),
    {.name = "kick", .type = RM_JOL_U16, .count = 1, .has_default = true, .def = 2, .since = 1,
     .unit = "degrees", .desc = "The view goes up at each shot"},
    W16("magazine", 30, "Bullets of a magazine"),
    W16("ammo_type", 0, "Type of ammunition (the weapons with the same type share their reserve)"),
    W16("ammo_start", 0, "Reserve at the start (not in the magazine)"),
    W16("ammo_max", 999, "Reserve at most"),
    W16("reload_time", 50, "Frames of the reload"),
    W16("switch_time", 12, "Frames to take this weapon (it comes up), the other one goes down in the same time"),
    {.name = "flash", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "*BIN",
     .desc = "Base name of the muzzle flashes (FLASH: FLASH1.BIN, FLASH2.BIN, FLASH3.BIN)"},
    {.name = "flash_size", .type = RM_JOL_U16, .count = 1, .has_default = true, .def = 22, .since = 1,
     .unit = "pixels", .desc = "Size of the muzzle flash"},
    W16("casing", 0, "1: the casings are ejected"),
    {.name = "sound_shot", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "PCM",
     .desc = "PCM file of the shot"},
    {.name = "sound_reload", .type = RM_JOL_STRING, .count = 1, NOSTR, .since = 1, .file_ext = "PCM",
     .desc = "PCM file of the reload"},
    W16("shot_volume", 120, "Volume of the shot (0 to 127)"),
};

#define FIELDS(h) h, N(h)
const rm_jol_section rm_jol_sections[] = {
    {.id = "INFO", .title = "Level", .version = 1, .flags = RM_JOL_FLAG_REQUIRED,
     .desc = "The level: its name. The first section of the file.", .header = FIELDS(info_header)},
    {.id = "STRS", .title = "Strings", .version = 1, .raw = true,
     .desc = "Strings of the level (names of files, of classes...): ASCII, each one ended by a zero. A "
             "field of type string is the offset of the string in this section."},
    {.id = "TERR", .title = "Terrain", .version = 1,
     .desc = "Height map of the ground: n x n vertices, one every cell units. The vertex (i, j) is at x = "
             "origin_x + (i - (n - 1) / 2) x cell, z = origin_z + (j - (n - 1) / 2) x cell. The meshes of "
             "the ground are built from it when the level is loaded.",
     .header = FIELDS(terr_header), .arrays = FIELDS(terr_arrays)},
    {.id = "PLNT", .title = "Plants", .version = 1, .desc = "Plants and rocks placed on the ground.",
     .records = FIELDS(plnt_record)},
    {.id = "MODL", .title = "Models", .version = 1,
     .desc = "3D models of the level (JOM files) and their collisions.", .records = FIELDS(modl_record)},
    {.id = "MBOX", .title = "Collision boxes", .version = 1,
     .desc = "Collision boxes of the models (vertical boxes, model space).", .records = FIELDS(mbox_record)},
    {.id = "INST", .title = "Instances", .version = 1, .desc = "Models placed in the level (buildings).",
     .records = FIELDS(inst_record)},
    {.id = "DECL", .title = "Decals", .version = 1,
     .desc = "Flat decals lying at the sea level on the bottom of the lagoon.", .records = FIELDS(decl_record)},
    {.id = "ENTI", .title = "Entities", .version = 1,
     .desc = "The things of the level that live: an entity has a class (its behavior, given by the engine "
             "or by the game), a position, a health, properties (PROP) and links to other entities (LINK). "
             "See jo_engine/jo/entity.h and the classes of the engine in Documentation/level_format.md.",
     .records = FIELDS(enti_record)},
    {.id = "PROP", .title = "Properties", .version = 1,
     .desc = "Properties of the entities: a name and a value (PROPERTY_xxx type). The classes read them by "
             "name, with a default value when the property is missing.",
     .records = FIELDS(prop_record)},
    {.id = "LINK", .title = "Links", .version = 1,
     .desc = "Links between the entities: when the event of the source happens, the action is sent to the "
             "target after the delay. The links of an entity follow each other (ENTI.first_link).",
     .records = FIELDS(link_record)},
    {.id = "CELL", .title = "Cells", .version = 3,
     .desc = "The rooms of an inside level (a base, a building): each cell has its model (walls, floor, "
             "ceiling, in world coordinates) and a box where the player can walk, with its floor (flat or a "
             "slope: the stairs). The cells overlap at the doors: the player walks from one to the other. "
             "The engine draws the cell of the camera and the cells seen through its portals (PRTL), see "
             "jo_engine/jo/cell.h.",
     .records = FIELDS(cell_record)},
    {.id = "PRTL", .title = "Portals", .version = 1,
     .desc = "Openings of the cells (doors, windows, stairs): a quad through which another cell is seen. The "
             "portals of a cell follow each other (CELL.first_portal).",
     .records = FIELDS(prtl_record)},
    {.id = "WEAP", .title = "Weapons", .version = 1,
     .desc = "Definitions of the weapons of the player (and later of the enemies): a file of definitions "
             "shared by the levels (for instance DEFS.JOL). The engine runs them (ammo, fire rate, reload, "
             "change of weapon, see jo_engine/jo/weapon.h), the game draws them. The times are frames of "
             "the game.",
     .records = FIELDS(weap_record)},
};
const size_t rm_jol_section_count = N(rm_jol_sections);

/* ---- Enumerations ------------------------------------------------------ */

static const rm_jol_enum_value event_values[] = {
    {0, "TRIGGER", "The entity received the action TRIGGER or USE (a relay, a switch that is used)"},
    {1, "ENTER", "The player entered the entity (a trigger zone)"},
    {2, "EXIT", "The player left the entity (a trigger zone)"},
    {3, "DAMAGE", "The entity received damage and is still alive (param: the damage)"},
    {4, "DEATH", "The health of the entity reached 0 (an explosive explodes)"},
};
static const rm_jol_enum_value action_values[] = {
    {0, "TRIGGER", "Fire the event TRIGGER of the target (a relay passes it on)"},
    {1, "DAMAGE", "Damage the target (param: the damage)"},
    {2, "KILL", "The health of the target goes to 0 (event DEATH)"},
    {3, "ENABLE", "The target is active again (drawn, solid, it reacts)"},
    {4, "DISABLE", "The target is not active (not drawn, not solid, it ignores the actions but ENABLE)"},
    {5, "TOGGLE", "ENABLE or DISABLE"},
    {6, "USE", "The target is used (like the player does: a switch, a door). The default: TRIGGER"},
    {7, "OPEN", "Open the target (a door, a mover)"},
    {8, "CLOSE", "Close the target (a door, a mover)"},
};
static const rm_jol_enum_value slope_values[] = {
    {0, "FLAT", "The floor is flat (floor0)"},
    {1, "X", "The floor goes from floor0 at x0 to floor1 at x1 (stairs along X)"},
    {2, "Z", "The floor goes from floor0 at z0 to floor1 at z1 (stairs along Z)"},
};
static const rm_jol_enum_value portal_values[] = {
    {0, "DOOR", "An opening: the other cell is seen through it"},
    {1, "MIRROR", "A mirror: the cell (and the cells next to it) is drawn again, reflected by the plane of "
                  "the portal, clipped to its rectangle on the screen (see jo_cells_draw_mirror()). The "
                  "wall has a hole there"},
    {2, "WINDOW", "An opening seen through from the cell only (an embrasure, a window too high): from the "
                  "other side, the cell is not seen through it (the hole is covered, for instance by a dark "
                  "polygon)"},
};
static const rm_jol_enum_value property_values[] = {
    {0, "INT", "value is an integer (i32)"},
    {1, "FIXED", "value is a Q16.16 fixed point number"},
    {2, "STRING", "value is the offset of a string in STRS"},
};
static const rm_jol_enum_value flag_values[] = {
    {1, "DISABLED", "Not active at the start (see the action ENABLE)"},
    {2, "SOLID", "The player and the bullets collide with its cylinder (radius, height)"},
    {4, "HIDDEN", "Its model is not drawn (a trigger zone, a relay)"},
};

const rm_jol_enum rm_jol_enums[] = {
    {"EVENT", false, "Events of an entity (LINK.event): what happened to the source.", FIELDS(event_values)},
    {"ACTION", false, "Actions sent to an entity (LINK.action): what the target does.", FIELDS(action_values)},
    {"CELL_SLOPE", false, "Floors of the cells (CELL.slope).", FIELDS(slope_values)},
    {"PORTAL", false, "Kinds of portals (PRTL.kind).", FIELDS(portal_values)},
    {"PROPERTY", false, "Types of the properties of the entities (PROP.type).", FIELDS(property_values)},
    {"ENTITY_FLAG", true, "Flags of the entities (ENTI.flags).", FIELDS(flag_values)},
};
const size_t rm_jol_enum_count = N(rm_jol_enums);

/* ---- Classes of entities of the engine --------------------------------- */

#define PI(n, d, t) {n, RM_JOL_PROP_INT, d, t, NULL}
#define PS(n, d, t) {n, RM_JOL_PROP_STRING, d, t, NULL}
#define PF(n, d, t, ext) {n, RM_JOL_PROP_STRING, d, t, ext}
static const rm_jol_prop all_props[] = {
    PF("far_model", "\"\"", "JOM file drawn farther than far_distance (fewer polygons), \"\": the model", "JOM"),
    PI("far_distance", "600", "The far model is drawn farther (world units, on the ground)"),
    PI("draw_distance", "2000", "The model is not drawn farther (world units, on the ground): each polygon "
                                "costs CPU time, even small far away"),
    PI("box_x", "0", "With box_z: the collisions of the player and the vehicles use a box turned with the "
                     "entity (half sizes, world units) instead of its cylinder (a partition, a counter). The "
                     "bullets keep the cylinder"),
    PI("box_z", "0", "See box_x"),
};
static const rm_jol_prop trigger_props[] = {
    PI("once", "0", "1: the zone is disabled after the first ENTER"),
};
static const rm_jol_prop zone_link_props[] = {
    PF("level", "\"\"", "JOL file of the level", "JOL"),
    PS("spawn", "\"\"", "Name of the entity (class spawn) of the level where the player appears"),
};
static const rm_jol_prop explosive_props[] = {
    PI("damage", "100", "Damage at the center (less farther, 0 at the radius)"),
    PI("radius", "200", "Radius of the damage (world units)"),
    PI("delay", "150", "Delay of the damage after the explosion (ms)"),
    PI("size", "100", "Size of the fireball (world units)"),
    PF("fire", "\"FIRE\"", "Base name of the frames of the fire (FIRE1.BIN to FIRE4.BIN)", "*BIN"),
    PI("fire_frames", "4", "Number of frames of the fire (1 to 4)"),
    PF("smoke", "\"SMOKE\"", "Base name of the frames of the smoke", "*BIN"),
    PI("smoke_frames", "2", "Number of frames of the smoke (0: no smoke, up to 4)"),
    PF("sound", "\"\"", "PCM file (8 bits mono), \"\": none", "PCM"),
    PF("dead_model", "\"\"", "JOM file drawn after the explosion, \"\": nothing (and not solid any more)", "JOM"),
    PI("flash", "120", "Brightness of the flash of the screen (0 to 255), less far from the player"),
    PI("shake", "6", "Shake of the camera (world units), less far from the player"),
};
static const rm_jol_prop actor_props[] = {
    PS("animation", "\"idle\"", "Name of the animation of the model played at the start"),
};
static const rm_jol_prop vehicle_props[] = {
    PF("cockpit_model", "\"\"", "JOM file drawn when the player drives (what the driver sees, the same "
                                "skeleton), \"\": the model", "JOM"),
    PI("wheelbase", "106", "Distance between the front and the rear axles (world units)"),
    PI("track", "78", "Distance between the left and the right wheels (world units)"),
    PI("wheel_radius", "19", "Radius of the wheels (world units)"),
    PI("max_steer", "30", "Angle of the front wheels at most (degrees)"),
    PI("max_speed", "900", "Top speed (world units per second; backward: a third)"),
    PI("acceleration", "280", "Acceleration of the engine (world units per second per second)"),
    PI("braking", "800", "Deceleration of the brakes (world units per second per second)"),
    PI("impact", "150", "Damage of a hit at the top speed"),
};

const rm_jol_class rm_jol_classes[] = {
    {"all the classes", "Properties of all the entities (the classes of the game too).", FIELDS(all_props)},
    {"entity", "The default class: its model at its position. An entity with an unknown class is an entity.",
     NULL, 0},
    {"relay", "Passes the action TRIGGER (or USE) on: its links TRIGGER send their actions, with their delays "
              "(a sequence of events: a fuse, a chain of doors). Flag HIDDEN.", NULL, 0},
    {"trigger", "A zone: its cylinder (radius, height above the foot). Fires ENTER when the player goes in, "
                "EXIT when he goes out. Flag HIDDEN.", FIELDS(trigger_props)},
    {"spawn", "A place where the player appears (the start of a level, the end of a zone_link): its position "
              "and its yaw. Flag HIDDEN.", NULL, 0},
    {"zone_link", "A passage to another level (stairs, a door, an elevator): when the player goes in its "
                  "cylinder (or when it receives TRIGGER or USE), the game is asked to load the level and to "
                  "put the player on the spawn (jo_entities_get_zone_request()). The player must go out of it "
                  "before (he may start in it). Flag HIDDEN.", FIELDS(zone_link_props)},
    {"explosive", "Explodes when its health reaches 0 (bullets, an explosion near it, the action KILL): "
                  "fireballs and smoke (sprites NAME1.BIN, NAME2.BIN... opaque with end codes), flash of the "
                  "screen, shake of the camera (module JO_COMPILE_WITH_EFFECTS_MODULE = 1), sound, then its "
                  "dead model. After the delay, it damages what is around it (the other explosives: chain "
                  "reactions) and the player (the game gets the damage, see "
                  "jo_entities_set_area_damage_callback()). Flag SOLID: the bullets hit it.",
     FIELDS(explosive_props)},
    {"actor", "An animated model (a skeleton, see jo_3d_model_draw_pose()): plays an animation (a soldier who "
              "waits, a flag). The classes of the game (enemies) are actors too (see jo_actor_spawn()). The "
              "far model has the same skeleton.", FIELDS(actor_props)},
    {"vehicle", "A vehicle driven by the player (see jo/vehicle.h): its model has a skeleton with the bones "
                "wheel_fl, wheel_fr, wheel_rl, wheel_rr (they turn), steer_fl, steer_fr (they steer) and "
                "steering (the steering wheel). The 4 wheels follow the ground (the game gives it, see "
                "jo_vehicles_set_ground_callback()), the solid entities stop it (a hit at speed damages "
                "them). Flag SOLID: the player walks around it.", FIELDS(vehicle_props)},
};
const size_t rm_jol_class_count = N(rm_jol_classes);

const rm_jol_reserved rm_jol_reserved_ids[] = {
    {"ENVI", "Environment: sky, sea, sun, palette, music"},
    {"MATL", "Materials: effects and sounds of the impacts, steps, walkable, blocking, grip"},
    {"COLL", "Collision geometry (static, dynamic)"},
    {"NAVI", "Navigation grid"},
    {"PATH", "Paths: patrols, roads"},
    {"FX  ", "Effects"},
};
const size_t rm_jol_reserved_count = N(rm_jol_reserved_ids);

/* ---- Helpers ----------------------------------------------------------- */

uint32_t rm_jol_type_size(rm_jol_type t)
{
    switch (t) {
    case RM_JOL_U8: case RM_JOL_I8: return 1;
    case RM_JOL_U16: case RM_JOL_I16: case RM_JOL_INDEX: return 2;
    default: return 4;
    }
}

const char *rm_jol_type_name(rm_jol_type t)
{
    static const char *const names[] = {"u8", "i8", "u16", "i16", "u32", "i32",
                                        "fixed", "string", "offset", "index"};
    return (unsigned)t < N(names) ? names[t] : "?";
}

bool rm_jol_type_signed(rm_jol_type t)
{
    return t == RM_JOL_I8 || t == RM_JOL_I16 || t == RM_JOL_I32 || t == RM_JOL_FIXED;
}

bool rm_jol_value_fits(rm_jol_type t, int64_t v)
{
    uint32_t bits = rm_jol_type_size(t) * 8;
    if (rm_jol_type_signed(t))
        return v >= -((int64_t)1 << (bits - 1)) && v < ((int64_t)1 << (bits - 1));
    return v >= 0 && v < ((int64_t)1 << bits);
}

void rm_jol_compute_layout(const rm_jol_field *f, size_t n, rm_jol_layout *out)
{
    uint32_t pos = 0, align = 1;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n && i < RM_JOL_MAX_FIELDS; i++) {
        uint32_t a = rm_jol_type_size(f[i].type);
        pos = (pos + a - 1) / a * a;
        out->offset[i] = pos;
        pos += a * f[i].count;
        if (a > align)
            align = a;
    }
    out->size = n ? (pos + align - 1) / align * align : 0;
    out->align = align;
}

const rm_jol_section *rm_jol_find(const char *id)
{
    for (size_t i = 0; i < rm_jol_section_count; i++)
        if (!memcmp(rm_jol_sections[i].id, id, 4))
            return &rm_jol_sections[i];
    return NULL;
}

const rm_jol_enum *rm_jol_find_enum(const char *name)
{
    for (size_t i = 0; name && i < rm_jol_enum_count; i++)
        if (!strcmp(rm_jol_enums[i].name, name))
            return &rm_jol_enums[i];
    return NULL;
}

const rm_jol_class *rm_jol_find_class(const char *name)
{
    for (size_t i = 1; name && i < rm_jol_class_count; i++)
        if (!strcmp(rm_jol_classes[i].name, name))
            return &rm_jol_classes[i];
    return NULL;
}

int rm_jol_field_index(const rm_jol_field *f, size_t n, const char *name)
{
    for (size_t i = 0; name && i < n; i++)
        if (!strcmp(f[i].name, name))
            return (int)i;
    return -1;
}

bool rm_jol_enum_lookup(const rm_jol_enum *e, const char *name, int64_t *value)
{
    size_t plen = strlen(e->name);
    if (!strncmp(name, e->name, plen) && name[plen] == '_')
        name += plen + 1;
    for (size_t i = 0; i < e->count; i++)
        if (!strcmp(e->values[i].name, name)) {
            *value = e->values[i].value;
            return true;
        }
    return false;
}

bool rm_jol_file_name_ok(const char *name, const char *file_ext)
{
    bool base = file_ext[0] == '*';
    const char *dot = strchr(name, '.');
    size_t stem = dot ? (size_t)(dot - name) : strlen(name);
    if (base) {
        /* A digit is added after the base name: 7 characters at most. */
        if (dot || stem == 0 || stem > 7)
            return false;
    } else if (!dot || stem == 0 || stem > 8 || strcmp(dot + 1, file_ext)) {
        return false;
    }
    for (size_t i = 0; i < stem; i++)
        if (!((name[i] >= 'A' && name[i] <= 'Z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_' ||
              name[i] == '-'))
            return false;
    return true;
}
