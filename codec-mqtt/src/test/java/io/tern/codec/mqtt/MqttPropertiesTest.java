package io.tern.codec.mqtt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MqttPropertiesTest {

  @Test
  void allTwentySevenPropertiesHaveDistinctIdentifiersAndLookUp() {
    assertThat(MqttProperty.values()).hasSize(27);
    for (MqttProperty p : MqttProperty.values()) {
      assertThat(MqttProperty.valueOf(p.id())).isSameAs(p);
    }
    assertThat(MqttProperty.valueOf(0)).isNull();
    assertThat(MqttProperty.valueOf(0x07)).isNull();
    assertThat(MqttProperty.valueOf(0x2B)).isNull();
    assertThat(MqttProperty.TOPIC_ALIAS.allowedIn(MqttMessageType.PUBLISH)).isTrue();
    assertThat(MqttProperty.TOPIC_ALIAS.allowedInWill()).isFalse();
    assertThat(MqttProperty.WILL_DELAY_INTERVAL.allowedInWill()).isTrue();
    assertThat(MqttProperty.USER_PROPERTY.allowedIn(MqttMessageType.AUTH)).isTrue();
  }

  @Test
  void valuesAreTypedAndReplaced() {
    MqttProperties p =
        new MqttProperties()
            .set(MqttProperty.MESSAGE_EXPIRY_INTERVAL, 0xFFFF_FFFFL)
            .set(MqttProperty.CONTENT_TYPE, "a")
            .set(MqttProperty.CONTENT_TYPE, "b")
            .set(MqttProperty.CORRELATION_DATA, new byte[] {1})
            .addSubscriptionIdentifier(3)
            .addSubscriptionIdentifier(4)
            .addUserProperty("n", "v");
    assertThat(p.size()).isEqualTo(6);
    assertThat(p.longValue(MqttProperty.MESSAGE_EXPIRY_INTERVAL, 0)).isEqualTo(0xFFFF_FFFFL);
    assertThat(p.intValue(MqttProperty.MESSAGE_EXPIRY_INTERVAL, 0)).isEqualTo(Integer.MAX_VALUE);
    assertThat(p.stringValue(MqttProperty.CONTENT_TYPE)).isEqualTo("b");
    assertThat(p.binaryValue(MqttProperty.CORRELATION_DATA)).containsExactly(1);
    assertThat(p.subscriptionIdentifier(1)).isEqualTo(4);
    assertThat(p.intValue(MqttProperty.TOPIC_ALIAS, -1)).isEqualTo(-1);
    assertThat(p.copy()).isEqualTo(p);
    p.remove(MqttProperty.CONTENT_TYPE).remove(MqttProperty.USER_PROPERTY);
    assertThat(p.contains(MqttProperty.CONTENT_TYPE)).isFalse();
    assertThat(p.userPropertyCount()).isZero();
    assertThatThrownBy(() -> p.set(MqttProperty.TOPIC_ALIAS, "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> p.set(MqttProperty.TOPIC_ALIAS, 70_000))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MqttProperties.NONE.addUserProperty("a", "b"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void theEmptySetCopiesIntoAModifiableOne() {
    MqttProperties copy = MqttProperties.NONE.copy().set(MqttProperty.TOPIC_ALIAS, 3);
    assertThat(copy.intValue(MqttProperty.TOPIC_ALIAS, 0)).isEqualTo(3);
    assertThat(MqttProperties.NONE.isEmpty()).isTrue();
  }

  @Test
  void subscriptionOptionsAreSharedConstants() {
    MqttSubscriptionOption o =
        MqttSubscriptionOption.of(
            MqttQoS.AT_LEAST_ONCE,
            true,
            false,
            MqttSubscriptionOption.RetainHandling.SEND_AT_SUBSCRIBE_IF_NEW);
    assertThat(MqttSubscriptionOption.fromByte(o.toByte())).isSameAs(o);
    assertThat(o.toByte()).isEqualTo(0b01_0_1_01);
    assertThat(MqttSubscriptionOption.fromByte(3)).isNull();
    assertThat(MqttSubscriptionOption.fromByte(0x40)).isNull();
  }

  @Test
  void v5ReasonCodesMapOntoOlderReturnCodes() {
    assertThat(MqttReasonCodes.toConnectReturnCode(0x84)).isEqualTo(1);
    assertThat(MqttReasonCodes.toConnectReturnCode(0x85)).isEqualTo(2);
    assertThat(MqttReasonCodes.toConnectReturnCode(0x86)).isEqualTo(4);
    assertThat(MqttReasonCodes.toConnectReturnCode(0x87)).isEqualTo(5);
    assertThat(MqttReasonCodes.toConnectReturnCode(0x99)).isEqualTo(3);
    assertThat(MqttReasonCodes.toSubscribeReturnCode(2)).isEqualTo(2);
    assertThat(MqttReasonCodes.toSubscribeReturnCode(0x8F)).isEqualTo(0x80);
    assertThat(MqttReasonCodes.name(0x93)).isEqualTo("Receive Maximum exceeded");
  }
}
