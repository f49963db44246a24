package io.tern.transport.nio;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ChannelOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NioChannelOptionsTest {
  private EventLoopGroup group;

  @BeforeAll
  void startGroup() {
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterAll
  void stopGroup() throws Exception {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  @Test
  void socketOptionsReachTheSocket() throws Exception {
    NioSocketChannel ch = new NioSocketChannel(group.next());
    try {
      assertThat(ch.config().getOption(ChannelOption.TCP_NODELAY)).isTrue(); // our default
      assertThat(ch.config().setOption(ChannelOption.SO_KEEPALIVE, true)).isTrue();
      assertThat(ch.javaChannel().getOption(java.net.StandardSocketOptions.SO_KEEPALIVE)).isTrue();
      assertThat(ch.config().setOption(ChannelOption.SO_SNDBUF, 32 * 1024)).isTrue();
      assertThat(ch.config().getOption(ChannelOption.SO_SNDBUF)).isPositive();
      assertThat(ch.config().setOption(ChannelOption.SO_LINGER, 0)).isTrue();
      assertThat(ch.config().setOption(ChannelOption.IP_TOS, 0x10)).isTrue();
      assertThat(ch.config().setOption(ChannelOption.SO_BACKLOG, 10)).isFalse(); // servers only
      assertThat(ch.config().getOptions())
          .containsKeys(ChannelOption.TCP_NODELAY, ChannelOption.SO_RCVBUF);
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void anyJdkSocketOptionPassesThroughNioChannelOption() throws Exception {
    NioSocketChannel ch = new NioSocketChannel(group.next());
    try {
      ChannelOption<Integer> rcvbuf = NioChannelOption.of(java.net.StandardSocketOptions.SO_RCVBUF);
      assertThat(rcvbuf.name()).isEqualTo("nio:SO_RCVBUF");
      assertThat(ch.config().setOption(rcvbuf, 64 * 1024)).isTrue();
      assertThat(ch.config().getOption(rcvbuf)).isPositive();
    } finally {
      ch.close().sync();
    }
  }

  @Test
  void serverSocketsTakeABacklogAndReusePort() throws Exception {
    NioServerSocketChannel ch = new NioServerSocketChannel(group.next(), group);
    try {
      assertThat(ch.config().getOption(ChannelOption.SO_BACKLOG)).isPositive();
      assertThat(ch.config().setOption(ChannelOption.SO_BACKLOG, 50)).isTrue();
      assertThat(ch.config().getOption(ChannelOption.SO_BACKLOG)).isEqualTo(50);
      assertThat(ch.config().getOption(ChannelOption.SO_REUSEADDR)).isTrue();
      assertThat(ch.config().setOption(ChannelOption.SO_REUSEPORT, true)).isTrue(); // Linux
      assertThat(ch.config().getOption(ChannelOption.SO_REUSEPORT)).isTrue();
    } finally {
      ch.close().sync();
    }
  }
}
