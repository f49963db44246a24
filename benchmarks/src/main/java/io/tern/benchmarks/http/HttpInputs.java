package io.tern.benchmarks.http;

import io.tern.benchmarks.harness.ParamValues;
import java.nio.charset.StandardCharsets;

/** Inputs shared by the HTTP benchmarks and their Netty twins, so both sides decode the same. */
final class HttpInputs {
  private HttpInputs() {}

  /** A query string without escapes, one with only escapes, one mixed, one long and realistic. */
  static String query(String shape) {
    return switch (shape) {
      case "plain" -> "foo=bar&cat=dog&page=2&sort=desc";
      // ほげ=ぼけ&ねこ=いぬ
      case "encoded" ->
          "%E3%81%BB%E3%81%92=%E3%81%BC%E3%81%91&%E3%81%AD%E3%81%93=%E3%81%84%E3%81%AC";
      case "mixed" -> "foo=bar&%E3%81%BB%E3%81%92=%E3%81%BC%E3%81%91&cat=dog&q=hello+world%21";
      case "long" ->
          "uniqid=D87B332EFD7643D2AWD9A47F494A536AA&curidentity=0&bundle_id=com.example&app_id=1004"
              + "&client_info=%7B%22version%22%3A%2213.3.1%22%2C%22longitude%22%3A%22117.441926%22"
              + "%2C%22start_time%22%3A%221583589271210%22%2C%22os%22%3A%22iOS%22%2C%22model%22"
              + "%3A%22iPhone12%2C2%22%7D&v=8.020&t=BA2ZRQAIxATsFNFE3CTRSOQw8U2IHOQVh"
              + "&sig=V2.01ccecs84916839c00604eb31bbd73b9e541&req_time=1583589271285";
      default -> throw new IllegalArgumentException(shape);
    };
  }

  /** A value to encode: ASCII, non-ASCII, or ASCII then non-ASCII, short or 100 times longer. */
  static String encodable(String shape) {
    String ascii = new String("foo".toCharArray());
    String utf8 = new String("\u307b\u3052\u307b\u3052".toCharArray());
    return switch (shape) {
      case "shortAscii" -> ascii;
      case "shortUtf8" -> utf8;
      case "shortAsciiFirst" -> ascii + utf8;
      case "longAscii" -> ascii.repeat(100);
      case "longUtf8" -> utf8.repeat(100);
      case "longAsciiFirst" -> ascii.repeat(100) + utf8.repeat(100);
      default -> throw new IllegalArgumentException(shape);
    };
  }

  /** The same instant in the three HTTP date formats. */
  static String date(String format) {
    return switch (format) {
      case "rfc1123" -> "Sun, 06 Nov 1994 08:49:37 GMT";
      case "rfc850" -> "Sunday, 06-Dec-94 08:49:37 GMT";
      case "asctime" -> "Sun Dec  6 08:49:37 1994";
      default -> throw new IllegalArgumentException(format);
    };
  }

  /** The request wrk sends in the load harness's plaintext scenarios: a path and a Host field. */
  static byte[] wrkRequest() {
    return "GET /plaintext HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"
        .getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * What Chrome 131 sends for a page navigation: a request target with a query, 16 header fields
   * (client hints, fetch metadata, a long {@code Accept} and {@code User-Agent}) and a cookie of
   * analytics and session values; 1,000 bytes or so.
   */
  static byte[] browserRequest() {
    String request =
        "GET /articles/2026/11/event-loops?utm_source=newsletter&page=2 HTTP/1.1\r\n"
            + "Host: www.example.com\r\n"
            + "Connection: keep-alive\r\n"
            + "sec-ch-ua: \"Google Chrome\";v=\"131\", \"Chromium\";v=\"131\","
            + " \"Not_A Brand\";v=\"24\"\r\n"
            + "sec-ch-ua-mobile: ?0\r\n"
            + "sec-ch-ua-platform: \"Linux\"\r\n"
            + "Upgrade-Insecure-Requests: 1\r\n"
            + "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/131.0.0.0 Safari/537.36\r\n"
            + "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
            + "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7\r\n"
            + "Sec-Fetch-Site: same-origin\r\n"
            + "Sec-Fetch-Mode: navigate\r\n"
            + "Sec-Fetch-User: ?1\r\n"
            + "Sec-Fetch-Dest: document\r\n"
            + "Referer: https://www.example.com/articles/2026/11/\r\n"
            + "Accept-Encoding: gzip, deflate, br, zstd\r\n"
            + "Accept-Language: en-GB,en-US;q=0.9,en;q=0.8\r\n"
            + "Cookie: _ga=GA1.1.1234567890.1732350000; theme=dark;"
            + " session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N;"
            + " _gid=GA1.2.987654321.1732350000; consent=analytics%3Dyes%26ads%3Dno\r\n"
            + "\r\n";
    return request.getBytes(StandardCharsets.US_ASCII);
  }

  static final String BOUNDARY = "01f136d9282f";

  /**
   * The multipart bodies of Netty's {@code HttpPostMultipartRequestDecoderBenchmark} (LF line
   * breaks, 8 KiB of NUL data per piece, 64 pieces): {@code big} is one 512 KiB file, {@code high}
   * is 64 files of 8 KiB. {@code fields} adds the "many small fields" shape: 100 short attributes
   * in 1 KiB pieces.
   *
   * @return the pieces to offer in order; the last one is offered as the last content
   */
  static byte[][] multipartPieces(String shape) {
    if (ParamValues.oneOf("shape", shape, "big", "high", "fields").equals("fields")) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < 100; i++) {
        sb.append("--")
            .append(BOUNDARY)
            .append("\r\nContent-Disposition: form-data; name=\"field")
            .append(i)
            .append("\"\r\n\r\nvalue number ")
            .append(i)
            .append("\r\n");
      }
      sb.append("--").append(BOUNDARY).append("--\r\n");
      byte[] all = sb.toString().getBytes(StandardCharsets.US_ASCII);
      int n = (all.length + 1023) / 1024;
      byte[][] pieces = new byte[n][];
      for (int i = 0; i < n; i++) {
        pieces[i] =
            java.util.Arrays.copyOfRange(all, i * 1024, Math.min(all.length, (i + 1) * 1024));
      }
      return pieces;
    }
    String data = "\0".repeat(8 * 1024);
    byte[] first =
        ("--"
                + BOUNDARY
                + "\nContent-Disposition: form-data; name=\"msg_id\"\n\n15200\n--"
                + BOUNDARY
                + "\nContent-Disposition: form-data; name=\"msg1\"; filename=\"file1.txt\"\n\n"
                + data)
            .getBytes(StandardCharsets.US_ASCII);
    byte[] next =
        shape.equals("big")
            ? data.getBytes(StandardCharsets.US_ASCII)
            : ("\n--"
                    + BOUNDARY
                    + "\nContent-Disposition: form-data; name=\"msg2\"; filename=\"file2.txt\"\n\n"
                    + data)
                .getBytes(StandardCharsets.US_ASCII);
    byte[] last = ("\n--" + BOUNDARY + "--\n").getBytes(StandardCharsets.US_ASCII);
    byte[][] pieces = new byte[65][];
    pieces[0] = first;
    for (int i = 1; i < 64; i++) {
      pieces[i] = next;
    }
    pieces[64] = last;
    return pieces;
  }
}
