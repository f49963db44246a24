package io.tern.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResponseCheckTest {
  private static String response(String date, String body) {
    return "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nserver: x\r\ndate: "
        + date
        + "\r\ncontent-length: "
        + body.length()
        + "\r\n\r\n"
        + body;
  }

  @Test
  void aFixedLengthDateAndTheExpectedBodyPass() {
    assertThat(
            ResponseCheck.problems(
                response("Tue, 03 Nov 2026 08:49:37 GMT", "Hello, World!"), "Hello, World!"))
        .isEmpty();
  }

  @Test
  void aDayWithoutItsLeadingZeroFails() {
    assertThat(
            ResponseCheck.problems(
                response("Tue, 3 Nov 2026 08:49:37 GMT", "Hello, World!"), "Hello, World!"))
        .containsExactly("date Tue, 3 Nov 2026 08:49:37 GMT is not a fixed-length IMF-fixdate");
  }

  @Test
  void anotherBodyOrLengthFails() {
    assertThat(
            ResponseCheck.problems(
                response("Tue, 03 Nov 2026 08:49:37 GMT", "{\"message\":\"x\"}"),
                "{\"message\":\"Hello, World!\"}"))
        .hasSize(2);
  }

  @Test
  void aMissingHeaderOrAnErrorStatusFails() {
    assertThat(
            ResponseCheck.problems(
                "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n", "Hello, World!"))
        .contains(
            "status line HTTP/1.1 404 Not Found",
            "no content-type header",
            "no server header",
            "no date header");
  }
}
