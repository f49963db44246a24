package io.tern.transport.channel.internal;

import io.tern.transport.channel.Channel;
import java.net.SocketAddress;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JDK Flight Recorder events of a channel's life, committed by the pipeline as it fires the
 * matching inbound event. All are disabled by default and have no threshold; enable them by name in
 * a recording ({@code Recording.enable("io.tern.transport.ChannelActive")}, a {@code .jfc} setting,
 * or {@code jfr configure +io.tern.transport.ChannelActive#enabled=true}).
 *
 * <ul>
 *   <li>{@code io.tern.transport.ChannelRegistered}: the channel was registered with its loop.
 *   <li>{@code io.tern.transport.ChannelActive} / {@code ChannelInactive}: connected (or bound) /
 *       closed.
 *   <li>{@code io.tern.transport.ChannelExceptionCaught}: an exception entered the pipeline, from
 *       the transport or thrown by a handler's inbound method.
 *   <li>{@code io.tern.transport.ChannelWritabilityChanged}: the outbound buffer crossed a water
 *       mark (or a user-defined writability bit changed).
 * </ul>
 *
 * <p>When an event is disabled its check costs a load of a static field: the event object is never
 * allocated (escape analysis) and nothing is recorded, addresses included.
 */
final class ChannelEvents {
  private ChannelEvents() {}

  static void registered(Channel channel) {
    Registered event = new Registered();
    if (event.shouldCommit()) {
      event.fill(channel);
      event.commit();
    }
  }

  static void active(Channel channel) {
    Active event = new Active();
    if (event.shouldCommit()) {
      event.fill(channel);
      event.commit();
    }
  }

  static void inactive(Channel channel) {
    Inactive event = new Inactive();
    if (event.shouldCommit()) {
      event.fill(channel);
      event.commit();
    }
  }

  static void exceptionCaught(Channel channel, Throwable cause, boolean fromHandler) {
    ExceptionCaught event = new ExceptionCaught();
    if (event.shouldCommit()) {
      event.fill(channel);
      event.exceptionType = cause.getClass().getName();
      event.message = cause.getMessage();
      event.fromHandler = fromHandler;
      event.commit();
    }
  }

  static void writabilityChanged(Channel channel) {
    WritabilityChanged event = new WritabilityChanged();
    if (event.shouldCommit()) {
      event.fill(channel);
      event.writable = channel.isWritable();
      event.commit();
    }
  }

  private static String text(SocketAddress address) {
    return address == null ? null : address.toString();
  }

  /** The fields every channel event has. */
  abstract static class ChannelEvent extends Event {
    @Label("Channel Id")
    @Description("The channel's short id, as its toString and log lines show it")
    String channelId;

    @Label("Channel Type")
    String channelType;

    @Label("Local Address")
    String localAddress;

    @Label("Remote Address")
    String remoteAddress;

    final void fill(Channel channel) {
      channelId = channel.id().asShortText();
      channelType = channel.getClass().getSimpleName();
      localAddress = text(channel.localAddress());
      remoteAddress = text(channel.remoteAddress());
    }
  }

  @Name("io.tern.transport.ChannelRegistered")
  @Label("Channel Registered")
  @Description("A channel was registered with its event loop")
  @Category({"Tern", "Transport", "Channel"})
  @Enabled(false)
  @StackTrace(false)
  static final class Registered extends ChannelEvent {}

  @Name("io.tern.transport.ChannelActive")
  @Label("Channel Active")
  @Description("A channel became active: connected, or bound for a server channel")
  @Category({"Tern", "Transport", "Channel"})
  @Enabled(false)
  @StackTrace(false)
  static final class Active extends ChannelEvent {}

  @Name("io.tern.transport.ChannelInactive")
  @Label("Channel Inactive")
  @Description("A channel became inactive: closed")
  @Category({"Tern", "Transport", "Channel"})
  @Enabled(false)
  @StackTrace(false)
  static final class Inactive extends ChannelEvent {}

  @Name("io.tern.transport.ChannelExceptionCaught")
  @Label("Channel Exception Caught")
  @Description("An exception entered a channel's pipeline, from the transport or from a handler")
  @Category({"Tern", "Transport", "Channel"})
  @Enabled(false)
  @StackTrace(false)
  static final class ExceptionCaught extends ChannelEvent {
    @Label("Exception Type")
    String exceptionType;

    @Label("Message")
    String message;

    @Label("From Handler")
    @Description("Thrown by a handler's inbound method (false: raised by the transport)")
    boolean fromHandler;
  }

  @Name("io.tern.transport.ChannelWritabilityChanged")
  @Label("Channel Writability Changed")
  @Description("A channel's outbound buffer crossed a water mark, or a user-defined bit changed")
  @Category({"Tern", "Transport", "Channel"})
  @Enabled(false)
  @StackTrace(false)
  static final class WritabilityChanged extends ChannelEvent {
    @Label("Writable")
    @Description("Whether the channel is writable now")
    boolean writable;
  }
}
