package io.tern.buffer.internal;

import io.tern.buffer.ByteBuf;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.ResourceLeakTracker;

/**
 * Leak tracking for buffers: allocators pass each new buffer through {@link #track(ByteBuf)}, which
 * returns a leak-aware wrapper when the detector samples it.
 */
public final class LeakAware {
  private static final ResourceLeakDetector<ByteBuf> DETECTOR =
      ResourceLeakDetector.newDetector(ByteBuf.class);

  static {
    ResourceLeakDetector.addExclusions(
        LeakAwareByteBuf.class, "recordAccess", "retain", "release", "touch");
  }

  private LeakAware() {}

  /**
   * Returns {@code buf} or a leak-aware wrapper of it; ownership passes to the result.
   *
   * @param buf a buffer just allocated
   * @return the buffer to hand out
   */
  public static ByteBuf track(ByteBuf buf) {
    ResourceLeakTracker<ByteBuf> tracker = DETECTOR.track(buf);
    if (tracker == null) {
      return buf;
    }
    boolean advanced =
        ResourceLeakDetector.level().compareTo(ResourceLeakDetector.Level.ADVANCED) >= 0;
    return new LeakAwareByteBuf(buf, tracker, advanced);
  }

  /**
   * Starts tracking a buffer that tracks itself (a composite, which must keep its own type).
   *
   * @param buf the buffer
   * @return its tracker, or {@code null} if not sampled
   */
  public static ResourceLeakTracker<ByteBuf> trackSelf(ByteBuf buf) {
    return DETECTOR.track(buf);
  }
}
