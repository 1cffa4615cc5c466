// bench/bench_tinyobj.cc - the peer of bench_obj_parse: Debian's tinyobjloader
// (libtinyobjloader-dev) parsing the same files, from memory.
//
// Usage: bench_tinyobj FILE... [-n RUNS]
//
// Each file is read into memory once, then parsed RUNS times (default 20)
// with tinyobj::LoadObj() from an istream over that memory (no copy, no MTL
// loading, no triangulation: what bench_obj_parse asks of rm_obj_parse());
// prints the same line as bench_obj_parse: "FILE bytes best_ms MB/s
// median_ms MEDIAN" (MB = 10^6 bytes, from the best run).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <streambuf>
#include <string>
#include <vector>

#include "tiny_obj_loader.h"

namespace {

// A read-only streambuf over bytes in memory.
class MemBuf : public std::streambuf {
public:
    MemBuf(const char *p, size_t n)
    {
        char *b = const_cast<char *>(p);
        setg(b, b, b + n);
    }
};

double now_ms()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

bool read_file(const char *path, std::vector<char> *out)
{
    FILE *f = std::fopen(path, "rb");
    if (!f)
        return false;
    char buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        out->insert(out->end(), buf, buf + n);
    bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

}  // namespace

int main(int argc, char **argv)
{
    int runs = 20;
    std::vector<const char *> files;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            runs = std::atoi(argv[++i]);
        else
            files.push_back(argv[i]);
    }
    if (files.empty() || runs < 1) {
        std::fprintf(stderr, "usage: bench_tinyobj FILE... [-n RUNS]\n");
        return 2;
    }
    int status = 0;
    std::vector<double> t(static_cast<size_t>(runs));
    for (const char *path : files) {
        std::vector<char> data;
        if (!read_file(path, &data)) {
            std::fprintf(stderr, "%s: cannot read\n", path);
            status = 1;
            continue;
        }
        for (int r = 0; r < runs; r++) {
            tinyobj::attrib_t attrib;
            std::vector<tinyobj::shape_t> shapes;
            std::vector<tinyobj::material_t> materials;
            std::string warn, err;
            double t0 = now_ms();
            MemBuf mb(data.data(), data.size());
            std::istream in(&mb);
            bool ok = tinyobj::LoadObj(&attrib, &shapes, &materials, &warn, &err, &in, nullptr,
                                       false, true);
            t[static_cast<size_t>(r)] = now_ms() - t0;
            if (!ok) {
                std::fprintf(stderr, "%s: %s\n", path, err.c_str());
                status = 1;
            }
        }
        std::sort(t.begin(), t.end());
        double best = t[0], median = t[static_cast<size_t>(runs / 2)];
        std::printf("%s %zu %.3f %.1f median_ms %.3f\n", path, data.size(), best,
                    best > 0 ? static_cast<double>(data.size()) / 1e6 / (best / 1e3) : 0.0, median);
    }
    return status;
}
