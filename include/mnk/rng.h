/* rng.h — small, seeded, reproducible pseudo-random numbers and a 64-bit mixer.
 *
 * No global state: each user owns a struct rng. The same seed gives the same
 * sequence on every machine (splitmix64), which is what makes seeded games,
 * matches and benchmarks repeatable.
 */
#ifndef MNK_RNG_H
#define MNK_RNG_H

#include <stdint.h>

struct rng {
    uint64_t state;
};

/* A bijective mix of 64 bits (the splitmix64 finaliser). */
static inline uint64_t rng_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
    r->state = seed;
}

/* The next 64 random bits. */
static inline uint64_t rng_next(struct rng *r)
{
    r->state += 0x9e3779b97f4a7c15u;
    return rng_mix(r->state);
}

/* A uniform integer in [0, n), n > 0, without modulo bias. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)rng_next(r) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)-n % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)rng_next(r) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
