/**
 * Compression codecs: zlib, gzip and raw deflate on the JDK's {@link java.util.zip.Inflater} and
 * {@link java.util.zip.Deflater} ({@link io.tern.codec.compression.ZlibDecoder}, {@link
 * io.tern.codec.compression.ZlibEncoder}); the Snappy framing format, zstd and the LZ4 frame format
 * through aircompressor ({@link io.tern.codec.compression.SnappyFrameDecoder}, {@link
 * io.tern.codec.compression.ZstdDecoder}, {@link io.tern.codec.compression.Lz4FrameDecoder} and
 * their encoders); brotli decoding through Google's {@code org.brotli:dec} ({@link
 * io.tern.codec.compression.BrotliDecoder}). Those libraries are optional dependencies the
 * application adds; a codec built without its library raises an {@link
 * java.lang.IllegalStateException} naming it.
 *
 * <p>Streaming zstd and brotli through the system's own libraries, bound with FFM ({@code libzstd},
 * {@code libbrotlienc}, {@code libbrotlidec}; nothing bundled, no JNI): {@link
 * io.tern.codec.compression.NativeZstdEncoder}, {@link
 * io.tern.codec.compression.NativeZstdDecoder}, {@link io.tern.codec.compression.BrotliEncoder} and
 * {@link io.tern.codec.compression.NativeBrotliDecoder}. Each probes its library at first use
 * ({@code isAvailable()}); building one where the library is missing raises a {@link
 * io.tern.codec.compression.NativeLibraryUnavailableException} naming the library and its package.
 *
 * <p>Every decoder enforces {@link io.tern.codec.compression.DecompressionLimits}: a maximum number
 * of decompressed bytes per compressed stream and a maximum expansion ratio, so a small input
 * cannot make it allocate without bound (a decompression bomb). Exceeding a limit raises a {@link
 * io.tern.codec.compression.DecompressionLimitException} before the offending bytes are passed on;
 * corrupt input raises a {@link io.tern.codec.compression.DecompressionException}. After either,
 * the decoder drops the rest of the stream and releases what it holds.
 *
 * <p>Threading: each handler runs on its channel's event loop and keeps per-channel state (and
 * native zlib, zstd or brotli memory, freed when the handler is removed): one instance per channel.
 */
package io.tern.codec.compression;
