package io.tern.resolver.dns.internal;

import io.tern.resolver.dns.ResolvedAddressTypes;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The static table of {@code hosts(5)}: per line an address and its names, {@code #} to the end of
 * the line a comment. Names are matched without regard to case or a trailing dot; a name listed on
 * several lines has all their addresses, in file order. Consulted before any query, as the C
 * library does with {@code hosts: files dns}.
 */
public final class HostsFile {
  /** A table with no entries. */
  public static final HostsFile EMPTY = new HostsFile(Map.of(), Map.of());

  private final Map<String, List<InetAddress>> ipv4;
  private final Map<String, List<InetAddress>> ipv6;

  private HostsFile(Map<String, List<InetAddress>> ipv4, Map<String, List<InetAddress>> ipv6) {
    this.ipv4 = ipv4;
    this.ipv6 = ipv6;
  }

  /**
   * Reads a file; a missing file gives {@link #EMPTY}.
   *
   * @param path the file, usually {@code /etc/hosts}
   * @return its table
   * @throws IOException if it exists but cannot be read
   */
  public static HostsFile read(Path path) throws IOException {
    try {
      return parse(Files.readString(path, StandardCharsets.ISO_8859_1));
    } catch (NoSuchFileException e) {
      return EMPTY;
    }
  }

  /**
   * Parses the text of a hosts file; lines whose first word is not an address are skipped.
   *
   * @param text the content
   * @return its table
   */
  public static HostsFile parse(String text) {
    Map<String, List<InetAddress>> ipv4 = new HashMap<>();
    Map<String, List<InetAddress>> ipv6 = new HashMap<>();
    for (String raw : text.split("\n", -1)) {
      int hash = raw.indexOf('#');
      String line = (hash < 0 ? raw : raw.substring(0, hash)).strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] words = line.split("\\s+", -1);
      InetAddress address = ResolvConf.literal(words[0]);
      if (address == null || words.length < 2) {
        continue;
      }
      Map<String, List<InetAddress>> table = address instanceof Inet4Address ? ipv4 : ipv6;
      for (int i = 1; i < words.length; i++) {
        String name = key(words[i]);
        try {
          table
              .computeIfAbsent(name, n -> new ArrayList<>())
              .add(InetAddress.getByAddress(words[i], address.getAddress()));
        } catch (java.net.UnknownHostException e) {
          throw new IllegalStateException("an address of 4 or 16 bytes was refused", e);
        }
      }
    }
    ipv4.replaceAll((k, v) -> List.copyOf(v));
    ipv6.replaceAll((k, v) -> List.copyOf(v));
    return new HostsFile(Map.copyOf(ipv4), Map.copyOf(ipv6));
  }

  /**
   * Returns the addresses of a name in the families and order asked for.
   *
   * @param name a host name, with or without a trailing dot
   * @param types the families and their order
   * @return the addresses, empty if the name is not listed in those families
   */
  public List<InetAddress> lookup(String name, ResolvedAddressTypes types) {
    String key = key(name);
    List<InetAddress> v4 = ipv4.getOrDefault(key, List.of());
    List<InetAddress> v6 = ipv6.getOrDefault(key, List.of());
    return switch (types) {
      case IPV4_ONLY -> v4;
      case IPV6_ONLY -> v6;
      case IPV4_PREFERRED -> concat(v4, v6);
      case IPV6_PREFERRED -> concat(v6, v4);
    };
  }

  private static List<InetAddress> concat(List<InetAddress> first, List<InetAddress> second) {
    if (second.isEmpty()) {
      return first;
    }
    if (first.isEmpty()) {
      return second;
    }
    List<InetAddress> all = new ArrayList<>(first.size() + second.size());
    all.addAll(first);
    all.addAll(second);
    return List.copyOf(all);
  }

  private static String key(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
  }
}
