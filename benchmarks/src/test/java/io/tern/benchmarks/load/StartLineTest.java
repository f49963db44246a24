package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StartLineTest {
  private static final String TERN =
      "tern-http listening on /127.0.0.1:40000, transport io_uring (IoUringServerSocketChannel),"
          + " 1 event-loop thread(s), leak detection DISABLED";

  @Test
  void theReportedTransportAndLeakLevelAreRead() {
    assertThat(StartLine.find(List.of("WARNING: something", TERN)))
        .contains(new StartLine("io_uring", "DISABLED"));
  }

  @Test
  void aServerOnAnotherTransportThanAskedMayNotBeCompared() {
    assertThat(new StartLine("io_uring", "DISABLED").problem("epoll"))
        .hasValue("reports transport io_uring, not the epoll asked for");
    assertThat(new StartLine("epoll", "DISABLED").problem("epoll")).isEmpty();
  }

  @Test
  void aServerWithLeakDetectionOnMayNotBeCompared() {
    assertThat(new StartLine("nio", "SIMPLE").problem("nio"))
        .hasValue("runs with leak detection SIMPLE, not DISABLED as its rival does");
  }

  @Test
  void noStartLineIsFoundInOtherOutput() {
    assertThat(StartLine.find(List.of("Exception in thread main"))).isEmpty();
  }
}
