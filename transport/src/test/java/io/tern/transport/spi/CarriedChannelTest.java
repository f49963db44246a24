package io.tern.transport.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.IoHandle;
import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.nio.NioIoHandler;
import java.net.SocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A channel carried by another ({@link AbstractChannel#registerIo()} returning {@link
 * AbstractChannel#carriedRegistration()}) lives on a loop whose {@code IoHandler} knows nothing of
 * it, here NIO's, and hands its writes on with their promises ({@link
 * ChannelOutboundBuffer#removeForwarded()}).
 */
class CarriedChannelTest {
  private static EventLoopGroup group;

  @BeforeAll
  static void start() {
    group = new MultiThreadEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterAll
  static void stop() throws InterruptedException {
    group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
  }

  /** Writes go to {@link #forwarded}, with their promises, as a carrier would take them. */
  private static final class Carried extends AbstractChannel {
    final List<Object> forwarded = new CopyOnWriteArrayList<>();
    final List<Promise<Void>> promises = new CopyOnWriteArrayList<>();
    private final DefaultChannelConfig config = new DefaultChannelConfig(this);
    private volatile boolean open = true;

    Carried(EventLoop loop) {
      super(null, loop);
    }

    @Override
    public DefaultChannelConfig config() {
      return config;
    }

    @Override
    public boolean isOpen() {
      return open;
    }

    @Override
    public boolean isActive() {
      return open;
    }

    @Override
    protected IoHandle ioHandle() {
      throw new AssertionError("a carried channel registers no handle");
    }

    @Override
    protected Future<IoRegistration> registerIo() {
      return carriedRegistration();
    }

    @Override
    protected SocketAddress queryLocalAddress() {
      return null;
    }

    @Override
    protected SocketAddress queryRemoteAddress() {
      return null;
    }

    @Override
    protected void doBind(SocketAddress localAddress) {
      throw new UnsupportedOperationException();
    }

    @Override
    protected boolean doConnect(SocketAddress remoteAddress, SocketAddress localAddress) {
      throw new UnsupportedOperationException();
    }

    @Override
    protected void doClose() {
      open = false;
    }

    @Override
    protected void doBeginRead() {}

    @Override
    protected Object filterOutboundMessage(Object msg) {
      return msg;
    }

    @Override
    protected void doWrite(ChannelOutboundBuffer in) {
      Object msg;
      while ((msg = in.current()) != null) {
        forwarded.add(msg);
        promises.add(in.removeForwarded());
      }
    }
  }

  @Test
  void registersOnANioLoopWithoutAHandleAndFiresTheUsualEvents() throws Exception {
    EventLoop loop = group.next();
    Carried ch = new Carried(loop);
    List<String> events = new CopyOnWriteArrayList<>();
    ch.pipeline()
        .addLast(
            new ChannelHandler() {
              @Override
              public void channelRegistered(ChannelHandlerContext ctx) {
                events.add("registered");
              }

              @Override
              public void channelActive(ChannelHandlerContext ctx) {
                events.add("active");
              }

              @Override
              public void channelInactive(ChannelHandlerContext ctx) {
                events.add("inactive");
              }
            });
    int handlesBefore = loop.metrics().registeredHandles();
    ch.register().sync();
    assertThat(ch.isRegistered()).isTrue();
    assertThat(ch.registration().isValid()).isTrue();
    assertThat(events).containsExactly("registered", "active");
    assertThat(loop.metrics().registeredHandles()).isEqualTo(handlesBefore);

    ch.close().sync();
    assertThat(events).containsExactly("registered", "active", "inactive");
    assertThat(ch.isRegistered()).isFalse();
  }

  @Test
  void aForwardedWriteCompletesWhenTheCarrierSaysSo() throws Exception {
    Carried ch = new Carried(group.next());
    ch.register().sync();
    Future<Void> write = ch.writeAndFlush("frame");
    ch.eventLoop().submit(() -> {}).sync(); // the write has reached doWrite
    assertThat(ch.forwarded).containsExactly("frame");
    assertThat(write.isDone()).isFalse();
    assertThat(ch.bytesBeforeUnwritable())
        .isEqualTo(ch.config().writeBufferWaterMark().high()); // no longer counted as pending
    ch.promises.get(0).trySuccess(null);
    assertThat(write.isSuccess()).isTrue();
    ch.close().sync();
  }

  @Test
  void aCarriedRegistrationRefusesSubmissions() throws Exception {
    Carried ch = new Carried(group.next());
    ch.register().sync();
    IoRegistration r = ch.registration();
    ch.close().sync();
    assertThat(r.attachment()).isSameAs(ch);
    assertThatThrownBy(() -> r.submit(new IoOps() {})).isInstanceOf(IllegalArgumentException.class);
    assertThat(r.isValid()).isFalse(); // cancelled by the close
  }
}
