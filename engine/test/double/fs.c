/* engine/test/double/fs.c - Jo's file functions and GFS_NameToId over a
   host folder that stands for the current directory of the CD
   (double_set_cd(), default ".").

   GFS_NameToId: the name is compared exactly and case-sensitively (the
   host's file system, Linux: case-sensitive), names of more than 12
   characters or with a '/' are not found (GFS's table holds 12); a found
   name gets a small id >= 0.
   jo_fs_read_file_ptr: as Jo (jo-engine-api 3.2): a block of size + 1
   bytes from jo_malloc_with_behaviour(JO_MALLOC_TRY_REUSE_BLOCK) when
   buf is NULL, a NUL at [size], *len = size. A missing name is Jo's
   blocking error screen: an error is recorded and a defect too (a module
   must probe with GFS_NameToId first).
   jo_fs_open & co. read the host file; jo_fs_open takes a 2048-byte read
   buffer from the heap as Jo does (freed by jo_fs_close), and GFS has a
   single handle: a second jo_fs_open before jo_fs_close is a defect. */
#include "internal.h"

#include "../rt/rt.h"

#define MAX_DIR 256
#define MAX_IDS 256
#define GFS_NAME 12

static char cd[MAX_DIR];
static char ids[MAX_IDS][GFS_NAME + 1];
static unsigned int id_count;

typedef struct
{
    jo_file *file;
    int fd;
} open_file;
static open_file opened;

void double_reset_fs(void)
{
    cd[0] = '.';
    cd[1] = 0;
    id_count = 0;
    if (opened.file)
        rt_sys_close(opened.fd);
    opened.file = JO_NULL;
    opened.fd = -1;
}

void double_set_cd(const char *dir)
{
    unsigned int n = dir ? rt_strlen(dir) : 0;
    if (n == 0 || n >= MAX_DIR) {
        double_defect("double_set_cd: a folder name of %u characters", n);
        return;
    }
    rt_memcpy(cd, dir, n + 1);
    id_count = 0;
}

bool double_cd_path(const char *name, char *out, unsigned int cap)
{
    return (unsigned int)rt_snprintf(out, cap, "%s/%s", cd, name) < cap;
}

static bool name_ok(const char *name)
{
    unsigned int n = 0;
    if (!name)
        return false;
    for (; name[n]; n++)
        if (name[n] == '/' || n >= GFS_NAME)
            return false;
    return n > 0 && !(n == 1 && name[0] == '.') && !(n == 2 && name[0] == '.' && name[1] == '.');
}

static int open_host(const char *name)
{
    char path[MAX_DIR + GFS_NAME + 2];
    if (!name_ok(name) || !double_cd_path(name, path, sizeof path))
        return -1;
    return rt_sys_open(path, 0);
}

Sint32 GFS_NameToId(Sint8 *fname)
{
    const char *name = (const char *)fname;
    unsigned int i;
    int fd = open_host(name);
    if (fd < 0)
        return -1;
    /* a folder opens too, but cannot be read */
    {
        char probe;
        int got = rt_sys_read(fd, &probe, 1);
        rt_sys_close(fd);
        if (got < 0)
            return -1;
    }
    for (i = 0; i < id_count; i++)
        if (rt_strcmp(ids[i], name) == 0)
            return (Sint32)i;
    if (id_count >= MAX_IDS)
        return -1;
    rt_memcpy(ids[id_count], name, rt_strlen(name) + 1);
    return (Sint32)id_count++;
}

char *jo_fs_read_file_ptr(const char *const filename, void *buf, int *len)
{
    char path[MAX_DIR + GFS_NAME + 2];
    unsigned char *data;
    unsigned int size;
    char *block;
    if (GFS_NameToId((Sint8 *)(void *)(char *)filename) < 0) {
        double_error("jo_fs_read_file_ptr", "%s not found", filename ? filename : "(null)");
        double_defect("jo_fs_read_file(\"%s\"): missing file (Jo's error screen blocks)", filename ? filename : "(null)");
        return JO_NULL;
    }
    if (!double_cd_path(filename, path, sizeof path))
        return JO_NULL;
    data = rt_read_file(path, &size);
    if (!data) {
        double_error("jo_fs_read_file_ptr", "%s: read failed", filename);
        return JO_NULL;
    }
    if (buf) {
        block = buf;
    } else {
        block = jo_malloc_with_behaviour(size + 1, JO_MALLOC_TRY_REUSE_BLOCK);
        if (!block) {
            rt_free_file(data);
#ifdef JO_DEBUG
            double_error("jo_fs_read_file_ptr", "Out of memory");
#endif
            return JO_NULL;
        }
    }
    rt_memcpy(block, data, size);
    block[size] = 0;
    rt_free_file(data);
    if (len)
        *len = (int)size;
    return block;
}

bool jo_fs_open(jo_file *const file, const char *const filename)
{
    int fd, size;
    Sint32 id;
    if (!file)
        return false;
    if (opened.file) {
        double_defect("jo_fs_open(\"%s\") while another file is open (GFS has one handle)", filename ? filename : "(null)");
        return false;
    }
    id = GFS_NameToId((Sint8 *)(void *)(char *)filename);
    if (id < 0)
        return false;
    fd = open_host(filename);
    if (fd < 0)
        return false;
    size = rt_sys_lseek(fd, 0, 2);
    if (size < 0 || rt_sys_lseek(fd, 0, 0) != 0) {
        rt_sys_close(fd);
        return false;
    }
    file->id = (int)id;
    file->size = size;
    file->read_index = 0;
    file->sector_index = 0;
    file->read = 0;
    file->read_buffer = jo_malloc(2048);
    if (!file->read_buffer) {
        rt_sys_close(fd);
        return false;
    }
    opened.file = file;
    opened.fd = fd;
    return true;
}

static bool is_open(jo_file *const file, const char *function)
{
    if (!file || opened.file != file) {
        double_defect("%s: the file is not open", function);
        return false;
    }
    return true;
}

int jo_fs_read_next_bytes(jo_file *const file, char *buffer, unsigned int nbytes)
{
    unsigned int done = 0;
    if (!is_open(file, "jo_fs_read_next_bytes"))
        return -1;
    while (done < nbytes) {
        int got = rt_sys_read(opened.fd, buffer + done, nbytes - done);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        done += (unsigned int)got;
    }
    file->read += (int)done;
    return (int)done;
}

bool jo_fs_seek_forward(jo_file *const file, unsigned int nbytes)
{
    int at;
    if (!is_open(file, "jo_fs_seek_forward"))
        return false;
    at = rt_sys_lseek(opened.fd, 0, 1);
    if (at < 0 || nbytes > (unsigned int)(file->size - at))
        return false;
    if (rt_sys_lseek(opened.fd, (int)nbytes, 1) < 0)
        return false;
    file->read += (int)nbytes;
    return true;
}

void jo_fs_close(jo_file *const file)
{
    if (!is_open(file, "jo_fs_close"))
        return;
    rt_sys_close(opened.fd);
    opened.file = JO_NULL;
    opened.fd = -1;
    jo_free(file->read_buffer);
    file->read_buffer = JO_NULL;
}
