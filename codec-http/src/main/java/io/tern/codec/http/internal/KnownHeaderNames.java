package io.tern.codec.http.internal;

import io.tern.codec.http.HttpHeaderNames;
import io.tern.common.AsciiString;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@link HttpHeaderNames} constant spelled by some bytes, ignoring case, so a decoder
 * stores the shared constant (with its cached hash) instead of a new string per header. Buckets are
 * indexed by length and lower-cased first letter; a miss costs one array load.
 */
public final class KnownHeaderNames {
  private static final int MAX_LENGTH = 48;
  private static final AsciiString[][][] TABLE = new AsciiString[MAX_LENGTH + 1][32][];

  static {
    List<List<List<AsciiString>>> build = new ArrayList<>();
    for (int len = 0; len <= MAX_LENGTH; len++) {
      List<List<AsciiString>> byLetter = new ArrayList<>();
      for (int c = 0; c < 32; c++) {
        byLetter.add(new ArrayList<>());
      }
      build.add(byLetter);
    }
    for (Field f : HttpHeaderNames.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == AsciiString.class) {
        AsciiString name;
        try {
          name = (AsciiString) f.get(null);
        } catch (IllegalAccessException e) {
          throw new ExceptionInInitializerError(e);
        }
        if (name.length() <= MAX_LENGTH) {
          build.get(name.length()).get(name.byteAt(0) & 31).add(name);
        }
      }
    }
    for (int len = 0; len <= MAX_LENGTH; len++) {
      for (int c = 0; c < 32; c++) {
        List<AsciiString> names = build.get(len).get(c);
        if (!names.isEmpty()) {
          TABLE[len][c] = names.toArray(new AsciiString[0]);
        }
      }
    }
  }

  private KnownHeaderNames() {}

  /**
   * Returns the constant spelled by {@code b[off, off + len)} in any case.
   *
   * @return the constant, or {@code null} for an unknown name
   */
  public static AsciiString lookup(byte[] b, int off, int len) {
    if (len == 0 || len > MAX_LENGTH) {
      return null;
    }
    AsciiString[] candidates = TABLE[len][b[off] & 31];
    if (candidates == null) {
      return null;
    }
    for (AsciiString name : candidates) {
      if (equalsIgnoreCase(name, b, off, len)) {
        return name;
      }
    }
    return null;
  }

  /**
   * Returns whether {@code name} is one of the {@link HttpHeaderNames} constants itself (the same
   * instance, not an equal string): such a name is a valid token by construction and needs no check
   * when it is set.
   *
   * @param name a name
   * @return {@code true} for a constant
   */
  public static boolean isConstant(AsciiString name) {
    int len = name.length();
    if (len == 0 || len > MAX_LENGTH) {
      return false;
    }
    AsciiString[] candidates = TABLE[len][name.byteAt(0) & 31];
    if (candidates != null) {
      for (AsciiString constant : candidates) {
        if (constant == name) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean equalsIgnoreCase(AsciiString lower, byte[] b, int off, int len) {
    byte[] n = lower.array();
    int o = lower.arrayOffset();
    for (int i = 0; i < len; i++) {
      int c = b[off + i];
      if (c >= 'A' && c <= 'Z') {
        c += 32;
      }
      if (c != n[o + i]) {
        return false;
      }
    }
    return true;
  }
}
