/**
 * Transport-independent socket channel types, which the NIO, epoll and io_uring transports
 * implement: {@link io.tern.transport.socket.SocketChannel} (a TCP connection) and {@link
 * io.tern.transport.socket.ServerSocketChannel} (a listening socket); {@link
 * io.tern.transport.socket.DatagramChannel} (UDP, with {@link
 * io.tern.transport.socket.DatagramPacket} messages and multicast); {@link
 * io.tern.transport.socket.DomainSocketChannel} and {@link
 * io.tern.transport.socket.ServerDomainSocketChannel} (Unix domain stream sockets).
 */
package io.tern.transport.socket;
