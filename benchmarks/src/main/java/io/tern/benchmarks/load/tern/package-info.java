/** Tern's servers for the load harness, each the twin of one in {@code load.netty}. */
package io.tern.benchmarks.load.tern;
