package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;

/**
 * Appends newly read bytes to the bytes a {@link ByteToMessageDecoder} holds but has not decoded
 * yet (its cumulation).
 *
 * <h2>Threading</h2>
 *
 * Called on the decoder's event loop. The two implementations here are stateless and shared.
 *
 * <h2>Ownership</h2>
 *
 * {@link #cumulate} takes over both buffers. It returns the buffer that holds the cumulation from
 * now on (which may be {@code cumulation}, {@code in} or a new buffer) and releases every input it
 * does not return, also when it throws.
 */
@FunctionalInterface
public interface Cumulator {

  /**
   * Copies new bytes into one contiguous buffer, growing or replacing it as needed. Decoders read a
   * single buffer, which is what most protocols scan fastest. It never writes into a cumulation
   * someone else still references (its reference count is above 1, e.g. a retained slice handed
   * downstream): it copies into a new buffer instead. The default.
   */
  Cumulator MERGE = new MergeCumulator();

  /**
   * Adds new buffers as components of a {@link io.tern.buffer.CompositeByteBuf} instead of copying
   * them. Pays off when frames are large and arrive in many reads; costs more per access for
   * decoders that read the cumulation byte by byte or in small primitives.
   */
  Cumulator COMPOSITE = new CompositeCumulator();

  /**
   * Appends the readable bytes of {@code in} to {@code cumulation}.
   *
   * @param alloc the channel's allocator, for a new or bigger buffer
   * @param cumulation the bytes held so far; owned by this call
   * @param in the bytes just read; owned by this call
   * @return the new cumulation, owned by the decoder
   */
  ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in);
}
