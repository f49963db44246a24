/**
 * Netty 4.2 comparison servers for the load harness, each run as its own process with {@code --port
 * N --transport nio|epoll|io_uring}: a plaintext/JSON HTTP/1.1 server in the shape of Tern's twin
 * ({@code HttpServerCodec}), one in the shape of Netty's TechEmpower entry, and an echo server.
 */
package io.tern.benchmarks.load.netty;
