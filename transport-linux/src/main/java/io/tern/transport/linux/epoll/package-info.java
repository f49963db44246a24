/**
 * The epoll transport: {@link io.tern.transport.linux.epoll.EpollIoHandler} (pass its factory to a
 * {@code MultiThreadEventLoopGroup}), the probe {@link io.tern.transport.linux.epoll.Epoll} that
 * says whether it works here and why not, and the channels: {@link
 * io.tern.transport.linux.epoll.EpollSocketChannel}, {@link
 * io.tern.transport.linux.epoll.EpollServerSocketChannel}, {@link
 * io.tern.transport.linux.epoll.EpollDomainSocketChannel}, {@link
 * io.tern.transport.linux.epoll.EpollServerDomainSocketChannel} and {@link
 * io.tern.transport.linux.epoll.EpollDatagramChannel}.
 *
 * <p>Threading: the handler and the handles registered with it are used on their event loop's
 * thread only; the probe may be called from any thread; the channels as every channel.
 */
package io.tern.transport.linux.epoll;
