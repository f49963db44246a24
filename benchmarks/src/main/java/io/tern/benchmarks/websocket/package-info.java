/** Benchmarks of WebSocket in {@code codec-http}, each beside its Netty twin. */
package io.tern.benchmarks.websocket;
