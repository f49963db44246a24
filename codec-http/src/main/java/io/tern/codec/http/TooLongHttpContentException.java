package io.tern.codec.http;

import io.tern.codec.TooLongFrameException;

/** A message's content is longer than an aggregator allows ({@link HttpObjectAggregator}). */
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
