/**
 * The io_uring transport: {@link io.tern.transport.linux.iouring.IoUringIoHandler} (pass its
 * factory to a {@code MultiThreadEventLoopGroup}), the probe {@link
 * io.tern.transport.linux.iouring.IoUring} that says whether it works here, why not, and which
 * newer kernel features it found, and the channels: {@link
 * io.tern.transport.linux.iouring.IoUringSocketChannel}, {@link
 * io.tern.transport.linux.iouring.IoUringServerSocketChannel}, {@link
 * io.tern.transport.linux.iouring.IoUringDomainSocketChannel}, {@link
 * io.tern.transport.linux.iouring.IoUringServerDomainSocketChannel} and {@link
 * io.tern.transport.linux.iouring.IoUringDatagramChannel}.
 *
 * <p>Threading: the handler and the handles registered with it are used on their event loop's
 * thread only; the probe may be called from any thread; the channels as every channel.
 */
package io.tern.transport.linux.iouring;
