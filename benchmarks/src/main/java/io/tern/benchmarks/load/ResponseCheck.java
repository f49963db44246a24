package io.tern.benchmarks.load;

import io.tern.handler.ssl.Pem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Checks, before a server is loaded, that it answers each scenario's request as every other server
 * of the comparison does: status 200, the expected body ({@code Hello, World!}, or the JSON
 * message), a {@code Content-Length} that matches it, a {@code Content-Type}, a {@code Server}, and
 * a {@code Date} in the fixed-length IMF-fixdate form (a two-digit day: a server that writes {@code
 * Mon, 3 Jun} sends a byte less on the first nine days of a month). A server that fails fails its
 * round.
 */
final class ResponseCheck {
  /** RFC 9110's IMF-fixdate. */
  static final Pattern IMF_FIXDATE =
      Pattern.compile(
          "(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
              + " \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");

  private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)");
  private static final int TIMEOUT_MS = 5_000;
  private static final int MAX_RESPONSE = 64 * 1024;

  private ResponseCheck() {}

  /** Requests {@code path} from {@code port} and checks the answer; fails with what is wrong. */
  static void check(String server, int port, boolean tls, String path, String expectedBody)
      throws LoadException {
    String raw;
    try (Socket socket = tls ? tlsSocket() : new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), TIMEOUT_MS);
      socket.setSoTimeout(TIMEOUT_MS);
      socket
          .getOutputStream()
          .write(
              ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      raw = readResponse(socket.getInputStream());
    } catch (IOException e) {
      throw new LoadException(server + ": GET " + path + " failed: " + e);
    }
    List<String> problems = problems(raw, expectedBody);
    if (!problems.isEmpty()) {
      throw new LoadException(
          server
              + ": GET "
              + path
              + " is not answered as the other servers answer it: "
              + String.join("; ", problems)
              + "\nresponse:\n"
              + raw);
    }
  }

  /** An unconnected TLS client socket (the JDK's) that trusts the HTTPS servers' certificate. */
  private static Socket tlsSocket() throws IOException {
    try {
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      int i = 0;
      for (X509Certificate cert : Pem.readCertificates(TlsMaterial.shared().certificateChain())) {
        trust.setCertificateEntry("load-" + i++, cert);
      }
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, factory.getTrustManagers(), null);
      return context.getSocketFactory().createSocket();
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot set up the TLS check: " + e, e);
    }
  }

  /** What is wrong with a raw response, for a request whose body should be {@code body}. */
  static List<String> problems(String raw, String body) {
    List<String> problems = new ArrayList<>();
    int end = raw.indexOf("\r\n\r\n");
    if (end < 0) {
      return List.of("no end of header section");
    }
    String[] lines = raw.substring(0, end).split("\r\n", -1);
    if (!lines[0].startsWith("HTTP/1.1 200 ")) {
      problems.add("status line " + lines[0]);
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
    }
    String actualBody = raw.substring(end + 4);
    if (!actualBody.equals(body)) {
      problems.add("body " + actualBody + " instead of " + body);
    }
    String length = headers.get("content-length");
    if (length == null || !length.equals(Integer.toString(body.length()))) {
      problems.add("content-length " + length + " for a body of " + body.length() + " bytes");
    }
    for (String name : List.of("content-type", "server", "date")) {
      if (!headers.containsKey(name)) {
        problems.add("no " + name + " header");
      }
    }
    String date = headers.get("date");
    if (date != null && !IMF_FIXDATE.matcher(date).matches()) {
      problems.add("date " + date + " is not a fixed-length IMF-fixdate");
    }
    return problems;
  }

  /** Reads the header section and as many body bytes as Content-Length says. */
  private static String readResponse(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    int bodyStart = -1;
    int bodyLength = -1;
    while (bytes.size() < MAX_RESPONSE) {
      int n = in.read(buf);
      if (n < 0) {
        break;
      }
      bytes.write(buf, 0, n);
      String text = bytes.toString(StandardCharsets.ISO_8859_1);
      if (bodyStart < 0) {
        int end = text.indexOf("\r\n\r\n");
        if (end >= 0) {
          bodyStart = end + 4;
          Matcher m = CONTENT_LENGTH.matcher(text.substring(0, end));
          bodyLength = m.find() ? Integer.parseInt(m.group(1)) : 0;
        }
      }
      if (bodyStart >= 0 && bytes.size() >= bodyStart + bodyLength) {
        break;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
