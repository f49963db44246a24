package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Domain names between presentation form ({@code "www.example.org."}, with {@code \.}, {@code \\}
 * and {@code \DDD} escapes for other bytes) and wire form, with compression on write and loop-safe
 * decompression on read.
 */
final class DnsNames {
  static final int MAX_NAME_LENGTH = 255;
  static final int MAX_LABEL_LENGTH = 63;

  /** Compression pointers reach offsets below 2^14 only. */
  private static final int MAX_POINTER_OFFSET = 0x3FFF;

  private DnsNames() {}

  static void checkU16(int value, String what) {
    if (value < 0 || value > 0xFFFF) {
      throw new IllegalArgumentException(what + " out of range: " + value);
    }
  }

  static void checkTtl(long ttl) {
    if (ttl < 0 || ttl > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("TTL out of range: " + ttl);
    }
  }

  /** Adds the final dot a relative-looking name lacks. */
  static String absolute(String name) {
    if (name.isEmpty()) {
      return ".";
    }
    if (name.endsWith(".") && !name.endsWith("\\.")) {
      return name;
    }
    if (name.endsWith("\\.")) {
      // An escaped dot at the end is data; a name ending in "\\." has an escaped backslash.
      int backslashes = 0;
      for (int i = name.length() - 2; i >= 0 && name.charAt(i) == '\\'; i--) {
        backslashes++;
      }
      if (backslashes % 2 == 0) {
        return name;
      }
    }
    return name + '.';
  }

  /**
   * Reads the name at the reader index of {@code buf} and moves the index past it (past its first
   * pointer if it has one). {@code messageStart} is the buffer index of the message's first byte,
   * which pointers count from. Every pointer must point strictly before the run of labels that
   * contains it, so the walk ends; the number of pointers is bounded too.
   */
  static String read(ByteBuf buf, int messageStart, DnsLimits limits) {
    int end = -1;
    int pos = buf.readerIndex();
    int runStart = pos;
    int limit = buf.writerIndex();
    int jumps = 0;
    int wireLength = 1;
    StringBuilder sb = null;
    for (; ; ) {
      if (pos >= limit) {
        throw new DnsDecoderException("name cut short");
      }
      int len = buf.getUnsignedByte(pos);
      if (len == 0) {
        if (end < 0) {
          end = pos + 1;
        }
        break;
      }
      int kind = len & 0xC0;
      if (kind == 0xC0) {
        if (pos + 1 >= limit) {
          throw new DnsDecoderException("compression pointer cut short");
        }
        int target = messageStart + (((len & 0x3F) << 8) | buf.getUnsignedByte(pos + 1));
        if (end < 0) {
          end = pos + 2;
        }
        if (target >= runStart) {
          throw new DnsDecoderException("compression pointer does not point back");
        }
        if (++jumps > limits.maxCompressionPointers()) {
          throw new DnsDecoderException(
              "more than " + limits.maxCompressionPointers() + " compression pointers in a name");
        }
        pos = target;
        runStart = target;
        continue;
      }
      if (kind != 0) {
        throw new DnsDecoderException("unknown label type 0x" + Integer.toHexString(kind));
      }
      wireLength += len + 1;
      if (wireLength > MAX_NAME_LENGTH) {
        throw new DnsDecoderException("name longer than 255 bytes");
      }
      if (pos + 1 + len > limit) {
        throw new DnsDecoderException("label cut short");
      }
      if (sb == null) {
        sb = new StringBuilder(64);
      }
      appendLabel(sb, buf, pos + 1, len);
      sb.append('.');
      pos += 1 + len;
    }
    buf.readerIndex(end);
    return sb == null ? "." : sb.toString();
  }

  private static void appendLabel(StringBuilder sb, ByteBuf buf, int from, int len) {
    for (int i = from; i < from + len; i++) {
      int b = buf.getUnsignedByte(i);
      if (b == '.' || b == '\\') {
        sb.append('\\').append((char) b);
      } else if (b > 0x20 && b < 0x7F) {
        sb.append((char) b);
      } else {
        sb.append('\\')
            .append((char) ('0' + b / 100))
            .append((char) ('0' + b / 10 % 10))
            .append((char) ('0' + b % 10));
      }
    }
  }

  /** The wire form (labels and the final zero) of a presentation-form name. */
  static byte[] toWire(String name) {
    byte[] out = new byte[Math.min(MAX_NAME_LENGTH, name.length() + 2)];
    if (name.equals(".") || name.isEmpty()) {
      return new byte[] {0};
    }
    int o = 0;
    int labelStart = 0;
    int i = 0;
    int n = name.length();
    out[o++] = 0; // length of the first label, set when it ends
    while (i < n) {
      char c = name.charAt(i++);
      int b;
      if (c == '.') {
        int len = o - labelStart - 1;
        if (len == 0) {
          throw new IllegalArgumentException("empty label in " + name);
        }
        out[labelStart] = (byte) len;
        labelStart = o;
        if (i == n) {
          break;
        }
        if (o >= out.length) {
          throw new IllegalArgumentException("name longer than 255 bytes: " + name);
        }
        out[o++] = 0;
        continue;
      }
      if (c == '\\') {
        if (i >= n) {
          throw new IllegalArgumentException("dangling escape in " + name);
        }
        char d = name.charAt(i);
        if (d >= '0' && d <= '9') {
          if (i + 3 > n) {
            throw new IllegalArgumentException("short \\DDD escape in " + name);
          }
          b = Integer.parseInt(name, i, i + 3, 10);
          if (b > 255) {
            throw new IllegalArgumentException("\\DDD escape above 255 in " + name);
          }
          i += 3;
        } else {
          b = d;
          i++;
        }
      } else {
        b = c;
      }
      if (b > 0xFF) {
        throw new IllegalArgumentException("not an ASCII name (use the A-label form): " + name);
      }
      if (o - labelStart - 1 >= MAX_LABEL_LENGTH) {
        throw new IllegalArgumentException("label longer than 63 bytes in " + name);
      }
      if (o >= out.length) {
        throw new IllegalArgumentException("name longer than 255 bytes: " + name);
      }
      out[o++] = (byte) b;
    }
    if (labelStart != o) {
      // The name did not end with a dot: close the last label.
      int len = o - labelStart - 1;
      out[labelStart] = (byte) len;
      if (o >= out.length) {
        throw new IllegalArgumentException("name longer than 255 bytes: " + name);
      }
      labelStart = o;
    }
    if (o + 1 > MAX_NAME_LENGTH || o >= out.length) {
      throw new IllegalArgumentException("name longer than 255 bytes: " + name);
    }
    out[o++] = 0;
    return o == out.length ? out : Arrays.copyOf(out, o);
  }

  /**
   * Writes a name, pointing to an earlier copy of its longest known suffix when {@code table} is
   * not null, and recording its own suffixes there. Suffixes match byte for byte: names compare
   * without case in DNS, but a pointer to a differently-cased copy would change the case the reader
   * sees.
   */
  static void write(ByteBuf out, String name, int messageStart, Map<String, Integer> table) {
    byte[] wire = toWire(name);
    if (table == null) {
      out.writeBytes(wire);
      return;
    }
    int base = out.writerIndex() - messageStart;
    for (int i = 0; wire[i] != 0; i += (wire[i] & 0xFF) + 1) {
      String key = suffixKey(wire, i);
      Integer earlier = table.get(key);
      if (earlier != null) {
        out.writeBytes(wire, 0, i);
        out.writeShort(0xC000 | earlier);
        return;
      }
      if (base + i <= MAX_POINTER_OFFSET) {
        table.put(key, base + i);
      }
    }
    out.writeBytes(wire);
  }

  private static String suffixKey(byte[] wire, int from) {
    return new String(wire, from, wire.length - 1 - from, StandardCharsets.ISO_8859_1);
  }
}
