/**
 * The NIO transport: {@link io.tern.transport.nio.NioSocketChannel} and {@link
 * io.tern.transport.nio.NioServerSocketChannel} on loops running {@link
 * io.tern.transport.NioIoHandler}.
 */
package io.tern.transport.nio;
