package io.tern.resolver.dns.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code resolv.conf(5)} says: name servers, the search list, and the options {@code ndots},
 * {@code timeout}, {@code attempts} and {@code rotate}. Parsed as the C library reads it: a line
 * starting with {@code #} or {@code ;} is a comment, the last {@code domain} or {@code search} line
 * wins, at most three name servers are used, the options are capped as glibc caps them ({@code
 * ndots} 15, {@code timeout} 30 s, {@code attempts} 5), and anything not understood is ignored. A
 * file without name servers means the local one (127.0.0.1, as the C library does).
 *
 * @param nameServers the servers, on port 53
 * @param searchDomains the search list, without trailing dots
 * @param ndots names with at least this many dots are tried as they are before the search list
 * @param timeoutSeconds how long one attempt waits
 * @param attempts how many times each server is tried
 * @param rotate whether queries start at successive servers rather than always the first
 */
public record ResolvConf(
    List<InetSocketAddress> nameServers,
    List<String> searchDomains,
    int ndots,
    int timeoutSeconds,
    int attempts,
    boolean rotate) {
  /** The C library's limit on name servers. */
  public static final int MAX_NAME_SERVERS = 3;

  /** The C library's limit on search domains. */
  public static final int MAX_SEARCH_DOMAINS = 6;

  private static final int DNS_PORT = 53;

  /** The C library's defaults: the local server, no search list, ndots 1, 5 s, 2 attempts. */
  public static final ResolvConf DEFAULT =
      new ResolvConf(
          List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), DNS_PORT)),
          List.of(),
          1,
          5,
          2,
          false);

  /** Copies the lists. */
  public ResolvConf {
    nameServers = List.copyOf(nameServers);
    searchDomains = List.copyOf(searchDomains);
  }

  /**
   * Reads a file; a missing file gives {@link #DEFAULT}.
   *
   * @param path the file, usually {@code /etc/resolv.conf}
   * @return what it says
   * @throws IOException if it exists but cannot be read
   */
  public static ResolvConf read(Path path) throws IOException {
    try {
      return parse(Files.readString(path, StandardCharsets.ISO_8859_1));
    } catch (NoSuchFileException e) {
      return DEFAULT;
    }
  }

  /**
   * Parses the text of a {@code resolv.conf} file.
   *
   * @param text the file's content
   * @return what it says
   */
  public static ResolvConf parse(String text) {
    List<InetSocketAddress> servers = new ArrayList<>();
    List<String> search = List.of();
    int ndots = DEFAULT.ndots;
    int timeout = DEFAULT.timeoutSeconds;
    int attempts = DEFAULT.attempts;
    boolean rotate = false;
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty() || line.charAt(0) == '#' || line.charAt(0) == ';') {
        continue;
      }
      String[] words = line.split("\\s+", -1);
      switch (words[0]) {
        case "nameserver" -> {
          if (words.length > 1 && servers.size() < MAX_NAME_SERVERS) {
            InetAddress address = literal(words[1]);
            if (address != null) {
              servers.add(new InetSocketAddress(address, DNS_PORT));
            }
          }
        }
        case "domain" -> search = words.length > 1 ? List.of(trimDot(words[1])) : List.of();
        case "search" -> {
          List<String> domains = new ArrayList<>();
          for (int i = 1; i < words.length && domains.size() < MAX_SEARCH_DOMAINS; i++) {
            if (words[i].charAt(0) == '#' || words[i].charAt(0) == ';') {
              break;
            }
            domains.add(trimDot(words[i]));
          }
          search = domains;
        }
        case "options" -> {
          for (int i = 1; i < words.length; i++) {
            String option = words[i];
            if (option.equals("rotate")) {
              rotate = true;
            } else if (option.startsWith("ndots:")) {
              ndots = number(option, ndots, 15);
            } else if (option.startsWith("timeout:")) {
              timeout = Math.max(1, number(option, timeout, 30));
            } else if (option.startsWith("attempts:")) {
              attempts = Math.max(1, number(option, attempts, 5));
            }
          }
        }
        default -> {
          // sortlist, lookup, family and others do not concern this resolver
        }
      }
    }
    return new ResolvConf(
        servers.isEmpty() ? DEFAULT.nameServers : servers,
        search,
        ndots,
        timeout,
        attempts,
        rotate);
  }

  private static String trimDot(String domain) {
    String d = domain.toLowerCase(Locale.ROOT);
    return d.endsWith(".") ? d.substring(0, d.length() - 1) : d;
  }

  /** The number after the colon, capped; the old value if it is not a number. */
  private static int number(String option, int old, int cap) {
    String digits = option.substring(option.indexOf(':') + 1);
    if (digits.isEmpty() || digits.length() > 4 || !digits.chars().allMatch(Character::isDigit)) {
      return old;
    }
    return Math.min(Integer.parseInt(digits), cap);
  }

  /** An IPv4 or IPv6 literal (a zone index after {@code %} is dropped), or {@code null}. */
  // A loop rather than a stream: every lookup asks, and a stream pipeline per call was a visible
  // share of a cached lookup's time.
  private static boolean digitsAndDots(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < '0' || c > '9') && c != '.') {
        return false;
      }
    }
    return true;
  }

  static InetAddress literal(String text) {
    int zone = text.indexOf('%');
    String address = zone < 0 ? text : text.substring(0, zone);
    boolean ipv6 = address.indexOf(':') >= 0;
    if (address.isEmpty() || (!ipv6 && !digitsAndDots(address))) {
      return null; // a name: spare the exception
    }
    try {
      return InetAddress.ofLiteral(address);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
