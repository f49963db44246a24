package io.tern.buffer.internal;

import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.common.SystemProperties;
import java.util.Locale;

/** Picks {@link ByteBufAllocator#DEFAULT} from {@code io.tern.buffer.allocator}. */
public final class AllocatorSelection {
  private static final System.Logger LOGGER = System.getLogger(AllocatorSelection.class.getName());

  private AllocatorSelection() {}

  // A new instance, not UnpooledByteBufAllocator.DEFAULT: this runs while ByteBufAllocator is
  // initialised, possibly from inside UnpooledByteBufAllocator's own initialisation.
  private static ByteBufAllocator unpooled() {
    return new UnpooledByteBufAllocator(
        SystemProperties.getBoolean("io.tern.buffer.preferDirect", true));
  }

  public static ByteBufAllocator defaultAllocator() {
    String name =
        SystemProperties.get("io.tern.buffer.allocator", "unpooled").toLowerCase(Locale.ROOT);
    ByteBufAllocator alloc =
        switch (name) {
          case "unpooled" -> unpooled();
          default -> {
            LOGGER.log(
                System.Logger.Level.WARNING,
                "Unknown io.tern.buffer.allocator={0}; using unpooled",
                name);
            yield unpooled();
          }
        };
    LOGGER.log(System.Logger.Level.DEBUG, "io.tern.buffer.allocator: {0}", name);
    return alloc;
  }
}
