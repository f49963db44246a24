package io.tern.codec.http;

import java.util.Objects;

/**
 * What every default {@link HttpObject} holds: its {@link DecoderResult}, and a {@code toString}
 * that shows the object's head, headers and trailers.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects itself; see the subclasses.
 */
public abstract class DefaultHttpObject implements HttpObject {
  private DecoderResult decoderResult = DecoderResult.SUCCESS;

  /** Creates an object decoded successfully. */
  protected DefaultHttpObject() {}

  @Override
  public DecoderResult decoderResult() {
    return decoderResult;
  }

  @Override
  public void setDecoderResult(DecoderResult result) {
    this.decoderResult = Objects.requireNonNull(result, "result");
  }

  @Override
  public String toString() {
    return HttpMessages.describe(this, getClass().getSimpleName());
  }
}
