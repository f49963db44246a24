/**
 * The transport SPI: base classes a transport extends ({@link
 * io.tern.transport.spi.AbstractChannel}, {@link io.tern.transport.spi.AbstractStreamChannel},
 * {@link io.tern.transport.spi.AbstractServerChannel}), the {@link
 * io.tern.transport.spi.ChannelOutboundBuffer} its write loop consumes, and {@link
 * io.tern.transport.spi.DefaultChannelConfig}. Applications do not need this package.
 *
 * <p>Threading: the protected methods run on the channel's event loop.
 */
package io.tern.transport.spi;
