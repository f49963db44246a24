package io.tern.transport.nio;

import io.tern.transport.channel.ChannelOption;
import io.tern.transport.spi.AbstractChannel;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.channels.NetworkChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Adds {@link ChannelOption#SO_BACKLOG} (default: the kernel's {@code somaxconn}, else 128). */
final class NioServerSocketChannelConfig extends NioChannelConfig {
  static final int DEFAULT_BACKLOG = somaxconn();

  private volatile int backlog = DEFAULT_BACKLOG;

  NioServerSocketChannelConfig(AbstractChannel channel, NetworkChannel socket) {
    super(channel, socket);
  }

  private static int somaxconn() {
    // Line by line: a whole-file read of a procfs file may stop early (procfs reports no size).
    try (BufferedReader r = Files.newBufferedReader(Path.of("/proc/sys/net/core/somaxconn"))) {
      String line = r.readLine();
      return line == null ? 128 : Integer.parseInt(line.trim());
    } catch (IOException | RuntimeException e) {
      return 128;
    }
  }

  int backlog() {
    return backlog;
  }

  @Override
  public <T> T getOption(ChannelOption<T> option) {
    if (option == ChannelOption.SO_BACKLOG) {
      return option.type().cast(backlog);
    }
    return super.getOption(option);
  }

  @Override
  public <T> boolean setOption(ChannelOption<T> option, T value) {
    if (option == ChannelOption.SO_BACKLOG) {
      backlog = atLeast(option, (Integer) option.validate(value), 0);
      return true;
    }
    return super.setOption(option, value);
  }

  @Override
  public Map<ChannelOption<?>, Object> getOptions() {
    return addOptions(super.getOptions(), ChannelOption.SO_BACKLOG);
  }
}
