package io.tern.examples.mqtt;

import io.tern.codec.mqtt.MqttDecoderLimits;
import java.util.Set;

/**
 * What the example broker announces and enforces.
 *
 * @param limits the decoder's limits (the packet size limit is announced as Maximum Packet Size)
 * @param receiveMaximum QoS 2 messages a client may have awaiting PUBREL (announced; exceeding it
 *     is DISCONNECT 0x93)
 * @param topicAliasMaximum the highest topic alias a client may use (announced)
 * @param serverKeepAliveSeconds if above 0, the keep-alive imposed on clients asking for more or
 *     none (announced as Server Keep Alive)
 * @param maxQueuedPerSession messages kept for an offline or throttled session; later ones are
 *     dropped
 * @param refusedFilters filters a SUBSCRIBE is refused for (reason code 0x80), e.g. {@code
 *     test/nosubscribe} for the paho suites
 */
record BrokerConfig(
    MqttDecoderLimits limits,
    int receiveMaximum,
    int topicAliasMaximum,
    int serverKeepAliveSeconds,
    int maxQueuedPerSession,
    Set<String> refusedFilters) {

  static final BrokerConfig DEFAULT =
      new BrokerConfig(MqttDecoderLimits.DEFAULT, 100, 16, 0, 10_000, Set.of());
}
