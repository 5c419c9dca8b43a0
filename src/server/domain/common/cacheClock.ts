/**
 * `ttlResolution` for the lru-caches read on every call: 0 reads the clock at each check. The
 * default (1 ms) keeps the time in a field and clears it with a fresh timer each millisecond, so
 * under load nearly every call paid for a timer per cache.
 */
export const NO_CLOCK_TIMER = 0;
