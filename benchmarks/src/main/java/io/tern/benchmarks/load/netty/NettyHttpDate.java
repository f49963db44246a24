package io.tern.benchmarks.load.netty;

import io.netty.handler.codec.DateFormatter;
import io.netty.util.AsciiString;
import java.util.Date;

/**
 * The {@code Date} header value in the fixed-length IMF-fixdate form ({@code Sun, 06 Nov 1994
 * 08:49:37 GMT}, two-digit day), formatted by Netty's own {@link DateFormatter} at most once per
 * second rather than per response, as Tern's {@code HttpDateCache} does. Any thread may call it;
 * racing threads may both format the same second, which is harmless.
 */
final class NettyHttpDate {
  private record Stamp(long second, AsciiString value) {}

  private static volatile Stamp stamp = new Stamp(Long.MIN_VALUE, AsciiString.EMPTY_STRING);

  private NettyHttpDate() {}

  /** The current second's value. */
  static AsciiString current() {
    long second = System.currentTimeMillis() / 1000;
    Stamp last = stamp;
    if (last.second() != second) {
      last = new Stamp(second, format(second));
      stamp = last;
    }
    return last.value();
  }

  /** The value for {@code epochSecond}. */
  @SuppressWarnings("JavaUtilDate") // Netty's DateFormatter takes a java.util.Date
  static AsciiString format(long epochSecond) {
    return AsciiString.cached(DateFormatter.format(new Date(epochSecond * 1000)));
  }
}
