package io.tern.codec.http2;

/**
 * RFC 9218's {@code PRIORITY_UPDATE}: the peer's new priority for a stream, as the value of a
 * {@code priority} field ({@code u=3, i}).
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param prioritizedStreamId the stream the priority is for
 * @param priorityFieldValue the structured field value
 */
public record Http2PriorityUpdateFrame(int prioritizedStreamId, String priorityFieldValue)
    implements Http2Frame {
  @Override
  public String name() {
    return "PRIORITY_UPDATE";
  }
}
