/**
 * STOMP 1.0, 1.1 and 1.2: {@link io.tern.codec.stomp.StompFrame}, {@link
 * io.tern.codec.stomp.StompCodec} (frames both ways, header escaping per negotiated version,
 * limits) and {@link io.tern.codec.stomp.StompHeartbeatHandler} (heart-beats negotiated and
 * enforced).
 */
module io.tern.codec.stomp {
  requires transitive io.tern.codec;

  exports io.tern.codec.stomp;
}
