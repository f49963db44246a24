/**
 * The transport SPI: one base class per shape of channel a transport extends ({@link
 * io.tern.transport.spi.AbstractDuplexChannel} for byte streams, {@link
 * io.tern.transport.spi.AbstractServerChannel} for listening sockets, {@link
 * io.tern.transport.spi.AbstractDatagramChannel} for UDP, all on {@link
 * io.tern.transport.spi.AbstractChannel}), the parts a transport composes into them ({@link
 * io.tern.transport.spi.StreamLoops}, the read and write loops of a readiness-based byte stream;
 * {@link io.tern.transport.spi.DatagramIo}, the calls of a UDP socket), the {@link
 * io.tern.transport.spi.ChannelOutboundBuffer} a write loop consumes, and {@link
 * io.tern.transport.spi.DefaultChannelConfig}. A transport's public channel classes (NIO's,
 * epoll's, io_uring's) are one implementation per transport and shape, with the address family as a
 * value, and thin classes under Netty's names on top. Applications do not need this package.
 *
 * <p>Threading: the protected methods run on the channel's event loop.
 */
package io.tern.transport.spi;
