package io.tern.benchmarks.load.netty;

import io.netty.util.AsciiString;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The {@code Date} header value, formatted at most once per second rather than per response. Any
 * thread may call it; racing threads may both format the same second, which is harmless.
 */
final class HttpDate {
  private record Stamp(long second, AsciiString value) {}

  private static volatile Stamp stamp = new Stamp(Long.MIN_VALUE, AsciiString.EMPTY_STRING);

  private HttpDate() {}

  static AsciiString current() {
    long second = System.currentTimeMillis() / 1000;
    Stamp last = stamp;
    if (last.second() != second) {
      last =
          new Stamp(
              second,
              AsciiString.cached(
                  DateTimeFormatter.RFC_1123_DATE_TIME.format(
                      Instant.ofEpochSecond(second).atOffset(ZoneOffset.UTC))));
      stamp = last;
    }
    return last.value();
  }
}
