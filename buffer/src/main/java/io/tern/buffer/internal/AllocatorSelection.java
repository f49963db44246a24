package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.common.SystemProperties;
import java.util.Locale;

/**
 * Picks {@link ByteBufAllocator#DEFAULT} from {@code io.tern.buffer.allocator}: {@code pooled} (the
 * default, {@link PooledByteBufAllocator#DEFAULT}) or {@code unpooled} ({@link
 * UnpooledByteBufAllocator#DEFAULT}).
 *
 * <p>Class initialization order: {@code ByteBufAllocator} has default methods, so initializing an
 * implementation first initializes {@code ByteBufAllocator}, whose {@code DEFAULT} then reads the
 * implementation's {@code DEFAULT} while that is still null. The pooled allocator therefore takes
 * the instance created here in that case ({@link #earlyPooled()}), so both constants are the same
 * object whichever class is touched first; the stateless unpooled allocator just gets an equivalent
 * instance.
 */
public final class AllocatorSelection {
  private static final System.Logger LOGGER = System.getLogger(AllocatorSelection.class.getName());

  private static PooledByteBufAllocator earlyPooled;

  private AllocatorSelection() {}

  public static ByteBufAllocator defaultAllocator() {
    String name =
        SystemProperties.get("io.tern.buffer.allocator", "pooled").toLowerCase(Locale.ROOT);
    ByteBufAllocator alloc =
        switch (name) {
          case "pooled" -> pooled();
          case "unpooled" -> unpooled();
          default -> {
            LOGGER.log(
                System.Logger.Level.WARNING,
                "Unknown io.tern.buffer.allocator={0}; using pooled",
                name);
            yield pooled();
          }
        };
    LOGGER.log(System.Logger.Level.DEBUG, "io.tern.buffer.allocator: {0}", name);
    return alloc;
  }

  private static boolean preferDirect() {
    return SystemProperties.getBoolean("io.tern.buffer.preferDirect", true);
  }

  private static ByteBufAllocator pooled() {
    PooledByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
    if (alloc == null) {
      // PooledByteBufAllocator's initialization is in progress on this thread (it started ours).
      alloc = new PooledByteBufAllocator(preferDirect());
      earlyPooled = alloc;
    }
    return alloc;
  }

  private static ByteBufAllocator unpooled() {
    UnpooledByteBufAllocator alloc = UnpooledByteBufAllocator.DEFAULT;
    return alloc != null ? alloc : new UnpooledByteBufAllocator(preferDirect());
  }

  /**
   * Returns the pooled allocator made while {@code PooledByteBufAllocator} was being initialized,
   * or null; {@code PooledByteBufAllocator.DEFAULT} adopts it.
   *
   * @return the early instance or null
   */
  public static PooledByteBufAllocator earlyPooled() {
    return earlyPooled;
  }
}
