package io.tern.benchmarks.smtp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What both SMTP twins decode and encode. Replies: {@value #TRANSACTIONS} pipelined transactions'
 * worth as a client reads them (a five-line {@code EHLO} answer, then {@code 250} for MAIL, two
 * RCPTs, {@code 354}, {@code 250} for the message), one transaction per read. Requests: the same
 * transactions' MAIL, two RCPTs and DATA, then a 1 KiB body with a few dot-led lines.
 */
final class SmtpStreams {
  /** Transactions per operation. */
  static final int TRANSACTIONS = 256;

  /** The body of every message. */
  static final byte[] BODY = body();

  private SmtpStreams() {}

  private static byte[] body() {
    StringBuilder b = new StringBuilder("Subject: benchmark\r\n\r\n");
    for (int i = 0; b.length() < 1000; i++) {
      b.append(i % 5 == 0 ? ".dot-led line " : "an ordinary line of text ")
          .append(i)
          .append("\r\n");
    }
    return b.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** The replies of one transaction. */
  @SuppressWarnings("StringConcatToTextBlock") // CR LF line ends read better spelled out
  static byte[] replies() {
    String one =
        "250-mx.example.org at your service\r\n250-PIPELINING\r\n250-SIZE 35882577\r\n"
            + "250-8BITMIME\r\n250 SMTPUTF8\r\n"
            + "250 2.1.0 OK\r\n250 2.1.5 OK\r\n250 2.1.5 OK\r\n354 Go ahead\r\n"
            + "250 2.0.0 OK queued as 12345\r\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(one.getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  /** The sender of transaction {@code i}. */
  static String sender(int i) {
    return "sender" + (i % 16) + "@example.org";
  }
}
