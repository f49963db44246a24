package io.tern.codec.redis.internal;

import io.tern.codec.redis.RedisCodecException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an inline command line into arguments the way Redis does: separators are spaces and tabs;
 * {@code "..."} groups an argument with C-like escapes ({@code \"}, {@code \\}, {@code \n}, {@code
 * \r}, {@code \t}, {@code \b}, {@code \a}, {@code \xHH}); {@code '...'} groups one literally except
 * {@code \'}. A closing quote must be followed by a separator or the end of the line.
 */
public final class InlineArguments {
  private InlineArguments() {}

  /**
   * Splits {@code line}.
   *
   * @param line the command line without CR LF
   * @return the arguments, possibly none
   * @throws RedisCodecException for an unclosed quote or a quote followed by a non-separator
   */
  public static List<String> split(String line) {
    List<String> args = new ArrayList<>();
    int i = 0;
    int n = line.length();
    while (true) {
      while (i < n && isSpace(line.charAt(i))) {
        i++;
      }
      if (i == n) {
        return args;
      }
      StringBuilder arg = new StringBuilder();
      char c = line.charAt(i);
      if (c == '"') {
        i = doubleQuoted(line, i + 1, arg);
      } else if (c == '\'') {
        i = singleQuoted(line, i + 1, arg);
      } else {
        while (i < n && !isSpace(line.charAt(i))) {
          arg.append(line.charAt(i++));
        }
      }
      args.add(arg.toString());
    }
  }

  private static int doubleQuoted(String line, int i, StringBuilder arg) {
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '"') {
        return afterQuote(line, i + 1);
      }
      if (c == '\\' && i + 1 < n) {
        char e = line.charAt(i + 1);
        if (e == 'x' && i + 3 < n && hex(line.charAt(i + 2)) >= 0 && hex(line.charAt(i + 3)) >= 0) {
          arg.append((char) (hex(line.charAt(i + 2)) * 16 + hex(line.charAt(i + 3))));
          i += 4;
          continue;
        }
        arg.append(
            switch (e) {
              case 'n' -> '\n';
              case 'r' -> '\r';
              case 't' -> '\t';
              case 'b' -> '\b';
              case 'a' -> (char) 7;
              default -> e;
            });
        i += 2;
        continue;
      }
      arg.append(c);
      i++;
    }
    throw new RedisCodecException("unbalanced quotes in inline command");
  }

  private static int singleQuoted(String line, int i, StringBuilder arg) {
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '\'') {
        return afterQuote(line, i + 1);
      }
      if (c == '\\' && i + 1 < n && line.charAt(i + 1) == '\'') {
        arg.append('\'');
        i += 2;
        continue;
      }
      arg.append(c);
      i++;
    }
    throw new RedisCodecException("unbalanced quotes in inline command");
  }

  private static int afterQuote(String line, int i) {
    if (i < line.length() && !isSpace(line.charAt(i))) {
      throw new RedisCodecException("unbalanced quotes in inline command");
    }
    return i;
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t';
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }
}
