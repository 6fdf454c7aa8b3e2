/* Node Kayles on the R x n grid graphs (R = 1 .. 4), n = 1 .. N: the nim-value of each.

   The algorithm of grundy.boards.kayles_grid, compiled: a position is the nim-sum of its
   components, and a component's value depends only on its shape, so each component is
   keyed by the least of its four reflections, slid to the bottom-left corner, and its
   value is remembered in one table for every n.  Cells are bits column after column (cell
   (r, c) is bit c * R + r), in 128 bits: up to 128 / R columns.

   Build: cc -O2 -o /tmp/kayles_grid benchmarks/c/kayles_grid.c
   Run:   /tmp/kayles_grid R N [TABLE]
          (one line per n: n, value, seconds of CPU in this run, shapes known)

   With TABLE, a file, the run resumes: the shapes valued so far are read from it at the
   start, and it is written again (a temporary file renamed over it) each time an n is
   done, every SAVE_SECONDS of CPU, and on SIGTERM or SIGINT (then the run stops, exit 130).
   A shape's value does not depend on n, so every shape written counts: run again, the n
   done are answered from the table at once and the search goes on where it was, losing at
   most the work since the last write (all of it only after kill -9 or a crash).  The
   file holds "KAYLESGRID 1", R and the number of shapes on one line, then each shape as
   16 bytes (little-endian) and its value as one, then a 64-bit FNV-1a checksum of those
   bytes; a file of another R, or one that does not check out, is refused (exit 2). */

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned __int128 u128;

static int R, MAXW;
static u128 BOTTOM, UP, DOWN, COLUMN;
static uint16_t mirror_table[1 << 12];
static int chunk; /* columns reversed by one look-up */

/* The table of shapes: open addressing, keys never 0 (the empty shape is not stored). */
static u128 *keys;
static uint8_t *vals;
static uint64_t cap, used;

static uint64_t hash(u128 k) {
    uint64_t h = (uint64_t)k * 0x9E3779B97F4A7C15ull ^ (uint64_t)(k >> 64) * 0xC2B2AE3D27D4EB4Full;
    return h ^ h >> 29;
}

static void put(u128 k, uint8_t v);

static void grow(void) {
    u128 *old_keys = keys;
    uint8_t *old_vals = vals;
    uint64_t old_cap = cap;
    cap = cap ? cap * 2 : 1 << 20;
    keys = calloc(cap, sizeof(u128));
    vals = malloc(cap);
    if (!keys || !vals) { fprintf(stderr, "out of memory at %llu shapes\n", (unsigned long long)used); exit(3); }
    used = 0;
    for (uint64_t i = 0; i < old_cap; i++)
        if (old_keys[i]) put(old_keys[i], old_vals[i]);
    free(old_keys);
    free(old_vals);
}

static int get(u128 k) {
    for (uint64_t i = hash(k) & (cap - 1);; i = (i + 1) & (cap - 1)) {
        if (keys[i] == k) return vals[i];
        if (!keys[i]) return -1;
    }
}

static void put(u128 k, uint8_t v) {
    if (2 * (used + 1) > cap) grow();
    uint64_t i = hash(k) & (cap - 1);
    while (keys[i]) i = (i + 1) & (cap - 1);
    keys[i] = k;
    vals[i] = v;
    used++;
}

static int bitlen(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    return hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 0;
}

static int lowbit(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static u128 slid(u128 s) {
    s >>= lowbit(s) / R * R;
    while (!(s & BOTTOM)) s >>= 1; /* no cell on row 0: each steps down in its column */
    return s;
}

static u128 flipped(u128 s) {
    u128 out = 0;
    for (int r = 0; r < R; r++) out |= ((s >> r) & BOTTOM) << (R - 1 - r);
    return out;
}

static u128 mirrored(u128 s) {
    int width = (bitlen(s) + R - 1) / R, pieces = (width + chunk - 1) / chunk, step = R * chunk;
    u128 out = 0, mask = ((u128)1 << step) - 1;
    for (int k = 0; k < pieces; k++)
        out |= (u128)mirror_table[(unsigned)((s >> (k * step)) & mask)] << ((pieces - 1 - k) * step);
    return out;
}

static u128 key(u128 s) {
    s = slid(s);
    u128 f = slid(flipped(s)), best = s, m;
    if (f < best) best = f;
    m = slid(mirrored(s));
    if (m < best) best = m;
    m = slid(mirrored(f));
    if (m < best) best = m;
    return best;
}

static u128 spread(u128 part) {
    return part | part << R | part >> R | (part & UP) << 1 | (part & DOWN) >> 1;
}

static int value(u128 shape);

/* Where the table is kept (NULL: nowhere), when it was last written, and a stop asked for. */
static const char *table;
static double saved_at;
static volatile sig_atomic_t stop_asked;
#define SAVE_SECONDS 120.0

static void ask_stop(int sig) { (void)sig; stop_asked = 1; }

static void save(const char *path);

/* The nim-sum of the values of the components of a set of cells. */
static int sum_value(u128 cells) {
    int total = 0;
    while (cells) {
        u128 part = cells & -cells, grown;
        while ((grown = spread(part) & cells) != part) part = grown;
        cells ^= part;
        total ^= value(key(part));
    }
    return total;
}

static int value(u128 shape) {
    int known = get(shape);
    if (known >= 0) return known;
    uint64_t seen[4] = {0, 0, 0, 0};
    for (u128 rest = shape; rest;) {
        u128 cell = rest & -rest;
        rest ^= cell;
        int v = sum_value(shape & ~spread(cell));
        seen[v >> 6] |= 1ull << (v & 63);
    }
    int mex = 0;
    while (seen[mex >> 6] >> (mex & 63) & 1) mex++;
    if (mex > 255) { fprintf(stderr, "a value above 255\n"); exit(4); }
    put(shape, (uint8_t)mex);
    /* Here the table is whole: a good moment to write it. */
    if (table && (stop_asked || ((used & 0xFFFF) == 0
                                 && (double)clock() / CLOCKS_PER_SEC - saved_at > SAVE_SECONDS))) {
        save(table);
        if (stop_asked) {
            fprintf(stderr, "stopped: %llu shapes written to %s\n", (unsigned long long)used, table);
            exit(130);
        }
    }
    return mex;
}

/* 64-bit FNV-1a over the bytes written or read, in order. */
static uint64_t fnv = 0xcbf29ce484222325ull;

static void checked(const void *data, size_t size) {
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) fnv = (fnv ^ p[i]) * 0x100000001b3ull;
}

static void bytes_of(u128 k, unsigned char out[16]) {
    for (int i = 0; i < 16; i++) out[i] = (unsigned char)(k >> (8 * i));
}

/* Write every shape known to `path` (through `path`.tmp, renamed over it). */
static void save(const char *path) {
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >= (int)sizeof temporary) {
        fprintf(stderr, "table file name too long\n");
        exit(2);
    }
    FILE *out = fopen(temporary, "wb");
    if (!out) { perror(temporary); exit(2); }
    fprintf(out, "KAYLESGRID 1 %d %llu\n", R, (unsigned long long)used);
    fnv = 0xcbf29ce484222325ull;
    unsigned char record[17];
    for (uint64_t i = 0; i < cap; i++)
        if (keys[i]) {
            bytes_of(keys[i], record);
            record[16] = vals[i];
            checked(record, 17);
            fwrite(record, 1, 17, out);
        }
    unsigned char sum[8];
    for (int i = 0; i < 8; i++) sum[i] = (unsigned char)(fnv >> (8 * i));
    fwrite(sum, 1, 8, out);
    if (fflush(out) || ferror(out) || fclose(out)) { perror(temporary); exit(2); }
    if (rename(temporary, path)) { perror(path); exit(2); }
    saved_at = (double)clock() / CLOCKS_PER_SEC;
}

/* Read the shapes of `path` into the table, if the file exists; refuse one that is not
   whole, of another R, or whose checksum does not match. */
static void load(const char *path) {
    FILE *in = fopen(path, "rb");
    if (!in) return;
    int rows;
    unsigned long long count;
    if (fscanf(in, "KAYLESGRID 1 %d %llu", &rows, &count) != 2 || fgetc(in) != '\n') {
        fprintf(stderr, "%s: not a table of kayles_grid\n", path);
        exit(2);
    }
    if (rows != R) { fprintf(stderr, "%s: a table of %d rows, not %d\n", path, rows, R); exit(2); }
    fnv = 0xcbf29ce484222325ull;
    unsigned char record[17];
    for (unsigned long long n = 0; n < count; n++) {
        if (fread(record, 1, 17, in) != 17) { fprintf(stderr, "%s: cut short\n", path); exit(2); }
        checked(record, 17);
        u128 k = 0;
        for (int i = 15; i >= 0; i--) k = k << 8 | record[i];
        if (!k || bitlen(k) > MAXW * R || get(k) >= 0) {
            fprintf(stderr, "%s: a shape out of range or twice\n", path);
            exit(2);
        }
        put(k, record[16]);
    }
    unsigned char sum[8];
    uint64_t kept = 0;
    if (fread(sum, 1, 8, in) != 8 || fgetc(in) != EOF) {
        fprintf(stderr, "%s: not as long as its header says\n", path);
        exit(2);
    }
    for (int i = 7; i >= 0; i--) kept = kept << 8 | sum[i];
    if (kept != fnv) { fprintf(stderr, "%s: checksum does not match\n", path); exit(2); }
    fclose(in);
    fprintf(stderr, "resumed from %s: %llu shapes\n", path, count);
}

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: kayles_grid ROWS N [TABLE]\n"); return 2; }
    R = atoi(argv[1]);
    int n_max = atoi(argv[2]);
    if (R < 1 || R > 4) { fprintf(stderr, "rows: 1 to 4\n"); return 2; }
    MAXW = 128 / R;
    if (n_max < 1 || n_max > MAXW) { fprintf(stderr, "N: 1 to %d\n", MAXW); return 2; }
    COLUMN = ((u128)1 << R) - 1;
    for (int c = 0; c < MAXW; c++) BOTTOM |= (u128)1 << (c * R);
    UP = DOWN = 0;
    for (int c = 0; c < MAXW; c++)
        for (int r = 0; r < R; r++) {
            if (r < R - 1) UP |= (u128)1 << (c * R + r);
            if (r > 0) DOWN |= (u128)1 << (c * R + r);
        }
    chunk = 12 / R;
    for (unsigned x = 0; x < 1u << (R * chunk); x++) {
        unsigned out = 0;
        for (int c = 0; c < chunk; c++) out |= ((x >> (c * R)) & ((1u << R) - 1)) << ((chunk - 1 - c) * R);
        mirror_table[x] = (uint16_t)out;
    }
    grow();
    table = argc == 4 ? argv[3] : NULL;
    if (table) {
        load(table);
        signal(SIGTERM, ask_stop);
        signal(SIGINT, ask_stop);
    }
    for (int n = 1; n <= n_max; n++) {
        uint64_t before = used;
        u128 all = n * R == 128 ? ~(u128)0 : ((u128)1 << (n * R)) - 1;
        int v = sum_value(all);
        printf("%d %d %.1f %llu\n", n, v, (double)clock() / CLOCKS_PER_SEC, (unsigned long long)used);
        fflush(stdout);
        if (table && used != before) save(table);
    }
    return 0;
}
