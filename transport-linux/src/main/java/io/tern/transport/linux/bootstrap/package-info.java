/**
 * Choosing a transport by name: {@link io.tern.transport.linux.bootstrap.SocketTransport} gives the
 * {@code IoHandler} factory and the channel constructors of {@code nio}, {@code epoll}, {@code
 * io_uring}, or {@code native} (the best one available here), for a {@code --transport} option.
 *
 * <p>Threading: immutable values; any thread.
 */
package io.tern.transport.linux.bootstrap;
