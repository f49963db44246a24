/**
 * Linux native transports, the part both share: {@link io.tern.transport.linux.LinuxChannelOption}
 * (socket options the JDK does not expose), {@link io.tern.transport.linux.NativeFileRegion}
 * (zero-copy {@code sendfile}) and {@link io.tern.transport.linux.NativeIoException}. The
 * transports themselves are one package each, {@code io.tern.transport.linux.epoll} and {@code
 * io.tern.transport.linux.iouring}, and {@code io.tern.transport.linux.bootstrap} picks one by
 * name; they depend on this package, not the other way round.
 *
 * <p>Threading: like every {@code IoHandler}, a handler and the handles registered with it are used
 * on their event loop's thread only; the probes may be called from any thread.
 */
package io.tern.transport.linux;
