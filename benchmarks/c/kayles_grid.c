/* Node Kayles on the R x n grid graphs (R = 1 .. 4), n = 1 .. N: the nim-value of each.

   The algorithm of grundy.boards.kayles_grid, compiled: a position is the nim-sum of its
   components, and a component's value depends only on its shape, so each component is
   keyed by the least of its four reflections, slid to the bottom-left corner, and its
   value is remembered in one table for every n.  Cells are bits column after column (cell
   (r, c) is bit c * R + r), in 128 bits: up to 128 / R columns.

   Build: cc -O2 -o /tmp/kayles_grid benchmarks/c/kayles_grid.c
   Run:   /tmp/kayles_grid R N     (one line per n: n, value, seconds of CPU, shapes known)

   A run keeps nothing on disk: stopped, it starts again from n = 1 (each n takes about
   twice the time of the one before, so the last line printed is most of the work). */

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
    return mex;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: kayles_grid ROWS N\n"); return 2; }
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
    for (int n = 1; n <= n_max; n++) {
        u128 all = n * R == 128 ? ~(u128)0 : ((u128)1 << (n * R)) - 1;
        int v = sum_value(all);
        printf("%d %d %.1f %llu\n", n, v, (double)clock() / CLOCKS_PER_SEC, (unsigned long long)used);
        fflush(stdout);
    }
    return 0;
}
