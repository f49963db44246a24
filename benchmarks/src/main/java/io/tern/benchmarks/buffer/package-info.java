/** Benchmarks of the {@code buffer} module, each beside its Netty twin. */
package io.tern.benchmarks.buffer;
