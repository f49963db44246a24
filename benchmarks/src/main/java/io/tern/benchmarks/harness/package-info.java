/**
 * The JMH comparison driver behind {@code benchmarks/compare}: runs each Tern benchmark and its
 * Netty twin alternately and prints one {@code RATIO} line per pair and parameter set.
 */
package io.tern.benchmarks.harness;
