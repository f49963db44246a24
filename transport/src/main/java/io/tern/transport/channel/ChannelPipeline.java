package io.tern.transport.channel;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.common.concurrent.VirtualThreadOffloadGroup;
import java.net.SocketAddress;
import java.util.List;

/**
 * The ordered list of {@link ChannelHandler}s of a {@link Channel}.
 *
 * <pre>
 *   fireChannelRead(msg)                              write(msg)
 *        |                                                ^
 *        v                                                |
 *   [head] -&gt; [handler 1] -&gt; [handler 2] -&gt; ... -&gt; [tail]
 *   inbound events: head to tail        outbound operations: tail to head
 * </pre>
 *
 * <p>A message that reaches the tail unhandled is released and logged at DEBUG; an exception that
 * reaches the tail is logged at WARNING.
 *
 * <h2>Threading</h2>
 *
 * <p>Modifications may come from any thread (they are serialised); handler callbacks ({@code
 * handlerAdded}/{@code handlerRemoved} and events) run on the channel's executor. Changing the
 * pipeline while an event travels through it is safe: a removed handler is skipped by events that
 * have not reached it yet. Names are unique; a {@code null} name generates one.
 *
 * <h2>Ownership</h2>
 *
 * <p>A message fired into the pipeline or written through it belongs to the handler it reaches; one
 * that reaches the tail is released there, one that reaches the head is the channel's.
 */
public interface ChannelPipeline {

  /**
   * Adds a handler after the head.
   *
   * @param name a unique name, or {@code null} to generate one
   * @param handler the handler
   * @return this pipeline
   * @throws IllegalArgumentException if the name is taken
   */
  ChannelPipeline addFirst(String name, ChannelHandler handler);

  /**
   * Adds a handler before the tail.
   *
   * @param name a unique name, or {@code null} to generate one
   * @param handler the handler
   * @return this pipeline
   * @throws IllegalArgumentException if the name is taken
   */
  ChannelPipeline addLast(String name, ChannelHandler handler);

  /**
   * Adds a handler that may block before the tail, running on virtual threads of {@code group}
   * instead of the event loop: it is wrapped in an {@link OffloadingHandler}, which keeps the order
   * of events and operations.
   *
   * @param group the virtual threads to run the handler on
   * @param name a unique name, or {@code null} to generate one
   * @param handler the handler; {@link ChannelHandlerContext#handler()} of its context returns it
   * @return this pipeline
   * @throws IllegalArgumentException if the name is taken
   */
  default ChannelPipeline addLast(
      VirtualThreadOffloadGroup group, String name, ChannelHandler handler) {
    return addLast(name, new OffloadingHandler(group, handler));
  }

  /**
   * Adds handlers before the tail, in order, with generated names.
   *
   * @param handlers the handlers
   * @return this pipeline
   */
  ChannelPipeline addLast(ChannelHandler... handlers);

  /**
   * Adds a handler before an existing one.
   *
   * @param baseName the existing handler's name
   * @param name a unique name, or {@code null} to generate one
   * @param handler the handler
   * @return this pipeline
   * @throws java.util.NoSuchElementException if {@code baseName} is not in the pipeline
   */
  ChannelPipeline addBefore(String baseName, String name, ChannelHandler handler);

  /**
   * Adds a handler after an existing one.
   *
   * @param baseName the existing handler's name
   * @param name a unique name, or {@code null} to generate one
   * @param handler the handler
   * @return this pipeline
   * @throws java.util.NoSuchElementException if {@code baseName} is not in the pipeline
   */
  ChannelPipeline addAfter(String baseName, String name, ChannelHandler handler);

  /**
   * Removes a handler.
   *
   * @param handler the handler
   * @return this pipeline
   * @throws java.util.NoSuchElementException if it is not in the pipeline
   */
  ChannelPipeline remove(ChannelHandler handler);

  /**
   * Removes a handler by name.
   *
   * @param name the handler's name
   * @return the removed handler
   * @throws java.util.NoSuchElementException if no handler has that name
   */
  ChannelHandler remove(String name);

  /**
   * Replaces a handler; the new one's {@code handlerAdded} runs before the old one's {@code
   * handlerRemoved}.
   *
   * @param oldHandler the handler to replace
   * @param newName the new handler's name, or {@code null} to generate one
   * @param newHandler the new handler
   * @return this pipeline
   * @throws java.util.NoSuchElementException if {@code oldHandler} is not in the pipeline
   */
  ChannelPipeline replace(ChannelHandler oldHandler, String newName, ChannelHandler newHandler);

  /**
   * Replaces a handler by name.
   *
   * @param oldName the name of the handler to replace
   * @param newName the new handler's name, or {@code null} to generate one
   * @param newHandler the new handler
   * @return the replaced handler
   * @throws java.util.NoSuchElementException if no handler has {@code oldName}
   */
  ChannelHandler replace(String oldName, String newName, ChannelHandler newHandler);

  /**
   * Looks a handler up by name.
   *
   * @param name the name
   * @return the handler, or {@code null}
   */
  ChannelHandler get(String name);

  /**
   * Looks a context up by name.
   *
   * @param name the name
   * @return the context, or {@code null}
   */
  ChannelHandlerContext context(String name);

  /**
   * Looks a context up by handler.
   *
   * @param handler the handler
   * @return the context, or {@code null}
   */
  ChannelHandlerContext context(ChannelHandler handler);

  /**
   * Returns the handler names, head to tail (without the pipeline's own head and tail).
   *
   * @return a snapshot of the names
   */
  List<String> names();

  /**
   * Returns the first handler.
   *
   * @return the first handler, or {@code null} if empty
   */
  ChannelHandler first();

  /**
   * Returns the last handler.
   *
   * @return the last handler, or {@code null} if empty
   */
  ChannelHandler last();

  /**
   * Returns the first context.
   *
   * @return the first handler's context, or {@code null} if empty
   */
  ChannelHandlerContext firstContext();

  /**
   * Returns the last context.
   *
   * @return the last handler's context, or {@code null} if empty
   */
  ChannelHandlerContext lastContext();

  /**
   * Returns the channel.
   *
   * @return the channel of this pipeline
   */
  Channel channel();

  /**
   * Fires a registered event from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelRegistered();

  /**
   * Fires an unregistered event from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelUnregistered();

  /**
   * Fires an active event from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelActive();

  /**
   * Fires an inactive event from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelInactive();

  /**
   * Fires a message from the head; the pipeline owns it from now on.
   *
   * @param msg the message
   * @return this pipeline
   */
  ChannelPipeline fireChannelRead(Object msg);

  /**
   * Fires a read-complete event from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelReadComplete();

  /**
   * Fires a user event from the head.
   *
   * @param evt the event
   * @return this pipeline
   */
  ChannelPipeline fireUserEventTriggered(Object evt);

  /**
   * Fires a writability change from the head.
   *
   * @return this pipeline
   */
  ChannelPipeline fireChannelWritabilityChanged();

  /**
   * Fires an exception from the head.
   *
   * @param cause the exception
   * @return this pipeline
   */
  ChannelPipeline fireExceptionCaught(Throwable cause);

  /**
   * Creates a promise completed on the channel's event loop.
   *
   * @return a new promise
   */
  Promise<Void> newPromise();

  /**
   * Binds from the tail.
   *
   * @param localAddress the address
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> bind(SocketAddress localAddress, Promise<Void> promise);

  /**
   * Connects from the tail.
   *
   * @param remoteAddress the address to connect to
   * @param localAddress the local address, or {@code null}
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> connect(
      SocketAddress remoteAddress, SocketAddress localAddress, Promise<Void> promise);

  /**
   * Disconnects from the tail.
   *
   * @param promise completed when done
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> disconnect(Promise<Void> promise);

  /**
   * Closes from the tail.
   *
   * @param promise completed when closed
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> close(Promise<Void> promise);

  /**
   * Writes from the tail, completing {@code promise}; the pipeline owns {@code msg} from now on.
   *
   * @param msg the message
   * @param promise completed when written
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> write(Object msg, Promise<Void> promise);

  /**
   * Writes and flushes from the tail, completing {@code promise}.
   *
   * @param msg the message; the pipeline owns it from now on
   * @param promise completed when written
   * @return {@code promise}
   */
  @CanIgnoreReturnValue
  Future<Void> writeAndFlush(Object msg, Promise<Void> promise);

  /**
   * Writes from the tail; the pipeline owns {@code msg} from now on.
   *
   * @param msg the message
   * @return the write's future
   */
  @CanIgnoreReturnValue
  Future<Void> write(Object msg);

  /**
   * Flushes from the tail.
   *
   * @return this pipeline
   */
  ChannelPipeline flush();

  /**
   * Writes and flushes from the tail.
   *
   * @param msg the message; the pipeline owns it from now on
   * @return the write's future
   */
  @CanIgnoreReturnValue
  Future<Void> writeAndFlush(Object msg);

  /**
   * Closes from the tail.
   *
   * @return the close future
   */
  @CanIgnoreReturnValue
  Future<Void> close();

  /**
   * Requests a read from the tail.
   *
   * @return this pipeline
   */
  ChannelPipeline read();
}
