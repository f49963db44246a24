/** Benchmarks of the {@code handler} module (TLS), each beside its Netty twin. */
package io.tern.benchmarks.handler;
