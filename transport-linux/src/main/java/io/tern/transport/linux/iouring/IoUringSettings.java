package io.tern.transport.linux.iouring;

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
 * @param incrementalBuffers allow incrementally consumed provided buffers ({@code
 *     IOU_PBUF_RING_INC}, 6.12)
 * @param multishot allow multishot accept and receive
 * @param bufferRingEntries buffers per ring (a power of two); 0 for the default of the ring's mode
 *     ({@link #entriesFor})
 * @param bufferSize bytes per provided buffer; 0 for the default of the ring's mode ({@link
 *     #sizeFor})
 * @param sendZcThreshold bytes from which one write goes as a zero-copy {@code SEND_ZC}/{@code
 *     SENDMSG_ZC} when the kernel has it; -1 never
 * @param fixedFiles allow a registered (fixed) file table: each stream channel's socket takes a
 *     slot and its requests name the slot ({@code IOSQE_FIXED_FILE})
 * @param fixedFileSlots slots in each loop's table (fewer when {@code RLIMIT_NOFILE} is lower); a
 *     channel finding the table full uses its plain descriptor
 */
record IoUringSettings(
    int ringSize,
    int cqSize,
    boolean singleIssuer,
    boolean deferTaskrun,
    boolean registeredRing,
    boolean bufferRings,
    boolean incrementalBuffers,
    boolean multishot,
    int bufferRingEntries,
    int bufferSize,
    int sendZcThreshold,
    boolean fixedFiles,
    int fixedFileSlots) {

  /** Default {@link #sendZcThreshold()}. */
  static final int DEFAULT_SEND_ZC_THRESHOLD = -1;

  /** Default {@link #fixedFiles()}. */
  static final boolean DEFAULT_FIXED_FILES = false;

  /** Default {@link #fixedFileSlots()}. */
  static final int DEFAULT_FIXED_FILE_SLOTS = 4096;

  /**
   * Settings from system properties: {@code io.tern.transport.linux.ioUring.ringSize} (default
   * 4096), {@code io.tern.transport.linux.ioUring.cqSize} (default twice the ring size), {@code
   * io.tern.transport.linux.ioUring.bufferRingEntries} and {@code
   * io.tern.transport.linux.ioUring.bufferSize} (defaults: 64 buffers of 64 KiB when the kernel
   * consumes them incrementally, else 256 of 4 KiB), {@code
   * io.tern.transport.linux.ioUring.incrementalBuffers} (default {@code true}: use them where the
   * kernel has them), {@code io.tern.transport.linux.ioUring.sendZcThreshold} (default -1, off; a
   * byte count turns zero-copy sends on from that size), and {@code
   * io.tern.transport.linux.ioUring.bufferRings}, {@code io.tern.transport.linux.ioUring.multishot}
   * and {@code io.tern.transport.linux.ioUring.deferTaskrun} (default {@code true}; {@code false}
   * turns the feature off, to compare configurations without a rebuild), {@code
   * io.tern.transport.linux.ioUring.fixedFiles} (default {@link #DEFAULT_FIXED_FILES}) and {@code
   * io.tern.transport.linux.ioUring.fixedFileSlots} (default {@link #DEFAULT_FIXED_FILE_SLOTS}).
   */
  static IoUringSettings fromProperties() {
    int ring = SystemProperties.getInt("io.tern.transport.linux.ioUring.ringSize", 4096);
    int cq = SystemProperties.getInt("io.tern.transport.linux.ioUring.cqSize", 2 * ring);
    int entries = SystemProperties.getInt("io.tern.transport.linux.ioUring.bufferRingEntries", 0);
    int size = SystemProperties.getInt("io.tern.transport.linux.ioUring.bufferSize", 0);
    boolean incremental =
        SystemProperties.getBoolean("io.tern.transport.linux.ioUring.incrementalBuffers", true);
    int zc =
        SystemProperties.getInt(
            "io.tern.transport.linux.ioUring.sendZcThreshold", DEFAULT_SEND_ZC_THRESHOLD);
    boolean rings =
        SystemProperties.getBoolean("io.tern.transport.linux.ioUring.bufferRings", true);
    boolean multishot =
        SystemProperties.getBoolean("io.tern.transport.linux.ioUring.multishot", true);
    boolean defer =
        SystemProperties.getBoolean("io.tern.transport.linux.ioUring.deferTaskrun", true);
    boolean fixed =
        SystemProperties.getBoolean(
            "io.tern.transport.linux.ioUring.fixedFiles", DEFAULT_FIXED_FILES);
    int slots =
        SystemProperties.getInt(
            "io.tern.transport.linux.ioUring.fixedFileSlots", DEFAULT_FIXED_FILE_SLOTS);
    return new IoUringSettings(
        ring,
        cq,
        true,
        defer,
        true,
        rings,
        incremental,
        multishot,
        entries,
        size,
        zc,
        fixed,
        slots);
  }

  /**
   * Returns the buffers per provided ring.
   *
   * @param incremental whether the ring consumes its buffers incrementally
   * @return {@link #bufferRingEntries()}, or when 0: 64 incremental, else 256
   */
  int entriesFor(boolean incremental) {
    return bufferRingEntries > 0 ? bufferRingEntries : incremental ? 64 : 256;
  }

  /**
   * Returns the bytes per provided buffer.
   *
   * @param incremental whether the ring consumes its buffers incrementally
   * @return {@link #bufferSize()}, or when 0: 64 KiB incremental (a streamed write arrives in one
   *     piece, and small messages share a buffer), else 4 KiB (every message takes a whole buffer)
   */
  int sizeFor(boolean incremental) {
    return bufferSize > 0 ? bufferSize : incremental ? 65536 : 4096;
  }

  IoUringSettings withRingSize(int ring, int cq) {
    return new IoUringSettings(
        ring,
        cq,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withSingleIssuer(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        on,
        deferTaskrun && on,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withDeferTaskrun(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        on,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withRegisteredRing(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        on,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withBufferRings(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        on,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withIncrementalBuffers(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        on,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withMultishot(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        on,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withBufferRing(int entries, int size) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        entries,
        size,
        sendZcThreshold,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withSendZcThreshold(int bytes) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        bytes,
        fixedFiles,
        fixedFileSlots);
  }

  IoUringSettings withFixedFiles(boolean on) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        on,
        fixedFileSlots);
  }

  IoUringSettings withFixedFileSlots(int slots) {
    return new IoUringSettings(
        ringSize,
        cqSize,
        singleIssuer,
        deferTaskrun,
        registeredRing,
        bufferRings,
        incrementalBuffers,
        multishot,
        bufferRingEntries,
        bufferSize,
        sendZcThreshold,
        fixedFiles,
        slots);
  }
}
