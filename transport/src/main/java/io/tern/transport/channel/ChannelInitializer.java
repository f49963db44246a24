package io.tern.transport.channel;

/**
 * Sets a channel's pipeline up: when added, calls {@link #initChannel} (which typically adds
 * handlers) and then removes itself, so handlers added in {@code initChannel} take its place.
 *
 * <h2>Threading</h2>
 *
 * <p>{@code initChannel} runs on the channel's executor. An instance may be shared between channels
 * (it keeps no state of its own) unless a subclass adds some.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param <C> the channel type
 */
public abstract class ChannelInitializer<C extends Channel> implements ChannelHandler {

  /** Creates the initializer. */
  protected ChannelInitializer() {}

  /**
   * Sets the channel up; called once per channel.
   *
   * @param ch the channel whose pipeline to set up
   * @throws Exception fired as an exception through the pipeline; the channel is then closed
   */
  protected abstract void initChannel(C ch) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
    try {
      initChannel((C) ctx.channel());
    } catch (Throwable t) {
      ctx.fireExceptionCaught(t);
      ctx.close();
    } finally {
      if (!ctx.isRemoved()) {
        ctx.pipeline().remove(this);
      }
    }
  }
}
