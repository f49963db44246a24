package io.tern.transport.linux;

import io.tern.common.SystemProperties;

/**
 * How an {@link IoUringIoHandler} sets up its ring, and which optional kernel features it may use.
 * A feature is used only when both allowed here and {@linkplain IoUring probed}; tests turn
 * features off to exercise the fallbacks.
 *
 * @param ringSize SQ entries
 * @param cqSize CQ entries
 * @param singleIssuer allow {@code IORING_SETUP_SINGLE_ISSUER}
 * @param deferTaskrun allow {@code IORING_SETUP_DEFER_TASKRUN}
 * @param registeredRing allow {@code IORING_REGISTER_RING_FDS}
 * @param bufferRings allow provided buffer rings
 * @param multishot allow multishot accept and receive
 * @param bufferRingEntries buffers per ring (a power of two)
 * @param bufferSize bytes per provided buffer
 */
record IoUringSettings(
    int ringSize,
    int cqSize,
    boolean singleIssuer,
    boolean deferTaskrun,
    boolean registeredRing,
    boolean bufferRings,
    boolean multishot,
    int bufferRingEntries,
    int bufferSize) {

  /**
   * Settings from system properties: {@code io.tern.transport.linux.ioUring.ringSize} (default
   * 4096), {@code io.tern.transport.linux.ioUring.cqSize} (default twice the ring size), {@code
   * io.tern.transport.linux.ioUring.bufferRingEntries} (default 256) and {@code
   * io.tern.transport.linux.ioUring.bufferSize} (default 4096); every feature allowed.
   */
  static IoUringSettings fromProperties() {
    int ring = SystemProperties.getInt("io.tern.transport.linux.ioUring.ringSize", 4096);
    int cq = SystemProperties.getInt("io.tern.transport.linux.ioUring.cqSize", 2 * ring);
    int entries = SystemProperties.getInt("io.tern.transport.linux.ioUring.bufferRingEntries", 256);
    int size = SystemProperties.getInt("io.tern.transport.linux.ioUring.bufferSize", 4096);
    return new IoUringSettings(ring, cq, true, true, true, true, true, entries, size);
  }

  IoUringSettings withRingSize(int ring, int cq) {
    return new IoUringSettings(
        ring,
        cq,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        multishot,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withSingleIssuer(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        on,
        deferTaskrun && on,
        registeredRing,
        bufferRings,
        multishot,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withDeferTaskrun(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        on,
        registeredRing,
        bufferRings,
        multishot,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withRegisteredRing(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        on,
        bufferRings,
        multishot,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withBufferRings(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        on,
        multishot,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withMultishot(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        on,
        bufferRingEntries,
        bufferSize);
  }

  IoUringSettings withBufferRing(int entries, int size) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        multishot,
        entries,
        size);
  }
}
