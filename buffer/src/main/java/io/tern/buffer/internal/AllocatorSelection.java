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
 */
public final class AllocatorSelection {
  private static final System.Logger LOGGER = System.getLogger(AllocatorSelection.class.getName());

  private AllocatorSelection() {}

  public static ByteBufAllocator defaultAllocator() {
    String name =
        SystemProperties.get("io.tern.buffer.allocator", "pooled").toLowerCase(Locale.ROOT);
    ByteBufAllocator alloc =
        switch (name) {
          case "pooled" -> PooledByteBufAllocator.DEFAULT;
          case "unpooled" -> UnpooledByteBufAllocator.DEFAULT;
          default -> {
            LOGGER.log(
                System.Logger.Level.WARNING,
                "Unknown io.tern.buffer.allocator={0}; using pooled",
                name);
            yield PooledByteBufAllocator.DEFAULT;
          }
        };
    LOGGER.log(System.Logger.Level.DEBUG, "io.tern.buffer.allocator: {0}", name);
    return alloc;
  }
}
