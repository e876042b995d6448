/* The C yardstick of the take-and-break bench (issue 49): the nim sequence g(0..N) of a code whose
 * moves leave at most two heaps, by the same two methods as solvers/heapkernel.py:
 *
 *   direct: for each heap n, the mex over every move (pairs a <= b, a + b = n - j);
 *   sparse: heaps up to PREFIX directly, then the sparse-space method with the mask, domain flag
 *           and rare class given on the command line (the ones solvers/heaps.py chose): values of
 *           one parity from the pairs with exactly one rare part (the list of rare heaps), the
 *           other parity by one pass over the pairs until every smaller value of it is met.
 *
 * Usage: takebreak METHOD N PREFIX CODE [MASK DOMAIN RARE]
 *   CODE: digits 0-7 with an optional modifier after each (! or ? unequal parts, = equal parts),
 *   e.g. 0.77, 4!.0. Prints one line:
 *   n=N max=M checksum=C rare=R seconds=S bytes=B
 * where checksum = sum over n of g(n) * (n % 1000003 + 1) mod 2^64.
 * Build: gcc -O2 -march=native -o takebreak takebreak.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VALUES (1 << 16)

static int ndig;
static signed char zero[64], one[64], two[64];   /* two: 0 none, 1 any, 2 unequal, 3 equal */

static int parity(int64_t x) {
    x ^= x >> 32; x ^= x >> 16; x ^= x >> 8; x ^= x >> 4; x ^= x >> 2; x ^= x >> 1;
    return (int)(x & 1);
}

static void parse(const char *code) {
    int j = 0;
    for (const char *c = code; *c; c++) {
        if (*c == '.') continue;
        if (*c < '0' || *c > '7') { fprintf(stderr, "bad code %s\n", code); exit(2); }
        int v = *c - '0', mark = (c[1] == '!' || c[1] == '?') ? 2 : c[1] == '=' ? 3 : 1;
        if (c[1] == '!' || c[1] == '?' || c[1] == '=') c++;
        zero[j] = v & 1;
        one[j] = (v >> 1) & 1;
        two[j] = (v & 4) ? mark : 0;
        j++;
    }
    ndig = j;
}

/* the moves leaving no heap, one heap or two equal heaps: mark their values */
static int small(int64_t n, const int32_t *g, int32_t *seen, int32_t stamp) {
    int jmax = n < ndig - 1 ? (int)n : ndig - 1;
    for (int j = 0; j <= jmax; j++) {
        int64_t s = n - j;
        if (s == 0) { if (zero[j]) seen[0] = stamp; continue; }
        if (one[j]) seen[g[s]] = stamp;
        if (two[j] == 3 && s % 2 == 0) seen[0] = stamp;
    }
    return jmax;
}

static int direct(int64_t first, int64_t last, int32_t *g, int32_t *seen) {
    for (int64_t n = first; n <= last; n++) {
        int32_t stamp = (int32_t)(n + 1);
        int jmax = small(n, g, seen, stamp);
        for (int j = 0; j <= jmax; j++) {
            int64_t s = n - j;
            if (two[j] == 0 || two[j] == 3 || s < 2) continue;
            for (int64_t a = 1; 2 * a <= s; a++) {
                if (two[j] == 2 && 2 * a == s) continue;
                seen[g[a] ^ g[s - a]] = stamp;
            }
        }
        int32_t v = 0;
        while (seen[v] == stamp) v++;
        if (v >= VALUES - 1) return 1;
        g[n] = v;
    }
    return 0;
}

static int sparse(int64_t start, int64_t N, int32_t *g, int32_t *seen, int64_t mask, int domain,
                  int rare_class, int64_t *nrare_out, size_t *bytes) {
    signed char *cls = malloc(N + 1);
    size_t cap = 1024;
    int64_t *rare = malloc(cap * sizeof *rare), nrare = 0;
    int act[64];
    for (int64_t n = 0; n <= N; n++) {
        if (n < start) cls[n] = parity(g[n] & mask) ^ (domain & (n & 1));
        if (n >= start) {
            int32_t stamp = (int32_t)(n + 1);
            int jmax = small(n, g, seen, stamp);
            int nact = 0, searchable = 0;
            int64_t amax = 0;
            for (int j = 0; j <= jmax; j++) {
                int64_t s = n - j;
                if (two[j] == 0 || two[j] == 3 || s < 2) continue;
                for (int64_t k = 0; k < nrare && rare[k] < s; k++)   /* exactly one rare part */
                    if (cls[s - rare[k]] != rare_class) seen[g[rare[k]] ^ g[s - rare[k]]] = stamp;
                act[nact++] = j;
                if (s / 2 > amax) amax = s / 2;
                searchable |= 1 << (domain & (s & 1));
            }
            int32_t v = 0, unknown = 0;
            for (;; v++) {
                if (v >= VALUES - 1) return 1;
                if (seen[v] == stamp) continue;
                if (!((searchable >> parity(v & mask)) & 1)) break;
                unknown++;
            }
            int32_t first = v;
            for (int64_t a = 1; unknown && a <= amax; a++)         /* one pass over the pairs */
                for (int k = 0; k < nact; k++) {
                    int64_t s = n - act[k];
                    if (2 * a > s || (two[act[k]] == 2 && 2 * a == s)) continue;
                    int32_t x = g[a] ^ g[s - a];
                    if (x < first && seen[x] != stamp) { seen[x] = stamp; unknown--; }
                }
            v = 0;
            while (seen[v] == stamp) v++;
            g[n] = v;
            cls[n] = parity(v & mask) ^ (domain & (n & 1));
        }
        if (cls[n] == rare_class && n >= 1) {
            if ((size_t)nrare == cap) { cap *= 2; rare = realloc(rare, cap * sizeof *rare); }
            rare[nrare++] = n;
        }
    }
    *nrare_out = nrare;
    *bytes += (N + 1) + cap * sizeof *rare;
    free(cls);
    free(rare);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: takebreak direct|sparse N PREFIX CODE [MASK DOMAIN RARE]\n"); return 2; }
    int sp = strcmp(argv[1], "sparse") == 0;
    int64_t N = atoll(argv[2]), prefix = atoll(argv[3]);
    parse(argv[4]);
    int64_t mask = argc > 5 ? atoll(argv[5]) : 0;
    int domain = argc > 6 ? atoi(argv[6]) : 0, rare_class = argc > 7 ? atoi(argv[7]) : 0;
    int32_t *g = calloc(N + 1, sizeof *g), *seen = calloc(VALUES + 1, sizeof *seen);
    size_t bytes = (N + 1) * sizeof *g + (VALUES + 1) * sizeof *seen;
    int64_t nrare = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int64_t head = sp && prefix < N ? prefix : N;
    int bad = direct(0, head, g, seen);
    if (!bad && sp && head < N)
        bad = sparse(head + 1, N, g, seen, mask, domain, rare_class, &nrare, &bytes);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (bad) { fprintf(stderr, "a nim value reached %d\n", VALUES); return 1; }
    uint64_t sum = 0;
    int32_t top = 0;
    for (int64_t n = 0; n <= N; n++) {
        sum += (uint64_t)g[n] * (uint64_t)(n % 1000003 + 1);
        if (g[n] > top) top = g[n];
    }
    printf("n=%lld max=%d checksum=%llu rare=%lld seconds=%.3f bytes=%zu\n", (long long)N, top,
           (unsigned long long)sum, (long long)nrare,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), bytes);
    return 0;
}
