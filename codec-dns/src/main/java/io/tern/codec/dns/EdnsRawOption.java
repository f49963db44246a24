package io.tern.codec.dns;

import java.util.Objects;

/**
 * An EDNS0 option kept as code and bytes.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param code the option code
 * @param data the option data
 */
public record EdnsRawOption(int code, DnsBytes data) implements EdnsOption {
  /** Checks the fields. */
  public EdnsRawOption {
    DnsNames.checkU16(code, "option code");
    Objects.requireNonNull(data, "data");
    if (data.length() > 0xFFFF) {
      throw new IllegalArgumentException("option data too long");
    }
  }
}
