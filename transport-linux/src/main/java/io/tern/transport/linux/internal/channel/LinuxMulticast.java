package io.tern.transport.linux.internal.channel;

import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The multicast memberships of one datagram socket, through the protocol-independent {@code
 * MCAST_*} socket options (one code path for IPv4 and IPv6 groups):
 *
 * <pre>
 * struct group_req        { u32 interface @0; sockaddr_storage group @8 }                  136 bytes
 * struct group_source_req { u32 interface @0; sockaddr_storage group @8; source @136 }     264 bytes
 * </pre>
 *
 * The memberships are also kept here, so a repeated join is a no-op and leaving or blocking what
 * was never joined fails with "not a member" (as NIO's membership keys do). Loop thread only; the
 * kernel drops every membership when the socket closes.
 */
final class LinuxMulticast {
  private static final int STORAGE = SockAddr.STORAGE_SIZE;
  private static final int GROUP_REQ = 8 + STORAGE;
  private static final int GROUP_SOURCE_REQ = 8 + 2 * STORAGE;

  private record Membership(
      InetAddress group, NetworkInterface networkInterface, InetAddress source) {}

  private final Socket socket;
  private final List<Membership> memberships = new ArrayList<>(0);

  LinuxMulticast(Socket socket) {
    this.socket = socket;
  }

  void join(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    Membership m = new Membership(group, networkInterface, source);
    if (memberships.contains(m)) {
      return; // joined already: the kernel would answer EADDRINUSE
    }
    if (source == null) {
      call(LinuxConstants.MCAST_JOIN_GROUP, group, networkInterface, null);
    } else {
      call(LinuxConstants.MCAST_JOIN_SOURCE_GROUP, group, networkInterface, source);
    }
    memberships.add(m);
  }

  void leave(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    Membership m = find(group, networkInterface, source);
    if (source == null) {
      call(LinuxConstants.MCAST_LEAVE_GROUP, group, networkInterface, null);
    } else {
      call(LinuxConstants.MCAST_LEAVE_SOURCE_GROUP, group, networkInterface, source);
    }
    memberships.remove(m);
  }

  void block(
      InetAddress group, NetworkInterface networkInterface, InetAddress source, boolean block)
      throws IOException {
    find(group, networkInterface, null);
    call(
        block ? LinuxConstants.MCAST_BLOCK_SOURCE : LinuxConstants.MCAST_UNBLOCK_SOURCE,
        group,
        networkInterface,
        source);
  }

  private Membership find(InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    for (Membership m : memberships) {
      if (m.group().equals(group)
          && m.networkInterface().equals(networkInterface)
          && Objects.equals(m.source(), source)) {
        return m;
      }
    }
    throw new IOException(
        "not a member of "
            + group
            + " on "
            + networkInterface.getName()
            + (source == null ? "" : " for source " + source));
  }

  private void call(
      int option, InetAddress group, NetworkInterface networkInterface, InetAddress source)
      throws IOException {
    boolean v4 = group instanceof Inet4Address;
    int family = v4 ? LinuxConstants.AF_INET : LinuxConstants.AF_INET6;
    // IPv4 groups at the IP level; a dual-stack IPv6 socket passes that level on to IPv4.
    int level = v4 ? LinuxConstants.IPPROTO_IP : LinuxConstants.IPPROTO_IPV6;
    try (Arena arena = Arena.ofConfined()) {
      int length = source == null ? GROUP_REQ : GROUP_SOURCE_REQ;
      MemorySegment req = arena.allocate(length, 8);
      req.set(ValueLayout.JAVA_INT, 0, networkInterface.getIndex());
      SockAddr.write(req.asSlice(8, STORAGE), new InetSocketAddress(group, 0), family);
      if (source != null) {
        if (source instanceof Inet4Address != v4) {
          throw new IllegalArgumentException("source " + source + " and group " + group);
        }
        SockAddr.write(req.asSlice(8 + STORAGE, STORAGE), new InetSocketAddress(source, 0), family);
      }
      socket.setOption(level, option, req, length);
    }
  }
}
