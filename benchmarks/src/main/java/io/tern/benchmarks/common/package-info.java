/** Benchmarks of the {@code common} module, each beside its Netty twin. */
package io.tern.benchmarks.common;
