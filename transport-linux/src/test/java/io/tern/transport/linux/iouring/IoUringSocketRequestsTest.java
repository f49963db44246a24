package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.TestStrings.ascii;
import static io.tern.transport.linux.internal.sys.LinuxConstants.AF_INET;
import static io.tern.transport.linux.iouring.IoUringLoops.bufferRingOf;
import static io.tern.transport.linux.iouring.IoUringLoops.onLoop;
import static io.tern.transport.linux.iouring.IoUringLoops.recycleBuffer;
import static io.tern.transport.linux.iouring.IoUringLoops.takeBuffer;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.FdLeakCheck;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.IovArray;
import io.tern.transport.linux.internal.sys.LinuxConstants;
import io.tern.transport.linux.internal.sys.SockAddr;
import io.tern.transport.linux.internal.sys.Socket;
import io.tern.transport.linux.internal.uring.BufferRing;
import io.tern.transport.linux.iouring.IoUringLoops.TestHandle;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Socket requests through the io_uring handler in every configuration: receive and send on a socket
 * pair, and accept, connect, receive (multishot with the buffer ring, else single) and {@code
 * writev} over loopback TCP.
 */
@ExtendWith(FdLeakCheck.class)
class IoUringSocketRequestsTest {
  @RegisterExtension final IoUringLoops loops = new IoUringLoops();

  @ParameterizedTest
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void recvAndSendCompleteOnASocketPair(IoUringSettings settings) throws Exception {
    EventLoop loop = loops.newLoop(settings);
    Socket[] pair = Socket.pair(LinuxConstants.SOCK_STREAM);
    MemorySegment in = loops.arena().allocate(64);
    MemorySegment out = loops.arena().allocateFrom("hello", StandardCharsets.US_ASCII);
    Promise<String> received = loop.newPromise();
    Promise<Integer> sent = loop.newPromise();
    TestHandle h0 =
        new TestHandle(
            pair[0],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_RECV) {
                received.trySuccess(ev.res() < 0 ? "error " + ev.res() : ascii(in, ev.res()));
              }
            });
    TestHandle h1 =
        new TestHandle(
            pair[1],
            (reg, ev) -> {
              if (ev.opcode() == IoUringIoOps.OP_SEND) {
                assertThat(ev.data()).isEqualTo((short) 7);
                sent.trySuccess(ev.res());
              }
            });
    IoRegistration r0 = loop.register(h0).get(10, TimeUnit.SECONDS);
    IoRegistration r1 = loop.register(h1).get(10, TimeUnit.SECONDS);
    long recvId =
        onLoop(
            loop,
            () ->
                r0.submit(
                    IoUringIoOps.newRecv(pair[0].intValue(), in.address(), 64, 0, (short) 1)));
    assertThat(recvId).isPositive();
    onLoop(
        loop,
        () ->
            r1.submit(
                IoUringIoOps.newSend(
                    pair[1].intValue(), out.address(), 5, LinuxConstants.MSG_NOSIGNAL, (short) 7)));
    assertThat(sent.get(10, TimeUnit.SECONDS)).isEqualTo(5);
    assertThat(received.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
    IoUringIoHandler h = loops.handler(loop);
    assertThat(onLoop(loop, h::inflight)).isZero();
  }

  @ParameterizedTest
  @MethodSource("io.tern.transport.linux.iouring.IoUringLoops#configurations")
  void loopbackTcpWithAcceptConnectRecvAndWritev(IoUringSettings settings) throws Exception {
    EventLoop loop = loops.newLoop(settings);
    IoUringIoHandler handler = loops.handler(loop);
    boolean multishot = settings.bufferRings(); // multishot paths with buffer rings, else single
    Socket server = Socket.newStream(AF_INET);
    Socket client = Socket.newStream(AF_INET);
    List<Socket> accepted = new CopyOnWriteArrayList<>();
    Promise<String> serverGot = loop.newPromise();
    Promise<String> clientGot = loop.newPromise();
    MemorySegment clientIn = loops.arena().allocate(64);
    MemorySegment serverIn = loops.arena().allocate(64);
    MemorySegment sockaddr = loops.arena().allocate(SockAddr.STORAGE_SIZE);
    MemorySegment ping = loops.arena().allocateFrom("ping", StandardCharsets.US_ASCII);
    MemorySegment pong = loops.arena().allocateFrom("pong!", StandardCharsets.US_ASCII);
    IovArray iov = new IovArray(2, Long.MAX_VALUE);
    try {
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      server.listen(8);
      int addrLen = SockAddr.write(sockaddr, server.localAddress(), AF_INET);

      TestHandle listener =
          new TestHandle(
              server,
              (reg, ev) -> {
                if (ev.res() < 0) {
                  serverGot.tryFailure(new AssertionError("accept: " + Errno.name(-ev.res())));
                  return;
                }
                Socket s = new Socket(ev.res(), AF_INET);
                accepted.add(s);
                if (multishot) {
                  assertThat(ev.hasMore()).isTrue();
                }
                TestHandle child =
                    new TestHandle(
                        s,
                        (r2, e2) -> {
                          if (e2.opcode() == IoUringIoOps.OP_RECV && e2.res() > 0) {
                            String got;
                            if (e2.bufferId() >= 0) {
                              ByteBuf buf = takeBuffer(handler, e2);
                              got = buf.toString(StandardCharsets.US_ASCII);
                              buf.release();
                            } else {
                              got = ascii(serverIn, e2.res());
                            }
                            serverGot.trySuccess(got);
                            iov.add(pong.address(), 2);
                            iov.add(pong.address() + 2, 3);
                            r2.submit(
                                IoUringIoOps.newWritev(s.intValue(), iov.address(), 2, (short) 0));
                          } else if (e2.opcode() == IoUringIoOps.OP_RECV && e2.bufferId() >= 0) {
                            recycleBuffer(handler, e2);
                          }
                        });
                IoRegistration cr = loop.register(child).syncUninterruptibly().getNow();
                if (multishot) {
                  BufferRing ring = bufferRingOf(handler);
                  cr.submit(IoUringIoOps.newRecvMultishot(s.intValue(), ring.groupId(), (short) 0));
                } else {
                  cr.submit(
                      IoUringIoOps.newRecv(s.intValue(), serverIn.address(), 64, 0, (short) 0));
                }
              });
      TestHandle connector =
          new TestHandle(
              client,
              (reg, ev) -> {
                if (ev.opcode() == IoUringIoOps.OP_CONNECT) {
                  if (ev.res() < 0) {
                    clientGot.tryFailure(new AssertionError("connect: " + Errno.name(-ev.res())));
                    return;
                  }
                  reg.submit(
                      IoUringIoOps.newRecv(
                          client.intValue(), clientIn.address(), 64, 0, (short) 0));
                  reg.submit(
                      IoUringIoOps.newSend(
                          client.intValue(),
                          ping.address(),
                          4,
                          LinuxConstants.MSG_NOSIGNAL,
                          (short) 0));
                } else if (ev.opcode() == IoUringIoOps.OP_RECV && ev.res() > 0) {
                  clientGot.trySuccess(ascii(clientIn, ev.res()));
                }
              });
      onLoop(
          loop,
          () -> {
            IoRegistration l = loop.register(listener).syncUninterruptibly().getNow();
            l.submit(
                IoUringIoOps.newAccept(
                    server.intValue(),
                    0,
                    0,
                    LinuxConstants.SOCK_NONBLOCK | LinuxConstants.SOCK_CLOEXEC,
                    multishot,
                    (short) 0));
            IoRegistration c = loop.register(connector).syncUninterruptibly().getNow();
            return c.submit(
                IoUringIoOps.newConnect(client.intValue(), sockaddr.address(), addrLen, (short) 0));
          });
      assertThat(serverGot.get(10, TimeUnit.SECONDS)).isEqualTo("ping");
      assertThat(clientGot.get(10, TimeUnit.SECONDS)).isEqualTo("pong!");
    } finally {
      loops.shutDown(loop); // before the sockets close: no request may still name them
      iov.close();
      for (Socket s : accepted) {
        s.close();
      }
      client.close();
      server.close();
    }
  }
}
