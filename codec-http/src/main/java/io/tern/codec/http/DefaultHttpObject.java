package io.tern.codec.http;

import java.util.Objects;

/**
 * What every default {@link HttpObject} holds: its {@link DecoderResult}, and a {@code toString}
 * that shows the object's head, headers and trailers.
 *
 * <p>Not thread-safe: one thread at a time, normally the channel's event loop.
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
