package io.tern.benchmarks.load;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsers for wrk's and h2load's summaries; errors include non-2xx/3xx responses. */
final class LoadOutput {
  private static final Pattern WRK_REQUESTS = Pattern.compile("(\\d+) requests in ");
  private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern WRK_SOCKET_ERRORS =
      Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
  private static final Pattern WRK_NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
  private static final Pattern H2LOAD_RATE =
      Pattern.compile("finished in [0-9.]+\\w+, ([0-9.]+) req/s");
  private static final Pattern H2LOAD_REQUESTS =
      Pattern.compile(
          "requests: \\d+ total, \\d+ started, \\d+ done, (\\d+) succeeded, (\\d+) failed,"
              + " (\\d+) errored, (\\d+) timeout");

  private static final Pattern H2LOAD_STATUS =
      Pattern.compile("status codes: \\d+ 2xx, \\d+ 3xx, (\\d+) 4xx, (\\d+) 5xx");

  private LoadOutput() {}

  /** Parses wrk's summary; fails when it has none. */
  static LoadResult wrk(String output) throws LoadException {
    Matcher requests = require(WRK_REQUESTS, output, "wrk");
    Matcher rate = require(WRK_RATE, output, "wrk");
    long errors = 0;
    Matcher socket = WRK_SOCKET_ERRORS.matcher(output);
    if (socket.find()) {
      for (int group = 1; group <= 4; group++) {
        errors += Long.parseLong(socket.group(group));
      }
    }
    Matcher non2xx = WRK_NON_2XX.matcher(output);
    if (non2xx.find()) {
      errors += Long.parseLong(non2xx.group(1));
    }
    return new LoadResult(
        Long.parseLong(requests.group(1)), Double.parseDouble(rate.group(1)), errors);
  }

  /** Parses h2load's summary; fails when it has none. */
  static LoadResult h2load(String output) throws LoadException {
    Matcher rate = require(H2LOAD_RATE, output, "h2load");
    Matcher requests = require(H2LOAD_REQUESTS, output, "h2load");
    long errors =
        Long.parseLong(requests.group(2))
            + Long.parseLong(requests.group(3))
            + Long.parseLong(requests.group(4));
    Matcher status = H2LOAD_STATUS.matcher(output);
    if (status.find()) {
      errors += Long.parseLong(status.group(1)) + Long.parseLong(status.group(2));
    }
    return new LoadResult(
        Long.parseLong(requests.group(1)), Double.parseDouble(rate.group(1)), errors);
  }

  private static Matcher require(Pattern pattern, String output, String tool) throws LoadException {
    Matcher matcher = pattern.matcher(output);
    if (!matcher.find()) {
      throw new LoadException("no summary in " + tool + "'s output:\n" + output);
    }
    return matcher;
  }
}
