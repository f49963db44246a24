package io.tern.handler.timeout;

/**
 * The user event {@link IdleStateHandler} fires: which direction is idle, and whether this is the
 * first such event since the last activity in that direction.
 *
 * <h2>Threading</h2>
 *
 * Immutable; the six possible events are shared constants.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class IdleStateEvent {
  /** The first reader idle event since the last read. */
  public static final IdleStateEvent FIRST_READER_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.READER_IDLE, true);

  /** A later reader idle event, with no read since the first. */
  public static final IdleStateEvent READER_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.READER_IDLE, false);

  /** The first writer idle event since the last write. */
  public static final IdleStateEvent FIRST_WRITER_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.WRITER_IDLE, true);

  /** A later writer idle event, with no write since the first. */
  public static final IdleStateEvent WRITER_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.WRITER_IDLE, false);

  /** The first all idle event since the last read or write. */
  public static final IdleStateEvent FIRST_ALL_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.ALL_IDLE, true);

  /** A later all idle event, with no read or write since the first. */
  public static final IdleStateEvent ALL_IDLE_STATE_EVENT =
      new IdleStateEvent(IdleState.ALL_IDLE, false);

  private final IdleState state;
  private final boolean first;

  private IdleStateEvent(IdleState state, boolean first) {
    this.state = state;
    this.first = first;
  }

  /**
   * Returns the state.
   *
   * @return which direction is idle
   */
  public IdleState state() {
    return state;
  }

  /**
   * Tells whether this is the first event of its kind since the last activity.
   *
   * @return {@code true} for the first event
   */
  public boolean isFirst() {
    return first;
  }

  static IdleStateEvent of(IdleState state, boolean first) {
    return switch (state) {
      case READER_IDLE -> first ? FIRST_READER_IDLE_STATE_EVENT : READER_IDLE_STATE_EVENT;
      case WRITER_IDLE -> first ? FIRST_WRITER_IDLE_STATE_EVENT : WRITER_IDLE_STATE_EVENT;
      case ALL_IDLE -> first ? FIRST_ALL_IDLE_STATE_EVENT : ALL_IDLE_STATE_EVENT;
    };
  }

  @Override
  public String toString() {
    return "IdleStateEvent(" + state + (first ? ", first" : "") + ")";
  }
}
