package io.tern.benchmarks.load;

/** A server or load generator did not do what a measurement needs; the message says what. */
public final class LoadException extends Exception {
  /**
   * Creates the exception.
   *
   * @param message what went wrong, with the evidence (output tail, exit status)
   */
  public LoadException(String message) {
    super(message);
  }
}
