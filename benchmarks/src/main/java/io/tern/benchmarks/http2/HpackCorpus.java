package io.tern.benchmarks.http2;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The hpack-test-case stories the HPACK twins run over (MIT licence; the build copies {@code
 * raw-data} and {@code nghttp2} from {@code codec-http2}'s test resources into this module's
 * classes, so a clean clone needs nothing else): header lists of real browsing sessions, and the
 * blocks nghttp2 encoded them to. Each story is a sequence of blocks sharing one compression
 * context. Only the fields the benchmarks need are read, with a scanner that knows the corpus's
 * minified JSON shape ({@code
 * {"cases":[{"seqno":0,"wire":"..","headers":[{"name":"value"},..]},..]}}).
 */
final class HpackCorpus {
  /** One block: its fields, the encoded bytes (empty in {@code raw-data}), a table size change. */
  @SuppressWarnings("ArrayRecordComponent") // read-only corpus data, never compared or hashed
  record Block(String[] names, String[] values, byte[] wire, long headerTableSize) {}

  private HpackCorpus() {}

  /**
   * Loads every story of one implementation folder, in index order.
   *
   * @param implementation {@code raw-data} or {@code nghttp2}
   * @return the stories, each a list of blocks
   */
  static List<List<Block>> load(String implementation) {
    String index = new String(read("index.txt"), StandardCharsets.US_ASCII);
    List<List<Block>> stories = new ArrayList<>();
    for (String path : index.lines().toList()) {
      if (path.startsWith(implementation + "/")) {
        stories.add(story(path));
      }
    }
    if (stories.isEmpty()) {
      throw new IllegalStateException("no hpack-test-case stories for " + implementation);
    }
    return stories;
  }

  private static List<Block> story(String path) {
    String json;
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(read(path)))) {
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Scanner s = new Scanner(json);
    List<Block> blocks = new ArrayList<>();
    s.expect('{');
    while (true) {
      String key = s.string();
      s.expect(':');
      if (key.equals("cases")) {
        s.expect('[');
        if (!s.tryConsume(']')) {
          do {
            blocks.add(block(s));
          } while (s.tryConsume(','));
          s.expect(']');
        }
      } else {
        s.skipValue();
      }
      if (!s.tryConsume(',')) {
        break;
      }
    }
    return blocks;
  }

  private static Block block(Scanner s) {
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    byte[] wire = new byte[0];
    long tableSize = -1;
    s.expect('{');
    do {
      String key = s.string();
      s.expect(':');
      switch (key) {
        case "wire" -> wire = HexFormat.of().parseHex(s.string());
        case "header_table_size" -> tableSize = s.number();
        case "headers" -> {
          s.expect('[');
          if (!s.tryConsume(']')) {
            do {
              s.expect('{');
              names.add(s.string());
              s.expect(':');
              values.add(s.string());
              s.expect('}');
            } while (s.tryConsume(','));
            s.expect(']');
          }
        }
        default -> s.skipValue();
      }
    } while (s.tryConsume(','));
    s.expect('}');
    return new Block(names.toArray(new String[0]), values.toArray(new String[0]), wire, tableSize);
  }

  private static byte[] read(String name) {
    try (InputStream in = HpackCorpus.class.getResourceAsStream("/hpack-test-case/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource hpack-test-case/" + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads the minified JSON of one story: strings, numbers, and values to skip. */
  private static final class Scanner {
    private final String s;
    private int i;

    Scanner(String s) {
      this.s = s;
    }

    private void space() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
        i++;
      }
    }

    void expect(char c) {
      space();
      if (s.charAt(i++) != c) {
        throw new IllegalArgumentException("expected " + c + " at " + (i - 1));
      }
    }

    boolean tryConsume(char c) {
      space();
      if (i < s.length() && s.charAt(i) == c) {
        i++;
        return true;
      }
      return false;
    }

    String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (true) {
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

    long number() {
      space();
      int start = i;
      while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '-')) {
        i++;
      }
      return Long.parseLong(s.substring(start, i));
    }

    /** Skips a string, number, literal, object or array. */
    void skipValue() {
      space();
      char c = s.charAt(i);
      if (c == '"') {
        string();
      } else if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        i++;
        if (tryConsume(close)) {
          return;
        }
        do {
          if (c == '{') {
            string();
            expect(':');
          }
          skipValue();
        } while (tryConsume(','));
        expect(close);
      } else {
        while (i < s.length() && ",}] \n\r\t".indexOf(s.charAt(i)) < 0) {
          i++;
        }
      }
    }
  }
}
