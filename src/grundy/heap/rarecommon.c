/* The rare/common ("sparse space") kernel of grundy.heap.kernels, serial, in plain C: the
 * values of heaps count..n of a take-and-break code whose moves leave at most two heaps.
 *
 * grundy.heap.native compiles it once into a shared library and calls it through ctypes,
 * so a short run pays neither numba's import nor the loading of its cached kernels.  The
 * method is the one described in kernels.py: mark the moves leaving at most one heap and the
 * splits with a rare part, take the least common value not marked, prove it with a scan of
 * the splits when a rare value below it is unmarked (the scan marks stretches of splits
 * without tests, then drops the needed values marked), and re-choose the mask (the one with
 * the fewest rare heaps, from the Walsh-Hadamard transform of the histogram) when the rare
 * heaps have more than doubled.  The mask changes only the speed, never a value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANGE (1L << 20)

typedef struct {
    long range, mask, nrare, cap, at_choice;
    int64_t *seen, *hist, *needed, *common, *rare_vals, *rare_pos, *rare_val;
    uint8_t *rare_tab;
} state_t;

static void release(state_t *s) {
    free(s->seen); free(s->hist); free(s->needed); free(s->common); free(s->rare_vals);
    free(s->rare_pos); free(s->rare_val); free(s->rare_tab);
}

/* The parity tables of the mask: which values are rare, and the common and rare values in
 * increasing order, each list ended by a sentinel no mark reaches. */
static int tables(state_t *s) {
    long size = s->range;
    free(s->seen); free(s->needed); free(s->common); free(s->rare_vals); free(s->rare_tab);
    s->seen = calloc(size + 2, sizeof(int64_t));
    s->needed = calloc(size + 2, sizeof(int64_t));
    s->common = calloc(size + 2, sizeof(int64_t));
    s->rare_vals = calloc(size + 2, sizeof(int64_t));
    s->rare_tab = calloc(size + 1, 1);
    if (!s->seen || !s->needed || !s->common || !s->rare_vals || !s->rare_tab) return -1;
    long nc = 0, nr = 0;
    for (long v = 0; v <= size; v++) {
        int rare = (__builtin_popcountl(v & s->mask) & 1) == 0;
        s->rare_tab[v] = (uint8_t)rare;
        if (v < size) {
            if (rare) s->rare_vals[nr++] = v; else s->common[nc++] = v;
        }
    }
    s->common[nc] = size;
    s->rare_vals[nr] = size + 1;
    return 0;
}

/* The non-zero mask with the fewest rare heaps: (N + H[m]) / 2 of them. */
static long best_mask(const state_t *s, long *rare) {
    long size = s->range;
    int64_t *h = malloc(size * sizeof(int64_t));
    if (!h) return -1;
    memcpy(h, s->hist, size * sizeof(int64_t));
    for (long step = 1; step < size; step *= 2)
        for (long i = 0; i < size; i += 2 * step)
            for (long j = i; j < i + step; j++) {
                int64_t a = h[j], b = h[j + step];
                h[j] = a + b;
                h[j + step] = a - b;
            }
    long mask = 1;
    for (long m = 2; m < size; m++) if (h[m] < h[mask]) mask = m;
    *rare = (h[0] + h[mask]) / 2;
    free(h);
    return mask;
}

static int collect_rare(state_t *s, const uint32_t *g, long stop) {
    long count = 0;
    for (long i = 1; i < stop; i++) count += s->rare_tab[g[i]];
    if (count + 64 > s->cap) {
        s->cap = 2 * count + 64;
        free(s->rare_pos); free(s->rare_val);
        s->rare_pos = malloc(s->cap * sizeof(int64_t));
        s->rare_val = malloc(s->cap * sizeof(int64_t));
        if (!s->rare_pos || !s->rare_val) return -1;
    }
    s->nrare = 0;
    for (long i = 1; i < stop; i++)
        if (s->rare_tab[g[i]]) {
            s->rare_pos[s->nrare] = i;
            s->rare_val[s->nrare++] = g[i];
        }
    return 0;
}

static int choose_mask(state_t *s, const uint32_t *g, long stop, int force) {
    long rare;
    long mask = best_mask(s, &rare);
    if (mask < 0) return -1;
    if (!force && rare >= 0.75 * s->nrare) {
        s->at_choice = s->nrare;
        return 0;
    }
    s->mask = mask;
    if (tables(s) || collect_rare(s, g, stop)) return -1;
    s->at_choice = s->nrare;
    return 0;
}

/* Values of heaps count..n into g (g[0..count-1] known, count >= 1).  takes: (k, digit
 * bits) pairs in increasing k; splits: the removals after which two heaps may be left,
 * increasing, unequal[j] when those two must differ.  out: mask, rare heaps, split pairs
 * scanned.  Returns 0, or -1 when memory ran out or the values outgrew MAX_RANGE. */
int rc_values(uint32_t *g, long count, long n, const int64_t *take_k, const int64_t *take_bits,
              long ntake, const int64_t *splits, const int64_t *unequal, long nsplit,
              int64_t *out) {
    state_t s;
    memset(&s, 0, sizeof s);
    long top = 0;
    for (long i = 0; i < count; i++) if (g[i] > top) top = g[i];
    s.range = 16;
    while (s.range <= 2 * top) s.range *= 2;
    s.hist = calloc(s.range, sizeof(int64_t));
    if (!s.hist || s.range > MAX_RANGE) { release(&s); return -1; }
    for (long i = 1; i < count; i++) s.hist[g[i]]++;
    if (choose_mask(&s, g, count, 1)) { release(&s); return -1; }
    int64_t scanned = 0;
    for (long i = count; i <= n; i++) {
        if (top >= s.range / 2) {
            /* Option values are xors of values below range/2: a larger value needs larger
             * tables first. */
            if (2 * s.range > MAX_RANGE) { release(&s); return -1; }
            int64_t *wider = calloc(2 * s.range, sizeof(int64_t));
            if (!wider) { release(&s); return -1; }
            memcpy(wider, s.hist, s.range * sizeof(int64_t));
            free(s.hist);
            s.hist = wider;
            s.range *= 2;
            if (tables(&s) || choose_mask(&s, g, i, 0)) { release(&s); return -1; }
        }
        int64_t *seen = s.seen;
        int64_t stamp = i;
        for (long j = 0; j < ntake; j++) {
            long k = take_k[j];
            if (k > i) break;
            if (k == i) { if (take_bits[j] & 1) seen[0] = stamp; }
            else if (take_bits[j] & 2) seen[g[i - k]] = stamp;
        }
        for (long j = 0; j < nsplit; j++) {
            long rest = i - splits[j];
            if (rest < 2) break;
            const int64_t *rp = s.rare_pos, *rv = s.rare_val;
            long nr = s.nrare;
            if (unequal[j]) {
                for (long q = 0; q < nr && rp[q] < rest; q++)
                    if (rest - rp[q] != rp[q]) seen[rv[q] ^ g[rest - rp[q]]] = stamp;
            } else {
                for (long q = 0; q < nr && rp[q] < rest; q++)
                    seen[rv[q] ^ g[rest - rp[q]]] = stamp;
            }
        }
        long q = 0;
        while (seen[s.common[q]] == stamp) q++;
        long c = s.common[q];
        long need = 0;
        for (q = 0; s.rare_vals[q] < c; q++)
            if (seen[s.rare_vals[q]] != stamp) s.needed[need++] = s.rare_vals[q];
        if (need > 0 && nsplit > 0) {
            long amax = (i - splits[0]) / 2;
            long a = 1, stretch = 16;
            while (a <= amax && need > 0) {
                long end = a + stretch < amax + 1 ? a + stretch : amax + 1;
                for (long j = 0; j < nsplit; j++) {
                    long rest = i - splits[j];
                    long hi = unequal[j] ? (rest - 1) / 2 + 1 : rest / 2 + 1;
                    if (hi > end) hi = end;
                    for (long x = a; x < hi; x++) seen[g[x] ^ g[rest - x]] = stamp;
                }
                scanned += end - a;
                a = end;
                long kept = 0;
                for (long m = 0; m < need; m++)
                    if (seen[s.needed[m]] != stamp) s.needed[kept++] = s.needed[m];
                need = kept;
                stretch = stretch < 128 ? 2 * stretch : 256;
            }
        }
        long value = c;
        if (need > 0) {
            value = 0;
            while (seen[value] == stamp) value++;
        }
        if (s.rare_tab[value]) {
            if (s.nrare == s.cap) {
                s.cap *= 2;
                int64_t *p = realloc(s.rare_pos, s.cap * sizeof(int64_t));
                if (p) s.rare_pos = p;
                int64_t *v = realloc(s.rare_val, s.cap * sizeof(int64_t));
                if (v) s.rare_val = v;
                if (!p || !v) { release(&s); return -1; }
            }
            s.rare_pos[s.nrare] = i;
            s.rare_val[s.nrare++] = value;
        }
        g[i] = (uint32_t)value;
        s.hist[value]++;
        if (value > top) top = value;
        if (s.nrare > 2 * s.at_choice + 32 && choose_mask(&s, g, i + 1, 0)) {
            release(&s);
            return -1;
        }
    }
    out[0] = s.mask;
    out[1] = s.nrare;
    out[2] = scanned;
    release(&s);
    return 0;
}

/* The common tails too long for a byte of z: (p, length) pairs in the order of p, so that
 * z stays one byte a period looked at and still exact.  A tail with a short period q gives
 * every multiple of q a long one; capped, each would be compared again from 255 on, and the
 * search would take the square of the tail's length. */
typedef struct { long *pairs; long count, room; } long_tails;

static void keep_tail(long_tails *t, long p, long k) {
    if (t->count == t->room) {
        long room = t->room ? 2 * t->room : 1024;
        long *grown = realloc(t->pairs, (size_t)room * 2 * sizeof(long));
        if (grown == NULL) return;  /* z[p] then stays 255: a lower bound, still right */
        t->pairs = grown;
        t->room = room;
    }
    t->pairs[2 * t->count] = p;
    t->pairs[2 * t->count + 1] = k;
    t->count++;
}

/* z[j] in full: the byte, or the length kept for it (255 when none was kept). */
static long tail_at(const uint8_t *z, const long_tails *t, long j) {
    if (z[j] < 255) return z[j];
    long low = 0, high = t->count;
    while (low < high) {
        long middle = (low + high) / 2;
        if (t->pairs[2 * middle] < j) low = middle + 1; else high = middle;
    }
    return low < t->count && t->pairs[2 * low] == j ? t->pairs[2 * low + 1] : 255;
}

/* The least period p <= pmax with a * max(e, floor) + b * p + c <= size, e the least
 * preperiod of p in the values (Z-function of the values read backwards, z[p] the length of
 * the common tail of the values and the values shifted by p), or 0; *start gets e.  As
 * _first_period in grundy/heap/period.py, for values of 1, 2 and 4 bytes. */
#define FIRST_PERIOD(NAME, T)                                                              \
    long NAME(const T *values, long size, uint8_t *z, long pmax, long a, long floor,       \
              long b, long c, long *start) {                                              \
        long last = size - 1, left = 0, right = 0, found = 0;                              \
        long_tails tails = {NULL, 0, 0};                                                   \
        for (long p = 1; p <= pmax; p++) {                                                 \
            long k = 0;                                                                    \
            if (p < right) {                                                               \
                k = right - p;                                                             \
                long known = tail_at(z, &tails, p - left);                                 \
                if (known < k) k = known;                                                  \
            }                                                                              \
            while (p + k < size && values[last - k] == values[last - p - k]) k++;          \
            z[p] = (uint8_t)(k < 255 ? k : 255);                                           \
            if (k >= 255) keep_tail(&tails, p, k);                                         \
            if (p + k > right) { left = p; right = p + k; }                                \
            long e = size - p - k > 0 ? size - p - k : 0;                                  \
            if (a * (e > floor ? e : floor) + b * p + c <= size) {                         \
                *start = e;                                                                \
                found = p;                                                                 \
                break;                                                                     \
            }                                                                              \
        }                                                                                  \
        free(tails.pairs);                                                                 \
        return found;                                                                      \
    }
FIRST_PERIOD(first_period_u8, uint8_t)
FIRST_PERIOD(first_period_u16, uint16_t)
FIRST_PERIOD(first_period_u32, uint32_t)

/* Plain loops over values held in buffers of 1, 2, 4 or 8 bytes each, so that a short run
 * holds, counts and narrows its values without numpy (grundy.heap.compact). */
static uint64_t value_at(const void *values, int width, long i) {
    switch (width) {
        case 1: return ((const uint8_t *)values)[i];
        case 2: return ((const uint16_t *)values)[i];
        case 4: return ((const uint32_t *)values)[i];
        default: return ((const uint64_t *)values)[i];
    }
}

/* The largest of n values (0 when n is 0). */
uint64_t rc_top(const void *values, int width, long n) {
    uint64_t top = 0;
    for (long i = 0; i < n; i++) {
        uint64_t v = value_at(values, width, i);
        if (v > top) top = v;
    }
    return top;
}

/* counts[v] += the number of the n values equal to v (every value below size). */
void rc_count(const void *values, int width, long n, int64_t *counts) {
    for (long i = 0; i < n; i++) counts[value_at(values, width, i)]++;
}

/* The n values of width source_width copied to target of width target_width (each value
 * fits it). */
void rc_convert(const void *source, int source_width, void *target, int target_width,
                long n) {
    for (long i = 0; i < n; i++) {
        uint64_t v = value_at(source, source_width, i);
        switch (target_width) {
            case 1: ((uint8_t *)target)[i] = (uint8_t)v; break;
            case 2: ((uint16_t *)target)[i] = (uint16_t)v; break;
            case 4: ((uint32_t *)target)[i] = (uint32_t)v; break;
            default: ((uint64_t *)target)[i] = v;
        }
    }
}

/* The last i < n - p with values[i + p] - values[i] != saltus, or -1: where an arithmetic
 * period p of that saltus last fails (values below 2^63). */
long rc_last_step_off(const void *values, int width, long n, long p, int64_t saltus) {
    for (long i = n - p - 1; i >= 0; i--) {
        int64_t step = (int64_t)(value_at(values, width, i + p) - value_at(values, width, i));
        if (step != saltus) return i;
    }
    return -1;
}
