package io.tern.handler.logging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

class LoggingHandlerTest {

  /** Records what is logged at or above its threshold. */
  private static final class CapturingLogger implements System.Logger {
    final List<String> lines = new ArrayList<>();
    final List<Throwable> thrown = new ArrayList<>();
    final Level threshold;

    CapturingLogger(Level threshold) {
      this.threshold = threshold;
    }

    @Override
    public String getName() {
      return "capture";
    }

    @Override
    public boolean isLoggable(Level level) {
      return level.getSeverity() >= threshold.getSeverity();
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
      if (isLoggable(level)) {
        lines.add(msg);
        this.thrown.add(thrown);
      }
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
      if (isLoggable(level)) {
        lines.add(format);
      }
    }
  }

  @Test
  void logsLifecycleReadsWritesAndCloseInOrder() {
    CapturingLogger logger = new CapturingLogger(Level.DEBUG);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.DEBUG, ByteBufFormat.SIMPLE));
    ch.writeInbound(Unpooled.copiedBuffer("hello", StandardCharsets.US_ASCII));
    ch.writeOutbound(Unpooled.copiedBuffer("hi", StandardCharsets.US_ASCII));
    ch.finishAndReleaseAll();

    String id = ch.toString();
    assertThat(logger.lines)
        .containsExactly(
            id + " REGISTERED",
            id + " ACTIVE",
            id + " READ: 5B",
            id + " READ COMPLETE",
            id + " WRITE: 2B",
            id + " FLUSH",
            id + " CLOSE",
            id + " INACTIVE",
            id + " UNREGISTERED");
  }

  @Test
  void hexDumpFollowsTheLengthInTheSameRecord() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.INFO, ByteBufFormat.HEX_DUMP));
    logger.lines.clear();
    ByteBuf buf = Unpooled.copiedBuffer("ABC", StandardCharsets.US_ASCII);

    ch.writeInbound(buf);

    String read = logger.lines.getFirst();
    assertThat(read).startsWith(ch + " READ: 3B" + System.lineSeparator());
    assertThat(read).contains("41 42 43").contains("|ABC");
    ByteBuf passedOn = ch.readInbound();
    assertThat(passedOn).isSameAs(buf);
    assertThat(passedOn.readerIndex()).isZero();
    passedOn.release();
    ch.finish();
  }

  @Test
  void emptyBufferHasNoDump() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.INFO, ByteBufFormat.HEX_DUMP));
    logger.lines.clear();

    ch.writeInbound(Unpooled.buffer(0));

    assertThat(logger.lines.getFirst()).isEqualTo(ch + " READ: 0B");
    ch.finishAndReleaseAll();
  }

  @Test
  void otherMessagesAndUserEventsUseTheirToString() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.INFO, ByteBufFormat.HEX_DUMP));
    logger.lines.clear();

    ch.writeInbound("text");
    ch.pipeline().fireUserEventTriggered("poke");

    assertThat(logger.lines)
        .containsExactly(ch + " READ: text", ch + " READ COMPLETE", ch + " USER_EVENT: poke");
    assertThat((String) ch.readInbound()).isEqualTo("text");
    ch.finish();
  }

  @Test
  void exceptionsAreLoggedWithTheirCauseAndPassedOn() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.INFO, ByteBufFormat.SIMPLE));
    logger.lines.clear();
    IllegalStateException boom = new IllegalStateException("boom");

    ch.pipeline().fireExceptionCaught(boom);

    assertThat(logger.lines).containsExactly(ch + " EXCEPTION: " + boom);
    assertThat(logger.thrown).containsExactly(boom);
    org.assertj.core.api.Assertions.assertThatThrownBy(ch::checkException).isSameAs(boom);
    ch.finish();
  }

  @Test
  void logsNothingBelowTheLoggersThreshold() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    EmbeddedChannel ch =
        new EmbeddedChannel(new LoggingHandler(logger, Level.DEBUG, ByteBufFormat.HEX_DUMP));

    ch.writeInbound(Unpooled.copiedBuffer("x", StandardCharsets.US_ASCII));
    ch.finishAndReleaseAll();

    assertThat(logger.lines).isEmpty();
  }

  @Test
  void oneInstanceServesSeveralChannels() {
    CapturingLogger logger = new CapturingLogger(Level.INFO);
    LoggingHandler shared = new LoggingHandler(logger, Level.INFO, ByteBufFormat.SIMPLE);
    EmbeddedChannel a = new EmbeddedChannel(shared);
    EmbeddedChannel b = new EmbeddedChannel(shared);

    assertThat(logger.lines)
        .containsExactly(a + " REGISTERED", a + " ACTIVE", b + " REGISTERED", b + " ACTIVE");
    a.finish();
    b.finish();
  }
}
