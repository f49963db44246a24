package io.tern.examples.dns;

import io.tern.codec.dns.DnsAddressRecord;
import io.tern.codec.dns.DnsCaaRecord;
import io.tern.codec.dns.DnsMxRecord;
import io.tern.codec.dns.DnsNameRecord;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsSoaRecord;
import io.tern.codec.dns.DnsSrvRecord;
import io.tern.codec.dns.DnsTxtRecord;
import io.tern.examples.support.UsageException;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One zone read from a file in a simple subset of the RFC 1035 master format: {@code $ORIGIN} and
 * {@code $TTL} lines, then one record per line, {@code owner [ttl] [IN] TYPE data}, with {@code @}
 * for the origin, names without a final dot relative to it, a line starting with blanks owned by
 * the previous owner, {@code ;} comments, and double-quoted strings for TXT and CAA. Types: A,
 * AAAA, CNAME, NS, PTR, MX, TXT, SRV, SOA, CAA. The zone must have exactly one SOA, at its origin.
 *
 * <pre>
 * $ORIGIN example.test.
 * $TTL 300
 * {@literal @}      IN SOA   ns1 admin 2026112901 3600 600 86400 60
 * {@literal @}      IN NS    ns1
 * ns1    IN A     192.0.2.53
 * www       A     192.0.2.10
 *           AAAA  2001:db8::10
 * alias     CNAME www
 * {@literal @}         MX    10 mail
 * {@literal @}         TXT   "v=spf1 -all" "second string"
 * _sip._tcp SRV   10 60 5060 sip
 * {@literal @}         CAA   0 issue "letsencrypt.org"
 * </pre>
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once read: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param origin the zone's name, absolute and lower case
 * @param soa its SOA record
 * @param records every record, the SOA included, in file order
 */
public record Zone(String origin, DnsSoaRecord soa, List<DnsRecord> records) {
  /** Copies the list. */
  public Zone {
    records = List.copyOf(records);
  }

  /**
   * Reads a zone file.
   *
   * @param file the file
   * @return the zone
   * @throws IOException if it cannot be read
   * @throws UsageException naming the line that is wrong
   */
  public static Zone read(Path file) throws IOException {
    return parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  /**
   * Parses a zone.
   *
   * @param text the zone file's content
   * @return the zone
   * @throws UsageException naming the line that is wrong
   */
  public static Zone parse(String text) {
    String origin = null;
    long ttl = 3600;
    String owner = null;
    List<DnsRecord> records = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].replace("\r", "");
      List<String> words = words(line);
      if (words.isEmpty()) {
        continue;
      }
      try {
        if (words.get(0).equalsIgnoreCase("$ORIGIN")) {
          origin = absolute(words.get(1), ".");
          continue;
        }
        if (words.get(0).equalsIgnoreCase("$TTL")) {
          ttl = Long.parseLong(words.get(1));
          continue;
        }
        if (origin == null) {
          throw new IllegalArgumentException("$ORIGIN must come first");
        }
        int i = 0;
        if (!Character.isWhitespace(line.charAt(0))) {
          owner = absolute(words.get(0), origin);
          i = 1;
        }
        if (owner == null) {
          throw new IllegalArgumentException("no owner name");
        }
        long recordTtl = ttl;
        if (words.get(i).chars().allMatch(Character::isDigit)) {
          recordTtl = Long.parseLong(words.get(i++));
        }
        if (words.get(i).equalsIgnoreCase("IN")) {
          i++;
        }
        String type = words.get(i++).toUpperCase(Locale.ROOT);
        records.add(parseRecord(owner, recordTtl, type, words.subList(i, words.size()), origin));
      } catch (RuntimeException e) {
        // UsageException carries no cause (it is a message for the user, without a stack trace).
        throw new UsageException(
            "zone line " + (n + 1) + " (" + line.strip() + "): " + e.getMessage());
      }
    }
    if (origin == null) {
      throw new UsageException("the zone has no $ORIGIN");
    }
    DnsSoaRecord soa = null;
    for (DnsRecord r : records) {
      if (r instanceof DnsSoaRecord s) {
        if (soa != null || !s.name().equals(origin)) {
          throw new UsageException("the zone needs exactly one SOA record, at " + origin);
        }
        soa = s;
      }
    }
    if (soa == null) {
      throw new UsageException("the zone has no SOA record");
    }
    return new Zone(origin, soa, records);
  }

  private static DnsRecord parseRecord(
      String owner, long ttl, String type, List<String> data, String origin) {
    int in = DnsRecord.CLASS_IN;
    return switch (type) {
      case "A", "AAAA" -> {
        InetAddress address = InetAddress.ofLiteral(data.get(0));
        boolean v4 = address instanceof Inet4Address;
        if (v4 != type.equals("A") || (!v4 && !(address instanceof Inet6Address))) {
          throw new IllegalArgumentException("not an address of type " + type);
        }
        yield new DnsAddressRecord(owner, in, ttl, address);
      }
      case "CNAME", "NS", "PTR" ->
          new DnsNameRecord(
              owner, DnsRecordType.valueOf(code(type)), in, ttl, absolute(data.get(0), origin));
      case "MX" ->
          new DnsMxRecord(
              owner, in, ttl, Integer.parseInt(data.get(0)), absolute(data.get(1), origin));
      case "TXT" -> new DnsTxtRecord(owner, in, ttl, data.stream().map(Zone::unquote).toList());
      case "SRV" ->
          new DnsSrvRecord(
              owner,
              in,
              ttl,
              Integer.parseInt(data.get(0)),
              Integer.parseInt(data.get(1)),
              Integer.parseInt(data.get(2)),
              absolute(data.get(3), origin));
      case "SOA" ->
          new DnsSoaRecord(
              owner,
              in,
              ttl,
              absolute(data.get(0), origin),
              absolute(data.get(1), origin),
              Long.parseLong(data.get(2)),
              Long.parseLong(data.get(3)),
              Long.parseLong(data.get(4)),
              Long.parseLong(data.get(5)),
              Long.parseLong(data.get(6)));
      case "CAA" ->
          new DnsCaaRecord(
              owner, in, ttl, Integer.parseInt(data.get(0)), data.get(1), unquote(data.get(2)));
      default -> throw new IllegalArgumentException("unsupported type " + type);
    };
  }

  private static int code(String type) {
    return switch (type) {
      case "CNAME" -> DnsRecordType.CNAME.code();
      case "NS" -> DnsRecordType.NS.code();
      default -> DnsRecordType.PTR.code();
    };
  }

  /** {@code @} is the origin; a name without a final dot is relative to it. */
  private static String absolute(String name, String origin) {
    if (name.equals("@")) {
      return origin;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".")) {
      return lower;
    }
    return origin.equals(".") ? lower + "." : lower + "." + origin;
  }

  /** A quoted word without its quotes and with its escapes ({@code \"}, {@code \\}) undone. */
  private static String unquote(String word) {
    if (word.length() >= 2 && word.startsWith("\"") && word.endsWith("\"")) {
      return word.substring(1, word.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }
    return word;
  }

  /**
   * The words of a line: blanks separate them, except inside quotes; {@code ;} starts a comment.
   */
  private static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        word.append(c);
        if (c == '\\' && i + 1 < line.length()) {
          word.append(line.charAt(++i));
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == ';') {
        break;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        if (word == null) {
          word = new StringBuilder();
        }
        word.append(c);
        if (c == '"') {
          quoted = true;
        }
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }
}
