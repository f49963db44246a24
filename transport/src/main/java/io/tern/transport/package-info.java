/**
 * Event loops over pluggable I/O handlers: {@link io.tern.transport.EventLoop}, {@link
 * io.tern.transport.MultiThreadEventLoopGroup}, and the {@link io.tern.transport.IoHandler}
 * contract (handles, registrations, ops and events) each transport implements in its own package
 * ({@code io.tern.transport.nio}, {@code io.tern.transport.local}, and {@code transport-linux}'s
 * epoll and io_uring packages). This package depends on no channel type: channels, pipelines and
 * transports build on it.
 *
 * <p>Threading: a loop is one thread; handles registered with it are used on that thread only.
 */
package io.tern.transport;
