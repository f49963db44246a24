package io.tern.transport.channel;

import io.tern.common.ReferenceCounted;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;

/**
 * A region of a file written to a channel without copying it through the JVM (zero-copy: {@code
 * FileChannel.transferTo}, {@code sendfile}). Write it like a buffer: {@code ch.writeAndFlush(new
 * DefaultFileRegion(path, 0, size))}; the channel releases it once written or failed.
 *
 * <h2>Threading</h2>
 *
 * <p>The transport uses a region on its event loop; {@link #transferred()} may be read from
 * anywhere.
 *
 * <h2>Ownership</h2>
 *
 * <p>Reference counted: the holder releases it, and writing it hands it to the channel, which
 * releases it once written or failed; the last release closes the file.
 */
public interface FileRegion extends ReferenceCounted {

  /**
   * Returns where the region starts in the file.
   *
   * @return the file position
   */
  long position();

  /**
   * Returns the region's length.
   *
   * @return bytes
   */
  long count();

  /**
   * Returns how many bytes have been transferred so far.
   *
   * @return bytes, from 0 to {@link #count()}
   */
  long transferred();

  /**
   * Transfers bytes of the region to {@code target}, starting {@code position} bytes into the
   * region, as far as the target takes them without blocking.
   *
   * @param target the destination
   * @param position the offset in the region (usually {@link #transferred()})
   * @return bytes transferred by this call, 0 if the target is full
   * @throws IOException if the file or the target fails, or the file is shorter than the region
   */
  long transferTo(WritableByteChannel target, long position) throws IOException;

  @Override
  FileRegion retain();

  @Override
  FileRegion retain(int increment);

  @Override
  FileRegion touch();

  @Override
  FileRegion touch(Object hint);
}
