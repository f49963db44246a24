package io.tern.codec.http2.hpack;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * The hpack-test-case corpus (MIT licence, {@code hpack-test-case/LICENSE} in the test resources):
 * header sets of real browsing sessions, and the blocks several HPACK implementations encoded them
 * to. Each story is a sequence of blocks sharing one compression context. The JSON files are kept
 * gzipped, minified but otherwise as published; {@code index.txt} lists them. Public so the
 * benchmarks' HPACK twins load the same stories.
 */
public final class HpackStories {
  /** One header field. */
  public record Field(String name, String value) {}

  /**
   * One header block of a story.
   *
   * @param seqno its position
   * @param headerTableSize the decoder's {@code SETTINGS_HEADER_TABLE_SIZE} acknowledged just
   *     before it, or -1 for unchanged
   * @param wire the encoded block (empty in {@code raw-data})
   * @param headers the fields it decodes to
   */
  @SuppressWarnings("ArrayRecordComponent") // read-only corpus data, never compared or hashed
  public record Case(int seqno, long headerTableSize, byte[] wire, List<Field> headers) {}

  /**
   * A story.
   *
   * @param path its resource path under {@code hpack-test-case/}, e.g. {@code
   *     nghttp2/story_00.json.gz}
   * @param cases the blocks in order
   */
  public record Story(String path, List<Case> cases) {
    /** The implementation folder, e.g. {@code nghttp2}. */
    public String implementation() {
      return path.substring(0, path.indexOf('/'));
    }
  }

  private HpackStories() {}

  /** Every story's resource path, from {@code index.txt}. */
  public static List<String> paths() {
    String index = new String(read("index.txt"), StandardCharsets.US_ASCII);
    return index.lines().filter(l -> !l.isBlank()).toList();
  }

  /**
   * Loads every story of one implementation folder ({@code raw-data} for the plain header sets).
   */
  public static List<Story> load(String implementation) {
    List<Story> out = new ArrayList<>();
    for (String p : paths()) {
      if (p.startsWith(implementation + "/")) {
        out.add(story(p));
      }
    }
    return out;
  }

  /** Loads one story. */
  @SuppressWarnings("unchecked")
  public static Story story(String path) {
    byte[] gz = read(path);
    String json;
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Object> root = (Map<String, Object>) new Json(json).value();
    List<Case> cases = new ArrayList<>();
    for (Object o : (List<Object>) root.get("cases")) {
      Map<String, Object> c = (Map<String, Object>) o;
      List<Field> fields = new ArrayList<>();
      for (Object h : (List<Object>) c.get("headers")) {
        for (Map.Entry<String, Object> e : ((Map<String, Object>) h).entrySet()) {
          fields.add(new Field(e.getKey(), (String) e.getValue()));
        }
      }
      Object size = c.get("header_table_size");
      Object wire = c.get("wire");
      Object seqno = c.get("seqno");
      cases.add(
          new Case(
              seqno == null ? cases.size() : ((Number) seqno).intValue(),
              size == null ? -1 : ((Number) size).longValue(),
              wire == null ? new byte[0] : HexFormat.of().parseHex((String) wire),
              List.copyOf(fields)));
    }
    return new Story(path, List.copyOf(cases));
  }

  private static byte[] read(String name) {
    try (InputStream in = HpackStories.class.getResourceAsStream("/hpack-test-case/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource hpack-test-case/" + name);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Just enough JSON for the corpus: objects, arrays, strings, numbers, literals. */
  private static final class Json {
    private final String s;
    private int i;

    Json(String s) {
      this.s = s;
    }

    Object value() {
      skipSpace();
      char c = s.charAt(i);
      switch (c) {
        case '{' -> {
          i++;
          Map<String, Object> m = new LinkedHashMap<>();
          skipSpace();
          if (s.charAt(i) == '}') {
            i++;
            return m;
          }
          for (; ; ) {
            skipSpace();
            String key = string();
            skipSpace();
            expect(':');
            m.put(key, value());
            skipSpace();
            if (s.charAt(i++) == '}') {
              return m;
            }
          }
        }
        case '[' -> {
          i++;
          List<Object> l = new ArrayList<>();
          skipSpace();
          if (s.charAt(i) == ']') {
            i++;
            return l;
          }
          for (; ; ) {
            l.add(value());
            skipSpace();
            if (s.charAt(i++) == ']') {
              return l;
            }
          }
        }
        case '"' -> {
          return string();
        }
        default -> {
          int start = i;
          while (i < s.length() && !endsToken(s.charAt(i))) {
            i++;
          }
          String t = s.substring(start, i);
          return switch (t) {
            case "null" -> null;
            case "true" -> true;
            case "false" -> false;
            default -> Long.parseLong(t);
          };
        }
      }
    }

    private static boolean endsToken(char c) {
      return c == ',' || c == '}' || c == ']' || Character.isWhitespace(c);
    }

    private String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      for (; ; ) {
        char c = s.charAt(i++);
        if (c == '"') {
          return b.toString();
        }
        if (c != '\\') {
          b.append(c);
          continue;
        }
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> b.append('\n');
          case 't' -> b.append('\t');
          case 'r' -> b.append('\r');
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'u' -> {
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
          }
          default -> b.append(e);
        }
      }
    }

    private void expect(char c) {
      if (s.charAt(i++) != c) {
        throw new IllegalArgumentException("expected " + c + " at " + (i - 1));
      }
    }

    private void skipSpace() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }
  }
}
