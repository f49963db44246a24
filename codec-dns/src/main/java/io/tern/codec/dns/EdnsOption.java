package io.tern.codec.dns;

/**
 * An EDNS0 option: the client subnet decoded, any other as bytes.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public sealed interface EdnsOption permits EdnsClientSubnetOption, EdnsRawOption {
  /**
   * Returns the option code.
   *
   * @return 0 to 65535
   */
  int code();
}
