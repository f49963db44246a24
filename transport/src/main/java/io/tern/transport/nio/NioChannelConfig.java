package io.tern.transport.nio;

import io.tern.transport.channel.ChannelOption;
import io.tern.transport.spi.AbstractChannel;
import io.tern.transport.spi.DefaultChannelConfig;
import java.nio.channels.NetworkChannel;
import java.util.Map;

/**
 * The configuration of an NIO channel: the generic options plus every socket option the JDK channel
 * supports (see {@link NioChannelOption}); {@code SO_BACKLOG} for a listening socket.
 */
class NioChannelConfig extends DefaultChannelConfig {
  private final NetworkChannel socket;

  NioChannelConfig(AbstractChannel channel, NetworkChannel socket) {
    super(channel);
    this.socket = socket;
  }

  @Override
  public <T> T getOption(ChannelOption<T> option) {
    T value = NioChannelOption.get(socket, option);
    return value != null ? value : super.getOption(option);
  }

  @Override
  public <T> boolean setOption(ChannelOption<T> option, T value) {
    option.validate(value);
    return NioChannelOption.set(socket, option, value) || super.setOption(option, value);
  }

  @Override
  public Map<ChannelOption<?>, Object> getOptions() {
    return addOptions(super.getOptions(), NioChannelOption.supported(socket));
  }
}
