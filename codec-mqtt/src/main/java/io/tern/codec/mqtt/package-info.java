/**
 * MQTT 3.1, 3.1.1 and 5.0 over any byte stream.
 *
 * <p>{@link io.tern.codec.mqtt.MqttDecoder} turns bytes into {@link
 * io.tern.codec.mqtt.MqttMessage}s and {@link io.tern.codec.mqtt.MqttEncoder} turns them back into
 * bytes. The protocol version is carried per channel ({@link
 * io.tern.codec.mqtt.MqttVersion#ATTRIBUTE}): the decoder of a server learns it from the CONNECT it
 * reads, the encoder of a client from the CONNECT it writes, and both halves of a pipeline use it
 * for every later packet. MQTT 5 properties live in {@link io.tern.codec.mqtt.MqttProperties}, a
 * map keyed by the property's numeric identifier; reason codes are plain {@code int}s named in
 * {@link io.tern.codec.mqtt.MqttReasonCodes}.
 *
 * <p>Every handler here runs on its channel's event loop and holds per-channel state: give each
 * channel its own instance.
 */
package io.tern.codec.mqtt;
