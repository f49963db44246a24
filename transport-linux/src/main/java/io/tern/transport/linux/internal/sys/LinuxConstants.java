package io.tern.transport.linux.internal.sys;

/**
 * Constants from the Linux UAPI and C library headers that the transports pass to system calls.
 * Every value here is the same on x86_64 and aarch64 (asm-generic definitions); what differs lives
 * in {@link Arch}.
 */
public final class LinuxConstants {
  // <fcntl.h>, shared by SOCK_*, EFD_*, TFD_*, EPOLL_CLOEXEC.
  public static final int O_NONBLOCK = 0x800;
  public static final int O_CLOEXEC = 0x80000;
  public static final int O_RDONLY = 0;
  public static final int F_GETFL = 3;
  public static final int F_SETFL = 4;
  public static final int SEEK_END = 2;

  // <sys/socket.h>
  public static final int AF_UNIX = 1;
  public static final int AF_INET = 2;
  public static final int AF_INET6 = 10;
  public static final int SOCK_STREAM = 1;
  public static final int SOCK_DGRAM = 2;
  public static final int SOCK_NONBLOCK = O_NONBLOCK;
  public static final int SOCK_CLOEXEC = O_CLOEXEC;
  public static final int SHUT_RD = 0;
  public static final int SHUT_WR = 1;
  public static final int SHUT_RDWR = 2;
  public static final int MSG_PEEK = 0x2;
  public static final int MSG_TRUNC = 0x20;
  public static final int MSG_DONTWAIT = 0x40;
  public static final int MSG_WAITALL = 0x100;
  public static final int MSG_NOSIGNAL = 0x4000;
  public static final int MSG_ZEROCOPY = 0x4000000;
  public static final int MSG_FASTOPEN = 0x20000000;

  public static final int SOL_SOCKET = 1;
  public static final int SO_REUSEADDR = 2;
  public static final int SO_TYPE = 3;
  public static final int SO_ERROR = 4;
  public static final int SO_BROADCAST = 6;
  public static final int SO_SNDBUF = 7;
  public static final int SO_RCVBUF = 8;
  public static final int SO_KEEPALIVE = 9;
  public static final int SO_LINGER = 13;
  public static final int SO_REUSEPORT = 15;
  public static final int SO_PROTOCOL = 38;
  public static final int SO_RCVLOWAT = 18;
  public static final int SO_ZEROCOPY = 60;

  // <netinet/in.h>, <netinet/tcp.h>
  public static final int IPPROTO_IP = 0;
  public static final int IPPROTO_TCP = 6;
  public static final int IPPROTO_UDP = 17;
  public static final int IPPROTO_IPV6 = 41;
  public static final int IPPROTO_MPTCP = 262; // Multipath TCP (RFC 8684), Linux 5.6
  public static final int IP_TOS = 1;
  public static final int IPV6_V6ONLY = 26;
  public static final int IPV6_TCLASS = 67;
  public static final int IP_MULTICAST_IF = 32;
  public static final int IP_MULTICAST_TTL = 33;
  public static final int IP_MULTICAST_LOOP = 34;
  public static final int IP_MULTICAST_ALL = 49;
  public static final int IPV6_MULTICAST_ALL = 29;
  public static final int IPV6_MULTICAST_IF = 17;
  public static final int IPV6_MULTICAST_HOPS = 18;
  public static final int IPV6_MULTICAST_LOOP = 19;
  // <netinet/in.h>: protocol-independent multicast (struct group_req, group_source_req)
  public static final int MCAST_JOIN_GROUP = 42;
  public static final int MCAST_BLOCK_SOURCE = 43;
  public static final int MCAST_UNBLOCK_SOURCE = 44;
  public static final int MCAST_LEAVE_GROUP = 45;
  public static final int MCAST_JOIN_SOURCE_GROUP = 46;
  public static final int MCAST_LEAVE_SOURCE_GROUP = 47;
  public static final int AF_UNSPEC = 0;
  public static final int TCP_NODELAY = 1;
  public static final int TCP_CORK = 3;
  public static final int TCP_KEEPIDLE = 4;
  public static final int TCP_KEEPINTVL = 5;
  public static final int TCP_KEEPCNT = 6;
  public static final int TCP_QUICKACK = 12;
  public static final int TCP_USER_TIMEOUT = 18;
  public static final int TCP_FASTOPEN = 23;
  public static final int TCP_NOTSENT_LOWAT = 25;
  public static final int TCP_FASTOPEN_CONNECT = 30;

  // <sys/epoll.h>
  public static final int EPOLLIN = 0x001;
  public static final int EPOLLPRI = 0x002;
  public static final int EPOLLOUT = 0x004;
  public static final int EPOLLERR = 0x008;
  public static final int EPOLLHUP = 0x010;
  public static final int EPOLLRDHUP = 0x2000;
  public static final int EPOLLEXCLUSIVE = 1 << 28;
  public static final int EPOLLONESHOT = 1 << 30;
  public static final int EPOLLET = 1 << 31;
  public static final int EPOLL_CTL_ADD = 1;
  public static final int EPOLL_CTL_DEL = 2;
  public static final int EPOLL_CTL_MOD = 3;
  public static final int EPOLL_CLOEXEC = O_CLOEXEC;

  // <sys/eventfd.h>, <sys/timerfd.h>, <time.h>
  public static final int EFD_NONBLOCK = O_NONBLOCK;
  public static final int EFD_CLOEXEC = O_CLOEXEC;
  public static final int TFD_NONBLOCK = O_NONBLOCK;
  public static final int TFD_CLOEXEC = O_CLOEXEC;
  public static final int CLOCK_MONOTONIC = 1;

  // <sys/mman.h>
  public static final int PROT_READ = 0x1;
  public static final int PROT_WRITE = 0x2;
  public static final int MAP_SHARED = 0x01;
  public static final int MAP_PRIVATE = 0x02;
  public static final int MAP_ANONYMOUS = 0x20;
  public static final int MAP_POPULATE = 0x8000;

  // <fcntl.h> splice(2)
  public static final int SPLICE_F_MOVE = 1;
  public static final int SPLICE_F_NONBLOCK = 2;
  public static final int SPLICE_F_MORE = 4;

  // <asm-generic/ioctls.h>
  public static final int FIONREAD = 0x541B;

  /** {@code sizeof(struct iovec)} on LP64. */
  public static final int IOVEC_SIZE = 16;

  /** {@code IOV_MAX} on Linux. */
  public static final int IOV_MAX = 1024;

  private LinuxConstants() {}
}
