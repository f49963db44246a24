package io.tern.codec.http.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaders;
import java.util.List;

/**
 * Fuzzes what {@link HttpStaticFileHandler} parses from untrusted fields: any {@code Range} value
 * resolves to the whole file, nothing, or at most {@code maxRanges} sorted, disjoint, non-adjacent
 * ranges inside the file; any {@code If-Match}/{@code If-None-Match}/{@code If-Range} value is
 * evaluated without throwing. The normal build replays the seeds in {@code
 * HttpRangeFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class HttpRangeFuzzTest {
  @FuzzTest(maxDuration = "60s")
  void resolvesAnyRangeWithinTheFileAndTheLimit(FuzzedDataProvider data) {
    long size = data.consumeLong(0, 1L << 40);
    int maxRanges = data.consumeInt(1, 32);
    String validator = data.consumeString(64);
    String value = data.consumeRemainingAsString();

    List<HttpByteRange> ranges = HttpByteRange.parse(value, size, maxRanges);
    if (ranges != null) {
      assertThat(ranges.size()).isLessThanOrEqualTo(maxRanges);
      long previousLast = -2;
      for (HttpByteRange r : ranges) {
        assertThat(r.first()).isGreaterThan(previousLast + 1).isGreaterThanOrEqualTo(0);
        assertThat(r.last()).isGreaterThanOrEqualTo(r.first()).isLessThan(size);
        previousLast = r.last();
      }
    }

    HttpPreconditions preconditions = HttpPreconditions.forFile(1_700_000_000_123L, size);
    HttpHeaders headers = HttpHeaders.create(HttpHeaders.Validation.NONE);
    headers.add(HttpHeaderNames.IF_MATCH, validator);
    headers.add(HttpHeaderNames.IF_NONE_MATCH, value);
    assertThat(preconditions.evaluate(headers, true)).isNotNull();
    preconditions.rangeApplies(validator);
    assertThat(preconditions.matches(preconditions.etag(), true)).isTrue();
  }
}
