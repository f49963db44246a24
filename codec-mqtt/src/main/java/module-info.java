/**
 * MQTT 3.1, 3.1.1 and 5.0: the packet model, a decoder and an encoder with explicit limits, message
 * builders, and topic name and filter rules.
 */
module io.tern.codec.mqtt {
  requires transitive io.tern.codec;

  exports io.tern.codec.mqtt;
}
