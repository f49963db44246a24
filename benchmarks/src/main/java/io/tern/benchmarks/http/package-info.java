/** Benchmarks of the {@code codec-http} module, each beside its Netty twin. */
package io.tern.benchmarks.http;
