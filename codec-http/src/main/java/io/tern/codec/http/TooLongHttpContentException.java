package io.tern.codec.http;

import io.tern.codec.TooLongFrameException;

/**
 * A message's content is longer than an aggregator allows ({@link HttpObjectAggregator}).
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class TooLongHttpContentException extends TooLongFrameException {
  /**
   * Creates the exception.
   *
   * @param message what was wrong
   */
  public TooLongHttpContentException(String message) {
    super(message);
  }
}
