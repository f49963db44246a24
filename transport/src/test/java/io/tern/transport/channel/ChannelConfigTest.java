package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChannelConfigTest {

  @Test
  void genericOptionsHaveTheirDocumentedDefaults() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ChannelConfig c = ch.config();

    assertThat(c.getOption(ChannelOption.AUTO_READ)).isTrue();
    assertThat(c.getOption(ChannelOption.AUTO_CLOSE)).isTrue();
    assertThat(c.getOption(ChannelOption.ALLOW_HALF_CLOSURE)).isFalse();
    assertThat(c.getOption(ChannelOption.MAX_MESSAGES_PER_READ)).isEqualTo(16);
    assertThat(c.getOption(ChannelOption.WRITE_SPIN_COUNT)).isEqualTo(16);
    assertThat(c.getOption(ChannelOption.CONNECT_TIMEOUT_MILLIS)).isEqualTo(30_000);
    assertThat(c.getOption(ChannelOption.WRITE_BUFFER_WATER_MARK))
        .isEqualTo(new WriteBufferWaterMark(32 * 1024, 64 * 1024));
    assertThat(c.getOption(ChannelOption.ALLOCATOR)).isSameAs(ByteBufAllocator.DEFAULT);
    assertThat(c.getOption(ChannelOption.RCVBUF_ALLOCATOR))
        .isSameAs(AdaptiveRecvByteBufAllocator.DEFAULT);
    assertThat(c.getOptions()).containsKeys(ChannelOption.AUTO_READ, ChannelOption.ALLOCATOR);
    ch.finish();
  }

  @Test
  void setOptionIsTypedAndValidated() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ChannelConfig c = ch.config();

    assertThat(c.setOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5)).isTrue();
    assertThat(c.connectTimeoutMillis()).isEqualTo(5);
    assertThatThrownBy(() -> c.setOption(ChannelOption.MAX_MESSAGES_PER_READ, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.setOption(ChannelOption.AUTO_READ, null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new WriteBufferWaterMark(10, 5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(c.setOption(ChannelOption.TCP_NODELAY, true)).isFalse(); // not a socket
    assertThat(c.getOption(ChannelOption.TCP_NODELAY)).isNull();
    ch.finish();
  }

  @Test
  void optionsArePooledByNameAndTyped() {
    ChannelOption<Integer> custom =
        ChannelOption.valueOf("ChannelConfigTest.custom", Integer.class);
    assertThat(ChannelOption.valueOf("ChannelConfigTest.custom", Integer.class)).isSameAs(custom);
    assertThatThrownBy(() -> ChannelOption.valueOf("ChannelConfigTest.custom", String.class))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ChannelOption.valueOf("TCP_NODELAY", Boolean.class))
        .isSameAs(ChannelOption.TCP_NODELAY);
  }

  @Test
  void channelIdsAreUniqueWithShortAndLongText() {
    Set<ChannelId> ids = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      assertThat(ids.add(ChannelId.newInstance())).isTrue();
    }
    ChannelId id = ChannelId.newInstance();
    assertThat(id.asShortText()).hasSize(8).matches("[0-9a-f]+");
    assertThat(id.asLongText())
        .matches("[0-9a-f]{16}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{16}-[0-9a-f]{8}");
    assertThat(id.asLongText()).endsWith(id.asShortText());
    assertThat(id).isNotEqualTo(ChannelId.newInstance());
  }

  @Test
  void attributesLiveOnTheChannel() {
    EmbeddedChannel ch = new EmbeddedChannel();
    io.tern.common.AttributeKey<String> key =
        io.tern.common.AttributeKey.valueOf("ChannelConfigTest.user");
    ch.attr(key).set("alice");
    assertThat(ch.hasAttr(key)).isTrue();
    assertThat(ch.attr(key).get()).isEqualTo("alice");
    ch.finish();
  }
}
