package io.tern.benchmarks.load;

/**
 * One timed run of one scenario against one server.
 *
 * @param requestsPerSecond the load generator's rate
 * @param cpuSecondsPerRequest the server's CPU time (user + system) divided by requests served
 * @param errors socket errors, non-2xx responses or failed streams reported by the generator
 */
record Measurement(double requestsPerSecond, double cpuSecondsPerRequest, long errors) {}
