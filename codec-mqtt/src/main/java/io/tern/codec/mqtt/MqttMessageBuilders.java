package io.tern.codec.mqtt;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Fluent builders for the messages with many fields.
 *
 * <pre>{@code
 * MqttConnectMessage connect = MqttMessageBuilders.connect()
 *     .version(MqttVersion.MQTT_5).clientId("sensor-1").keepAlive(30)
 *     .property(MqttProperty.SESSION_EXPIRY_INTERVAL, 3600)
 *     .will("sensors/1/status", "offline".getBytes(UTF_8), MqttQoS.AT_LEAST_ONCE, true)
 *     .build();
 * MqttPublishMessage publish = MqttMessageBuilders.publish()
 *     .topic("sensors/1/temp").qos(MqttQoS.AT_LEAST_ONCE).packetId(7)
 *     .payload("21.5").build();
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * A builder is used by one thread; the messages it builds may be passed on.
 *
 * <h2>Ownership</h2>
 *
 * {@link PublishBuilder#payload(ByteBuf)} takes over the reference passed in, and the built {@link
 * MqttPublishMessage} owns it; a builder never built must have its payload released by the caller.
 * The other builders hold no reference-counted objects.
 */
public final class MqttMessageBuilders {
  private MqttMessageBuilders() {}

  /**
   * Starts a CONNECT (MQTT 3.1.1, clean start, keep-alive 60 s, empty client id).
   *
   * @return the builder
   */
  public static ConnectBuilder connect() {
    return new ConnectBuilder();
  }

  /**
   * Starts a PUBLISH (QoS 0, empty payload).
   *
   * @return the builder
   */
  public static PublishBuilder publish() {
    return new PublishBuilder();
  }

  /**
   * Starts a SUBSCRIBE.
   *
   * @return the builder
   */
  public static SubscribeBuilder subscribe() {
    return new SubscribeBuilder();
  }

  /**
   * Starts an UNSUBSCRIBE.
   *
   * @return the builder
   */
  public static UnsubscribeBuilder unsubscribe() {
    return new UnsubscribeBuilder();
  }

  /**
   * Starts a CONNACK (success, no session).
   *
   * @return the builder
   */
  public static ConnAckBuilder connAck() {
    return new ConnAckBuilder();
  }

  /**
   * The MQTT 5 properties part every builder shares.
   *
   * <p>Threading: one thread. Ownership: holds no reference-counted objects.
   *
   * @param <B> the concrete builder
   */
  public abstract static sealed class PropertiesBuilder<B extends PropertiesBuilder<B>>
      permits ConnectBuilder, PublishBuilder, SubscribeBuilder, UnsubscribeBuilder, ConnAckBuilder {
    MqttProperties properties = MqttProperties.NONE;

    PropertiesBuilder() {}

    abstract B self();

    private MqttProperties mutable() {
      if (properties == MqttProperties.NONE) {
        properties = new MqttProperties();
      }
      return properties;
    }

    /**
     * Sets an integer property (MQTT 5).
     *
     * @param property the property
     * @param value the value
     * @return this builder
     */
    public B property(MqttProperty property, long value) {
      mutable().set(property, value);
      return self();
    }

    /**
     * Sets a string property (MQTT 5).
     *
     * @param property the property
     * @param value the value
     * @return this builder
     */
    public B property(MqttProperty property, String value) {
      mutable().set(property, value);
      return self();
    }

    /**
     * Sets a binary property (MQTT 5).
     *
     * @param property the property
     * @param value the value (kept, not copied)
     * @return this builder
     */
    public B property(MqttProperty property, byte[] value) {
      mutable().set(property, value);
      return self();
    }

    /**
     * Adds a user property (MQTT 5).
     *
     * @param name the name
     * @param value the value
     * @return this builder
     */
    public B userProperty(String name, String value) {
      mutable().addUserProperty(name, value);
      return self();
    }

    /**
     * Replaces all properties.
     *
     * @param properties the properties (kept, not copied)
     * @return this builder
     */
    public B properties(MqttProperties properties) {
      this.properties = java.util.Objects.requireNonNull(properties, "properties");
      return self();
    }
  }

  /**
   * Builds a CONNECT.
   *
   * <p>Threading: one thread. Ownership: holds no reference-counted objects.
   */
  public static final class ConnectBuilder extends PropertiesBuilder<ConnectBuilder> {
    private MqttVersion version = MqttVersion.MQTT_3_1_1;
    private String clientId = "";
    private boolean cleanStart = true;
    private int keepAlive = 60;
    private String username;
    private byte[] password;
    private MqttWill will;

    private ConnectBuilder() {}

    @Override
    ConnectBuilder self() {
      return this;
    }

    /**
     * Sets the protocol version.
     *
     * @param version the version
     * @return this builder
     */
    public ConnectBuilder version(MqttVersion version) {
      this.version = version;
      return this;
    }

    /**
     * Sets the client identifier.
     *
     * @param clientId the identifier (empty: the server assigns one)
     * @return this builder
     */
    public ConnectBuilder clientId(String clientId) {
      this.clientId = clientId;
      return this;
    }

    /**
     * Sets Clean Start (Clean Session before MQTT 5).
     *
     * @param cleanStart the flag
     * @return this builder
     */
    public ConnectBuilder cleanStart(boolean cleanStart) {
      this.cleanStart = cleanStart;
      return this;
    }

    /**
     * Sets the keep-alive.
     *
     * @param seconds 0 (off) to 65535
     * @return this builder
     */
    public ConnectBuilder keepAlive(int seconds) {
      this.keepAlive = seconds;
      return this;
    }

    /**
     * Sets the user name.
     *
     * @param username the user name, or {@code null}
     * @return this builder
     */
    public ConnectBuilder username(String username) {
      this.username = username;
      return this;
    }

    /**
     * Sets the password.
     *
     * @param password the password (kept, not copied), or {@code null}
     * @return this builder
     */
    public ConnectBuilder password(byte[] password) {
      this.password = password;
      return this;
    }

    /**
     * Sets a will without properties.
     *
     * @param topic the will topic
     * @param payload the will payload (kept, not copied)
     * @param qos the will QoS
     * @param retain the will's retain flag
     * @return this builder
     */
    public ConnectBuilder will(String topic, byte[] payload, MqttQoS qos, boolean retain) {
      return will(new MqttWill(topic, payload, qos, retain, MqttProperties.NONE));
    }

    /**
     * Sets the will.
     *
     * @param will the will, or {@code null} for none
     * @return this builder
     */
    public ConnectBuilder will(MqttWill will) {
      this.will = will;
      return this;
    }

    /**
     * Builds the message.
     *
     * @return the CONNECT
     */
    public MqttConnectMessage build() {
      return new MqttConnectMessage(
          version, clientId, cleanStart, keepAlive, username, password, will, properties);
    }
  }

  /**
   * Builds a PUBLISH.
   *
   * <p>Threading: one thread. Ownership: holds the payload's reference until {@link #build()} hands
   * it to the message.
   */
  public static final class PublishBuilder extends PropertiesBuilder<PublishBuilder> {
    private String topic;
    private MqttQoS qos = MqttQoS.AT_MOST_ONCE;
    private boolean retain;
    private boolean dup;
    private int packetId;
    private ByteBuf payload = Unpooled.EMPTY_BUFFER;

    private PublishBuilder() {}

    @Override
    PublishBuilder self() {
      return this;
    }

    /**
     * Sets the topic.
     *
     * @param topic the topic name
     * @return this builder
     */
    public PublishBuilder topic(String topic) {
      this.topic = topic;
      return this;
    }

    /**
     * Sets the QoS.
     *
     * @param qos the QoS
     * @return this builder
     */
    public PublishBuilder qos(MqttQoS qos) {
      this.qos = qos;
      return this;
    }

    /**
     * Sets the retain flag.
     *
     * @param retain the flag
     * @return this builder
     */
    public PublishBuilder retain(boolean retain) {
      this.retain = retain;
      return this;
    }

    /**
     * Sets the DUP flag.
     *
     * @param dup the flag
     * @return this builder
     */
    public PublishBuilder dup(boolean dup) {
      this.dup = dup;
      return this;
    }

    /**
     * Sets the packet identifier (QoS 1 and 2).
     *
     * @param packetId 1 to 65535
     * @return this builder
     */
    public PublishBuilder packetId(int packetId) {
      this.packetId = packetId;
      return this;
    }

    /**
     * Sets the payload, taking over the reference passed in.
     *
     * @param payload the payload
     * @return this builder
     */
    public PublishBuilder payload(ByteBuf payload) {
      this.payload = payload;
      return this;
    }

    /**
     * Sets the payload to the UTF-8 bytes of a string.
     *
     * @param text the payload text
     * @return this builder
     */
    public PublishBuilder payload(String text) {
      this.payload = Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.UTF_8));
      return this;
    }

    /**
     * Builds the message; it owns the payload.
     *
     * @return the PUBLISH
     */
    public MqttPublishMessage build() {
      return new MqttPublishMessage(topic, qos, dup, retain, packetId, properties, payload);
    }
  }

  /**
   * Builds a SUBSCRIBE.
   *
   * <p>Threading: one thread. Ownership: holds no reference-counted objects.
   */
  public static final class SubscribeBuilder extends PropertiesBuilder<SubscribeBuilder> {
    private final List<MqttTopicSubscription> subscriptions = new ArrayList<>();
    private int packetId;

    private SubscribeBuilder() {}

    @Override
    SubscribeBuilder self() {
      return this;
    }

    /**
     * Adds a filter with only a maximum QoS.
     *
     * @param filter the topic filter
     * @param qos the maximum QoS
     * @return this builder
     */
    public SubscribeBuilder add(String filter, MqttQoS qos) {
      return add(filter, MqttSubscriptionOption.of(qos));
    }

    /**
     * Adds a filter.
     *
     * @param filter the topic filter
     * @param option the options
     * @return this builder
     */
    public SubscribeBuilder add(String filter, MqttSubscriptionOption option) {
      subscriptions.add(new MqttTopicSubscription(filter, option));
      return this;
    }

    /**
     * Sets the packet identifier.
     *
     * @param packetId 1 to 65535
     * @return this builder
     */
    public SubscribeBuilder packetId(int packetId) {
      this.packetId = packetId;
      return this;
    }

    /**
     * Builds the message.
     *
     * @return the SUBSCRIBE
     */
    public MqttSubscribeMessage build() {
      return new MqttSubscribeMessage(packetId, subscriptions, properties);
    }
  }

  /**
   * Builds an UNSUBSCRIBE.
   *
   * <p>Threading: one thread. Ownership: holds no reference-counted objects.
   */
  public static final class UnsubscribeBuilder extends PropertiesBuilder<UnsubscribeBuilder> {
    private final List<String> filters = new ArrayList<>();
    private int packetId;

    private UnsubscribeBuilder() {}

    @Override
    UnsubscribeBuilder self() {
      return this;
    }

    /**
     * Adds a filter.
     *
     * @param filter the topic filter
     * @return this builder
     */
    public UnsubscribeBuilder add(String filter) {
      filters.add(filter);
      return this;
    }

    /**
     * Sets the packet identifier.
     *
     * @param packetId 1 to 65535
     * @return this builder
     */
    public UnsubscribeBuilder packetId(int packetId) {
      this.packetId = packetId;
      return this;
    }

    /**
     * Builds the message.
     *
     * @return the UNSUBSCRIBE
     */
    public MqttUnsubscribeMessage build() {
      return new MqttUnsubscribeMessage(packetId, filters, properties);
    }
  }

  /**
   * Builds a CONNACK.
   *
   * <p>Threading: one thread. Ownership: holds no reference-counted objects.
   */
  public static final class ConnAckBuilder extends PropertiesBuilder<ConnAckBuilder> {
    private boolean sessionPresent;
    private int reasonCode = MqttReasonCodes.SUCCESS;

    private ConnAckBuilder() {}

    @Override
    ConnAckBuilder self() {
      return this;
    }

    /**
     * Sets Session Present.
     *
     * @param sessionPresent the flag
     * @return this builder
     */
    public ConnAckBuilder sessionPresent(boolean sessionPresent) {
      this.sessionPresent = sessionPresent;
      return this;
    }

    /**
     * Sets the reason code (MQTT 5 codes; mapped for older versions when encoded).
     *
     * @param reasonCode the code
     * @return this builder
     */
    public ConnAckBuilder reasonCode(int reasonCode) {
      this.reasonCode = reasonCode;
      return this;
    }

    /**
     * Builds the message.
     *
     * @return the CONNACK
     */
    public MqttConnAckMessage build() {
      return new MqttConnAckMessage(sessionPresent, reasonCode, properties);
    }
  }
}
