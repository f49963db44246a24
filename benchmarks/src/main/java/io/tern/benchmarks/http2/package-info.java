/** Benchmarks of the {@code codec-http2} module, each beside its Netty twin. */
package io.tern.benchmarks.http2;
