/**
 * Transport-independent socket channel types: {@link io.tern.transport.socket.SocketChannel} (a TCP
 * connection) and {@link io.tern.transport.socket.ServerSocketChannel} (a listening socket), which
 * the NIO, epoll and io_uring transports implement.
 */
package io.tern.transport.socket;
