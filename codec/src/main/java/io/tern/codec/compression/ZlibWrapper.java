package io.tern.codec.compression;

/**
 * The container around deflate-compressed data.
 *
 * <h2>Threading</h2>
 *
 * Immutable, shared.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum ZlibWrapper {
  /** RFC 1950: a 2-byte header and an Adler-32 trailer. */
  ZLIB,
  /** RFC 1952: a gzip header and a CRC-32 and size trailer. */
  GZIP,
  /** RFC 1951 raw deflate, no header or trailer. */
  NONE,
  /** For decoding only: zlib if the input starts with a zlib header, raw deflate otherwise. */
  ZLIB_OR_NONE
}
