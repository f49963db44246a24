package io.tern.transport.channel.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The channel JFR events: recorded by the pipeline when a recording enables them, and off by
 * default. Isolated: JFR's settings are global to the JVM, so a concurrent test's recording could
 * otherwise enable them for this one.
 */
@Isolated
class ChannelEventsTest {
  private static final String REGISTERED = "io.tern.transport.ChannelRegistered";
  private static final String ACTIVE = "io.tern.transport.ChannelActive";
  private static final String INACTIVE = "io.tern.transport.ChannelInactive";
  private static final String EXCEPTION = "io.tern.transport.ChannelExceptionCaught";
  private static final String WRITABILITY = "io.tern.transport.ChannelWritabilityChanged";
  private static final List<String> ALL =
      List.of(REGISTERED, ACTIVE, INACTIVE, EXCEPTION, WRITABILITY);

  @Test
  void recordsRegisteredActiveExceptionsWritabilityAndInactiveWhenEnabled(@TempDir Path dir)
      throws Exception {
    List<RecordedEvent> events;
    String id;
    try (Recording recording = new Recording()) {
      ALL.forEach(recording::enable);
      recording.start();
      id = lifeOfAChannel();
      recording.stop();
      Path file = dir.resolve("channel.jfr");
      recording.dump(file);
      events = RecordingFile.readAllEvents(file);
    }
    List<RecordedEvent> mine = ofChannel(events, id);
    List<String> names = mine.stream().map(e -> e.getEventType().getName()).toList();

    assertThat(names).containsAll(ALL);
    assertThat(names.subList(0, 2)).containsExactly(REGISTERED, ACTIVE);
    assertThat(names.indexOf(INACTIVE)).isGreaterThan(names.lastIndexOf(EXCEPTION));
    assertThat(mine)
        .allSatisfy(
            e -> {
              assertThat(e.getString("channelType")).isEqualTo("EmbeddedChannel");
              assertThat(e.getString("remoteAddress")).isEqualTo("embedded-remote");
            });

    List<RecordedEvent> exceptions = ofType(mine, EXCEPTION);
    assertThat(exceptions).hasSize(2);
    assertThat(exceptions.get(0).getString("exceptionType")).isEqualTo("java.io.IOException");
    assertThat(exceptions.get(0).getString("message")).isEqualTo("connection reset");
    assertThat(exceptions.get(0).getBoolean("fromHandler")).isFalse();
    assertThat(exceptions.get(1).getString("exceptionType"))
        .isEqualTo("java.lang.IllegalStateException");
    assertThat(exceptions.get(1).getBoolean("fromHandler")).isTrue();

    assertThat(ofType(mine, WRITABILITY).getFirst().getBoolean("writable")).isFalse();
  }

  @Test
  void recordsNothingUnlessARecordingEnablesThem(@TempDir Path dir) throws Exception {
    List<RecordedEvent> events;
    String id;
    try (Recording recording = new Recording()) {
      recording.start(); // the events' default settings: disabled
      id = lifeOfAChannel();
      recording.stop();
      Path file = dir.resolve("default.jfr");
      recording.dump(file);
      events = RecordingFile.readAllEvents(file);
    }
    assertThat(events).noneMatch(e -> ALL.contains(e.getEventType().getName()));
    assertThat(ofChannel(events, id)).isEmpty();
  }

  /**
   * Registers and activates a channel, raises a transport exception and a handler's, makes it
   * unwritable and closes it; returns its short id.
   */
  private static String lifeOfAChannel() {
    EmbeddedChannel ch = new EmbeddedChannel(new ThrowsOnRead(), new SwallowsExceptions());
    ch.pipeline().fireExceptionCaught(new IOException("connection reset"));
    ch.writeInbound("anything");
    ch.userDefinedWritability(1, false);
    ch.runPendingTasks();
    ch.close();
    ch.runPendingTasks();
    return ch.id().asShortText();
  }

  private static List<RecordedEvent> ofChannel(List<RecordedEvent> events, String id) {
    return events.stream()
        .filter(e -> e.hasField("channelId") && id.equals(e.getString("channelId")))
        .toList();
  }

  private static List<RecordedEvent> ofType(List<RecordedEvent> events, String name) {
    return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
  }

  private static final class ThrowsOnRead implements ChannelHandler {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      throw new IllegalStateException("handler bug");
    }
  }

  private static final class SwallowsExceptions implements ChannelHandler {
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {}
  }
}
