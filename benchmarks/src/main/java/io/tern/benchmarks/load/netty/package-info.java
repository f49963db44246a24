/**
 * Netty 4.2 comparison servers for the load harness: a TechEmpower-style plaintext/JSON HTTP/1.1
 * server and an echo server, each run as its own process with {@code --port N --transport
 * nio|epoll|io_uring|native}.
 */
package io.tern.benchmarks.load.netty;
