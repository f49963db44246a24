package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DateFormatterTest {
  private static final long SUNDAY_MILLIS = 784111777000L; // Sun, 06 Nov 1994 08:49:37 GMT

  @Test
  void parsesTheThreeHttpFormats() {
    assertThat(DateFormatter.parseMillis("Sun, 06 Nov 1994 08:49:37 GMT", -1))
        .isEqualTo(SUNDAY_MILLIS);
    assertThat(DateFormatter.parseMillis("Sunday, 06-Nov-94 08:49:37 GMT", -1))
        .isEqualTo(SUNDAY_MILLIS);
    assertThat(DateFormatter.parseMillis("Sun Nov  6 08:49:37 1994", -1)).isEqualTo(SUNDAY_MILLIS);
    assertThat(DateFormatter.parse("Sun, 06 Nov 1994 08:49:37 GMT"))
        .isEqualTo(Instant.ofEpochMilli(SUNDAY_MILLIS));
  }

  @Test
  void parsesEveryMonthInAnyCase() {
    String[] months = {
      "jan", "FEB", "Mar", "aPr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "December"
    };
    for (int m = 0; m < 12; m++) {
      long millis = DateFormatter.parseMillis("01 " + months[m] + " 2020 00:00:00 GMT", -1);
      assertThat(Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC).getMonthValue())
          .isEqualTo(m + 1);
    }
  }

  @Test
  void mapsTwoDigitYearsAsRfc6265Says() {
    assertThat(year("01 Jan 69 00:00:00")).isEqualTo(2069);
    assertThat(year("01 Jan 70 00:00:00")).isEqualTo(1970);
    assertThat(year("01 Jan 99 00:00:00")).isEqualTo(1999);
  }

  private static int year(String text) {
    return Instant.ofEpochMilli(DateFormatter.parseMillis(text, -1))
        .atZone(ZoneOffset.UTC)
        .getYear();
  }

  @Test
  void rejectsInvalidDates() {
    String[] invalid = {
      "",
      "garbage",
      "Sun, 06 Nov 1994 GMT",
      "Sun, 30 Feb 2020 08:49:37 GMT",
      "Sun, 06 Nov 1600 08:49:37 GMT",
      "Sun, 06 Nov 1994 24:00:00 GMT",
      "Sun, 06 Nov 1994 08:60:00 GMT",
      "Sun, 06 Xyz 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 08:49 GMT",
      "Sun, 006 Nov 1994 08:49:37 GMT",
    };
    for (String s : invalid) {
      assertThat(DateFormatter.parse(s)).as(s).isNull();
      assertThat(DateFormatter.parseMillis(s, 42)).as(s).isEqualTo(42);
    }
    assertThat(DateFormatter.parseMillis("Sat, 29 Feb 2020 08:49:37 GMT", -1)).isPositive();
  }

  @Test
  void formatsRfc1123InGmt() {
    assertThat(DateFormatter.format(SUNDAY_MILLIS)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    assertThat(DateFormatter.format(Instant.EPOCH)).isEqualTo("Thu, 01 Jan 1970 00:00:00 GMT");
    assertThat(DateFormatter.format(-1)).isEqualTo("Wed, 31 Dec 1969 23:59:59 GMT");
    assertThat(DateFormatter.formatAscii(SUNDAY_MILLIS + 999).toString())
        .isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    assertThat(DateFormatter.append(SUNDAY_MILLIS, new StringBuilder("Date: ")).toString())
        .isEqualTo("Date: Sun, 06 Nov 1994 08:49:37 GMT");
  }

  @Test
  void clampsFormattingToFourDigitYears() {
    assertThat(DateFormatter.format(Long.MAX_VALUE)).isEqualTo("Fri, 31 Dec 9999 23:59:59 GMT");
    assertThat(DateFormatter.format(Long.MIN_VALUE)).isEqualTo("Sat, 01 Jan 0000 00:00:00 GMT");
  }

  @Test
  void agreesWithJavaTimeOnRandomInstants() {
    DateTimeFormatter rfc1123 =
        DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < 2000; i++) {
      long seconds = random.nextLong(-11_000_000_000L, 250_000_000_000L);
      long millis = seconds * 1000;
      String expected =
          rfc1123.format(ZonedDateTime.ofInstant(Instant.ofEpochSecond(seconds), ZoneOffset.UTC));
      assertThat(DateFormatter.format(millis)).isEqualTo(expected);
      assertThat(DateFormatter.parseMillis(expected, -1)).isEqualTo(millis);
    }
  }

  @Test
  void cachedDateChangesOnlyWhenTheSecondDoes() {
    AtomicLong now = new AtomicLong(SUNDAY_MILLIS);
    InstantSource clock = () -> Instant.ofEpochMilli(now.get());
    HttpDateCache cache = new HttpDateCache(clock);
    var first = cache.currentDate();
    assertThat(first.toString()).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    now.addAndGet(999);
    assertThat((Object) cache.currentDate()).isSameAs(first);
    now.addAndGet(1);
    assertThat(cache.currentDate().toString()).isEqualTo("Sun, 06 Nov 1994 08:49:38 GMT");
    assertThat(HttpDateCache.system().currentDate().length()).isEqualTo(29);
  }
}
