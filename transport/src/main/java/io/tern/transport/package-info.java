/**
 * Event loops over pluggable I/O handlers: {@link io.tern.transport.EventLoop}, {@link
 * io.tern.transport.MultiThreadEventLoopGroup}, {@link io.tern.transport.IoHandler} and its NIO and
 * in-memory implementations.
 *
 * <p>Threading: a loop is one thread; handles registered with it are used on that thread only.
 */
package io.tern.transport;
