/*
 * A plain C loop for the benchmark: random legal play of single deals on one
 * 52-card deck with a turned-up trump, the dealer's hook and 10 + 2 per trick
 * scoring (the Boerenbridge rules with a fixed hand size).  It reads the same
 * documented streams as ohhell (SplitMix64 blocks seeding xoshiro256**,
 * Lemire's bounded draws, Fisher-Yates from the top), so for the same base it
 * plays exactly the deals ohhell's fast path plays: the benchmark checks the
 * sum of scores against it before quoting any speed.
 *
 * It has the output-preserving draw changes of the fast path and more: the
 * bounded draw divides only when it could reject, the k-th set bit is one
 * pdep and tzcnt (BMI2; a bit-clearing loop without it), and seats wrap
 * without a modulo.  Build: gcc -O2 -march=native.
 *
 * usage: random_play PLAYERS HAND_SIZE DEALS BASE
 * prints: deals seconds score_sum (seconds of this process's CPU time)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

static const uint64_t GAMMA = 0x9E3779B97F4A7C15ULL;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next(uint64_t *s) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static inline int below(uint64_t *s, uint32_t n) {
    for (;;) {
        uint64_t m = (next(s) >> 32) * (uint64_t)n;
        uint32_t low = (uint32_t)m;
        /* the threshold 2^32 mod n is below n: divide only when low < n */
        if (low >= n || low >= (uint32_t)((4294967296ULL - n) % n)) return (int)(m >> 32);
    }
}

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void block(uint64_t *s, uint64_t base, uint64_t k) {
    uint64_t x = base + 4 * k * GAMMA;
    int zero = 1;
    for (int w = 0; w < 4; w++) {
        x += GAMMA;
        s[w] = mix(x);
        if (s[w]) zero = 0;
    }
    if (zero) s[0] = 1;
}

static inline int kth_bit(uint64_t x, int k) {
#ifdef __BMI2__
    return __builtin_ctzll(_pdep_u64(1ULL << k, x));
#else
    for (int i = 0; i < k; i++) x &= x - 1;
    return __builtin_ctzll(x);
#endif
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PLAYERS HAND_SIZE DEALS BASE\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), h = atoi(argv[2]);
    long deals = atol(argv[3]);
    uint64_t base = strtoull(argv[4], NULL, 10);
    uint64_t st[8][4];
    uint64_t hands[8];
    int bids[8], tricks[8], order[52];
    long long score_sum = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long unit = 0; unit < deals; unit++) {
        for (int s = 0; s <= n; s++) block(st[s], base, (uint64_t)unit * (n + 1) + s);
        int dealer = (int)(unit % n);
        for (int i = 0; i < 52; i++) order[i] = i;
        for (int i = 51; i > 0; i--) {
            int j = below(st[0], i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int s = 0; s < n; s++) hands[s] = 0;
        for (int i = 0, seat = dealer; i < h * n; i++) {
            if (++seat == n) seat = 0;
            hands[seat] |= 1ULL << order[i];
        }
        int trump = h * n < 52 ? order[h * n] / 13 : -1;
        int total = 0;
        for (int i = 0, seat = dealer; i < n; i++) {
            int b;
            if (++seat == n) seat = 0;
            int forbidden = h - total;
            if (seat == dealer && forbidden >= 0 && forbidden <= h) {
                int k = below(st[1 + seat], h);
                b = k < forbidden ? k : k + 1;
            } else {
                b = below(st[1 + seat], h + 1);
            }
            bids[seat] = b;
            total += b;
        }
        for (int s = 0; s < n; s++) tricks[s] = 0;
        int leader = (dealer + 1) % n;
        for (int t = 0; t < h; t++) {
            int led = -1, best = -1, best_key = -1;
            for (int p = 0, seat = leader - 1; p < n; p++) {
                if (++seat == n) seat = 0;
                uint64_t legal = hands[seat];
                if (led >= 0) {
                    uint64_t follow = legal & (0x1FFFULL << (13 * led));
                    if (follow) legal = follow;
                }
                int c = kth_bit(legal, below(st[1 + seat], __builtin_popcountll(legal)));
                hands[seat] &= ~(1ULL << c);
                int suit = c >= 39 ? 3 : c >= 26 ? 2 : c >= 13 ? 1 : 0, key = 0;
                if (p == 0) led = suit;
                if (suit == trump) key = 3000 + 2 * (c - 13 * suit) + 1;
                else if (suit == led) key = 2000 + 2 * (c - 13 * suit);
                if (key > best_key) { best_key = key; best = seat; }
            }
            tricks[best]++;
            leader = best;
        }
        for (int s = 0; s < n; s++) score_sum += bids[s] == tricks[s] ? 10 + 2 * bids[s] : 0;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("%ld %.6f %lld\n", deals, secs, score_sum);
    return 0;
}
