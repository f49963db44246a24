package io.tern.codec.stomp;

/**
 * The command of a {@link StompFrame}: the client's ({@link #CONNECT} or {@link #STOMP}, {@link
 * #SEND}, {@link #SUBSCRIBE}, {@link #UNSUBSCRIBE}, {@link #ACK}, {@link #NACK}, {@link #BEGIN},
 * {@link #COMMIT}, {@link #ABORT}, {@link #DISCONNECT}) and the server's ({@link #CONNECTED},
 * {@link #MESSAGE}, {@link #RECEIPT}, {@link #ERROR}). {@link #STOMP} and {@link #NACK} are STOMP
 * 1.1 and later.
 *
 * <h2>Threading</h2>
 *
 * Any thread (constants).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum StompCommand {
  /** Opens a session (client). */
  CONNECT,
  /** Opens a session (client, STOMP 1.1 and later: the same as {@link #CONNECT}). */
  STOMP,
  /** Accepts a session (server). */
  CONNECTED,
  /** Sends a message to a destination (client). */
  SEND,
  /** Subscribes to a destination (client). */
  SUBSCRIBE,
  /** Ends a subscription (client). */
  UNSUBSCRIBE,
  /** Acknowledges a message (client). */
  ACK,
  /** Rejects a message (client, STOMP 1.1 and later). */
  NACK,
  /** Starts a transaction (client). */
  BEGIN,
  /** Commits a transaction (client). */
  COMMIT,
  /** Rolls a transaction back (client). */
  ABORT,
  /** Ends the session (client). */
  DISCONNECT,
  /** Delivers a message to a subscription (server). */
  MESSAGE,
  /** Confirms that a frame asking for a receipt was processed (server). */
  RECEIPT,
  /** Reports an error; the server closes the connection after it (server). */
  ERROR;

  /**
   * Tells whether frames of this command may carry a body: only {@link #SEND}, {@link #MESSAGE} and
   * {@link #ERROR} may.
   *
   * @return {@code true} for those three
   */
  public boolean allowsBody() {
    return this == SEND || this == MESSAGE || this == ERROR;
  }

  /**
   * Tells whether this command opens or accepts a session: {@link #CONNECT}, {@link #STOMP} and
   * {@link #CONNECTED} frames never escape their headers, in any version.
   *
   * @return {@code true} for those three
   */
  public boolean isConnectionFrame() {
    return this == CONNECT || this == STOMP || this == CONNECTED;
  }
}
