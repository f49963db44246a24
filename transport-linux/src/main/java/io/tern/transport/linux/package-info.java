/**
 * Linux native transports: {@link io.tern.transport.linux.EpollIoHandler} and {@link
 * io.tern.transport.linux.IoUringIoHandler} (pass their factories to a {@code
 * MultiThreadEventLoopGroup}), and the probes {@link io.tern.transport.linux.Epoll} and {@link
 * io.tern.transport.linux.IoUring} that say whether they work here and why not.
 *
 * <p>Threading: like every {@code IoHandler}, a handler and the handles registered with it are used
 * on their event loop's thread only; the probes may be called from any thread.
 */
package io.tern.transport.linux;
