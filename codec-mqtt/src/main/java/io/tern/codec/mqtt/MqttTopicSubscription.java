package io.tern.codec.mqtt;

import java.util.Objects;

/**
 * One entry of SUBSCRIBE: a topic filter and its options.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param topicFilter the filter (may hold {@code +} and {@code #}, or be a {@code $share/G/...}
 *     shared subscription)
 * @param option the options
 */
public record MqttTopicSubscription(String topicFilter, MqttSubscriptionOption option) {

  /**
   * Checks the components.
   *
   * @throws NullPointerException if one is {@code null}
   */
  public MqttTopicSubscription {
    Objects.requireNonNull(topicFilter, "topicFilter");
    Objects.requireNonNull(option, "option");
  }
}
