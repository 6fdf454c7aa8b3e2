/* A plain C rare/common ("sparse space") solver for octal games with digits 0-7, as a
 * baseline for grundy's kernel: values of heaps 0..N, then the least period provable by the
 * Guy-Smith theorem (2e + 2p + t values), found with the Z-function of the reversed values.
 *
 *     gcc -O2 -march=native -o rarecommon rarecommon.c
 *     ./rarecommon 0.354 20200000 [values.bin]
 *
 * One byte per value (values must stay below 256); the mask is the one with the fewest rare
 * heaps, chosen again whenever the number of heaps doubles.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RANGE 256

static int parity(int x) { return __builtin_popcount(x) & 1; }

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: rarecommon 0.DDD N [FILE]\n"); return 2; }
    const char *code = argv[1];
    long n = atol(argv[2]);
    if (code[0] != '0' || code[1] != '.') { fprintf(stderr, "octal code 0.DDD\n"); return 2; }
    int t = (int)strlen(code + 2);
    int digit[64] = {0};
    for (int k = 1; k <= t; k++) digit[k] = code[1 + k] - '0';
    while (t > 0 && digit[t] == 0) t--;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    uint8_t *g = malloc(n + 1);
    long *rare_pos = malloc(sizeof(long) * 1024 * 1024);
    int *rare_val = malloc(sizeof(int) * 1024 * 1024);
    long hist[RANGE] = {0};
    long seen[2 * RANGE];
    memset(seen, 0, sizeof seen);
    int mask = 1, nrare = 0, top = 0;
    long next_choice = 1024;
    g[0] = 0;
    for (long i = 1; i <= n; i++) {
        long stamp = i;
        for (int k = 1; k <= t; k++) {
            if (k > i) break;
            if (k == i && (digit[k] & 1)) seen[0] = stamp;
            if (k < i && (digit[k] & 2)) seen[g[i - k]] = stamp;
        }
        for (int k = 1; k <= t; k++) {
            if (!(digit[k] & 4)) continue;
            long rest = i - k;
            for (int q = 0; q < nrare && rare_pos[q] < rest; q++)
                seen[rare_val[q] ^ g[rest - rare_pos[q]]] = stamp;
        }
        int c = 0;
        while (parity(c & mask) == 0 || seen[c] == stamp) c++;
        /* rare values below c not yet seen must be looked for among all splits */
        int need = 0;
        for (int r = 0; r < c; r++) if (parity(r & mask) == 0 && seen[r] != stamp) need++;
        if (need) {
            for (long a = 1; need && a <= (i - 1) / 2; a++) {
                for (int k = 1; k <= t; k++) {
                    if (!(digit[k] & 4) || a > (i - k) / 2) continue;
                    int x = g[a] ^ g[i - k - a];
                    if (x < c && seen[x] != stamp) {
                        seen[x] = stamp;
                        if (parity(x & mask) == 0) need--;
                    }
                }
            }
        }
        int value = c;
        if (need) { value = 0; while (seen[value] == stamp) value++; }
        if (value >= RANGE / 2) { fprintf(stderr, "value %d too large\n", value); return 1; }
        g[i] = (uint8_t)value;
        hist[value]++;
        if (value > top) top = value;
        if (parity(value & mask) == 0) { rare_pos[nrare] = i; rare_val[nrare] = value; nrare++; }
        if (i == next_choice) {
            next_choice *= 2;
            long best = -1; int best_mask = mask;
            for (int m = 1; m < RANGE; m++) {
                long count = 0;
                for (int v = 0; v < RANGE; v++) if (parity(v & m) == 0) count += hist[v];
                if (best < 0 || count < best) { best = count; best_mask = m; }
            }
            if (best_mask != mask) {
                mask = best_mask; nrare = 0;
                for (long j = 1; j <= i; j++)
                    if (parity(g[j] & mask) == 0) { rare_pos[nrare] = j; rare_val[nrare] = g[j]; nrare++; }
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double values_time = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);

    /* Z-function of the reversed values: z[p] = common length of R and R[p:] */
    long size = n + 1;
    int32_t *z = malloc(sizeof(int32_t) * (size / 2 + 2));
    long left = 0, right = 0, found_p = 0, found_e = 0;
    for (long p = 1; 2 * p + t <= size; p++) {
        long k = 0;
        if (p < right) { k = right - p; if (z[p - left] < k) k = z[p - left]; }
        while (p + k < size && g[size - 1 - k] == g[size - 1 - p - k]) k++;
        z[p] = (int32_t)k;
        if (p + k > right) { left = p; right = p + k; }
        long e = size - p - k; if (e < 0) e = 0;
        long e1 = e < 1 ? 1 : e;
        if (2 * e1 + 2 * p + t <= size) { found_p = p; found_e = e; break; }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double total = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("0.%s heaps 0..%ld: largest value %d, %d rare (mask %d), values %.2f s, total %.2f s\n",
           code + 2, n, top, nrare, mask, values_time, total);
    if (found_p) printf("period %ld from heap %ld (Guy-Smith)\n", found_p, found_e);
    else printf("no period proved\n");
    if (argc == 4) { /* the values, one byte each, for comparison */
        FILE *out = fopen(argv[3], "wb");
        if (!out || fwrite(g, 1, size, out) != (size_t)size) { perror(argv[3]); return 1; }
        fclose(out);
    }
    return 0;
}
