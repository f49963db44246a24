package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadOutputTest {
  @Test
  void wrkSummaryGivesRequestsRateAndErrors() throws LoadException {
    String output =
        """
        Running 5s test @ http://127.0.0.1:8080/plaintext
          1 threads and 64 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     1.23ms  456.00us  10.00ms   90.00%
            Req/Sec    52.00k     3.00k   60.00k    80.00%
          258000 requests in 5.00s, 31.50MB read
          Socket errors: connect 0, read 2, write 0, timeout 1
          Non-2xx or 3xx responses: 5
        Requests/sec:  51600.00
        Transfer/sec:      6.30MB
        """;

    assertThat(LoadOutput.wrk(output)).isEqualTo(new LoadResult(258000, 51600.0, 8));
  }

  @Test
  void h2loadSummaryGivesSucceededRequestsRateAndErrors() throws LoadException {
    String output =
        """
        finished in 568.03ms, 352.10 req/s, 44.70KB/s
        requests: 200 total, 200 started, 200 done, 196 succeeded, 1 failed, 2 errored, 0 timeout
        status codes: 196 2xx, 0 3xx, 3 4xx, 1 5xx
        """;

    assertThat(LoadOutput.h2load(output)).isEqualTo(new LoadResult(196, 352.10, 7));
  }

  @Test
  void outputWithoutSummaryFailsShowingIt() {
    assertThatThrownBy(() -> LoadOutput.wrk("unable to connect to 127.0.0.1:1 Connection refused"))
        .isInstanceOf(LoadException.class)
        .hasMessageContaining("Connection refused");
  }
}
