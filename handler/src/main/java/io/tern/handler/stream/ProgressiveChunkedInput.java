package io.tern.handler.stream;

import io.tern.buffer.ByteBufAllocator;

/**
 * A {@link ChunkedInput} with a {@link ChunkedProgressListener}: a {@link ChunkedWriteHandler}
 * reports the input's progress to the listener each time one of its chunks has been written (not
 * merely read), so a caller can show how much of a file has left the process.
 *
 * <pre>{@code
 * ctx.writeAndFlush(new ProgressiveChunkedInput<>(new ChunkedNioFile(path),
 *     (progress, total) -> log.info(progress + " of " + total)));
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * That of the wrapped input.
 *
 * <h2>Ownership</h2>
 *
 * That of the wrapped input: closing this closes it.
 *
 * @param <B> the type of the chunks
 */
public final class ProgressiveChunkedInput<B> implements ChunkedInput<B> {
  private final ChunkedInput<B> input;
  private final ChunkedProgressListener listener;

  /**
   * Wraps an input.
   *
   * @param input the input; owned by this wrapper from now on
   * @param listener told of the progress after each written chunk
   */
  public ProgressiveChunkedInput(ChunkedInput<B> input, ChunkedProgressListener listener) {
    this.input = input;
    this.listener = listener;
  }

  /**
   * Returns the listener.
   *
   * @return the listener told of the progress
   */
  public ChunkedProgressListener listener() {
    return listener;
  }

  @Override
  public boolean isEndOfInput() throws Exception {
    return input.isEndOfInput();
  }

  @Override
  public void close() throws Exception {
    input.close();
  }

  @Override
  public B readChunk(ByteBufAllocator allocator) throws Exception {
    return input.readChunk(allocator);
  }

  @Override
  public long length() {
    return input.length();
  }

  @Override
  public long progress() {
    return input.progress();
  }
}
