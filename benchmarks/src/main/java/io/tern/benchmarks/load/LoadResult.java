package io.tern.benchmarks.load;

/**
 * What a load generator reported for one timed run.
 *
 * @param requests responses received
 * @param requestsPerSecond the generator's own rate
 * @param errors socket errors, non-2xx responses or failed streams
 */
record LoadResult(long requests, double requestsPerSecond, long errors) {}
