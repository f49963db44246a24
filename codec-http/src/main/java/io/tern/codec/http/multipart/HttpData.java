package io.tern.codec.http.multipart;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCounted;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;

/**
 * One field of a POST body, decoded: an {@link Attribute} (a form field) or a {@link FileUpload}.
 * Its bytes live in memory, in a temporary file, or first in memory and then in a file once they
 * pass a threshold, as its {@link HttpDataFactory} says.
 *
 * <h2>Threading</h2>
 *
 * A field is written by its decoder on one thread; once {@linkplain #isCompleted() completed} it
 * may be read from any thread that received it safely (for example through a queue). Reference
 * counting is thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * The decoder that created a field holds one reference to it and releases it in {@link
 * HttpPostRequestDecoder#destroy()}. When the last reference goes, the bytes are dropped and the
 * temporary file is deleted, unless {@link #renameTo(Path)} moved it out. To keep a field after
 * {@code destroy()}, {@link #retain()} it and release it later. Every accessor throws {@link
 * io.tern.common.IllegalReferenceCountException} once the field has been released.
 */
public interface HttpData extends ReferenceCounted {
  /** What a field is. */
  enum Kind {
    /** A form field: {@link Attribute}. */
    ATTRIBUTE,
    /** A file: {@link FileUpload}. */
    FILE_UPLOAD
  }

  /**
   * Returns the field name.
   *
   * @return the {@code name} of the form field
   */
  String name();

  /**
   * Returns what the field is.
   *
   * @return {@link Kind#ATTRIBUTE} or {@link Kind#FILE_UPLOAD}
   */
  Kind kind();

  /**
   * Returns whether all bytes of the field have been decoded.
   *
   * @return {@code true} once the field's delimiter (or the end of the body) was seen
   */
  boolean isCompleted();

  /**
   * Returns the number of bytes decoded so far.
   *
   * @return the length
   */
  long length();

  /**
   * Returns the charset of the field's text.
   *
   * @return the charset from the part's {@code Content-Type}, or the decoder's default
   */
  Charset charset();

  /**
   * Returns whether the bytes are held in memory.
   *
   * @return {@code true} if in memory, {@code false} if in a file
   */
  boolean isInMemory();

  /**
   * Returns a copy of the bytes (read from the file if they are on disk).
   *
   * @return the bytes
   * @throws IOException if reading the file fails
   */
  byte[] bytes() throws IOException;

  /**
   * Returns the bytes in a new buffer.
   *
   * @return a buffer the caller owns and releases
   * @throws IOException if reading the file fails
   */
  ByteBuf content() throws IOException;

  /**
   * Returns the bytes as text in {@link #charset()}.
   *
   * @return the text
   * @throws IOException if reading the file fails
   */
  String string() throws IOException;

  /**
   * Returns the bytes as text.
   *
   * @param charset the charset
   * @return the text
   * @throws IOException if reading the file fails
   */
  String string(Charset charset) throws IOException;

  /**
   * Returns the file holding the bytes.
   *
   * @return the file, or {@code null} while the bytes are in memory
   */
  Path file();

  /**
   * Moves the bytes of a completed field to {@code target} (replacing it): a rename when they are
   * on disk (a copy across file systems), a write when they are in memory. The target belongs to
   * the caller: releasing the field no longer deletes it. The field then reads from the target.
   *
   * @param target where the bytes go
   * @throws IOException if moving or writing fails
   * @throws IllegalStateException if the field is not completed
   */
  void renameTo(Path target) throws IOException;

  @Override
  HttpData retain();

  @Override
  HttpData retain(int increment);

  @Override
  HttpData touch();

  @Override
  HttpData touch(Object hint);
}
