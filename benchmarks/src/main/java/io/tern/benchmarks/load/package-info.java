/**
 * The load harness behind {@code benchmarks/load/run} and {@code benchmarks/load/compare}: starts
 * servers as processes pinned to core 0, loads them with wrk and h2load pinned to core 1, and
 * reports requests per second and the server's CPU time per request.
 */
package io.tern.benchmarks.load;
