package io.tern.benchmarks.load.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class NettyHttpDateTest {
  @Test
  void daysOneToNineKeepTheirLeadingZeroSoTheValueHasAFixedLength() {
    long third = LocalDateTime.of(2026, 11, 3, 8, 9, 7).toEpochSecond(ZoneOffset.UTC);

    assertThat(NettyHttpDate.format(third).toString()).isEqualTo("Tue, 03 Nov 2026 08:09:07 GMT");
    assertThat(NettyHttpDate.format(third).length()).isEqualTo(29);
  }
}
