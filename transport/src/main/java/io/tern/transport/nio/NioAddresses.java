package io.tern.transport.nio;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;

/**
 * The address lookups of the NIO channels: a channel that is closed (or failed) reports no address
 * instead of throwing, as {@code Channel.localAddress()}/{@code remoteAddress()} promise.
 */
final class NioAddresses {
  private NioAddresses() {}

  static SocketAddress local(NetworkChannel ch) {
    try {
      return ch.getLocalAddress();
    } catch (IOException e) {
      return null;
    }
  }

  static SocketAddress remote(SocketChannel ch) {
    try {
      return ch.getRemoteAddress();
    } catch (IOException e) {
      return null;
    }
  }

  static SocketAddress remote(DatagramChannel ch) {
    try {
      return ch.getRemoteAddress();
    } catch (IOException e) {
      return null;
    }
  }
}
