/**
 * The NIO transport: {@link io.tern.transport.nio.NioIoHandler} (an {@code IoHandler} over a JDK
 * {@code Selector}) and the channels on its loops: {@link io.tern.transport.nio.NioSocketChannel}
 * and {@link io.tern.transport.nio.NioServerSocketChannel} (TCP), {@link
 * io.tern.transport.nio.NioDomainSocketChannel} and {@link
 * io.tern.transport.nio.NioServerDomainSocketChannel} (Unix domain), {@link
 * io.tern.transport.nio.NioDatagramChannel} (UDP).
 */
package io.tern.transport.nio;
