package io.tern.transport.linux.iouring;

import io.tern.transport.IoHandlerFactory;

/**
 * io_uring handlers with the kernel features the transport may do without turned off, so the tests
 * outside this package cover the fallbacks older kernels take.
 */
public final class IoUringTestHandlers {
  private IoUringTestHandlers() {}

  /**
   * One receive per read request and no provided buffers, as on kernels before 5.19.
   *
   * @return the factory
   */
  public static IoHandlerFactory withoutBufferRingsOrMultishot() {
    return IoUringIoHandler.newFactory(
        IoUringSettings.fromProperties().withBufferRings(false).withMultishot(false));
  }

  /**
   * Without {@code IORING_SETUP_DEFER_TASKRUN}.
   *
   * @return the factory
   */
  public static IoHandlerFactory withoutDeferTaskrun() {
    return IoUringIoHandler.newFactory(IoUringSettings.fromProperties().withDeferTaskrun(false));
  }

  /**
   * Provided buffers used whole, as on kernels before 6.12.
   *
   * @return the factory
   */
  public static IoHandlerFactory withWholeBuffers() {
    return IoUringIoHandler.newFactory(
        IoUringSettings.fromProperties().withIncrementalBuffers(false));
  }

  /**
   * A provided buffer ring of {@code count} buffers of {@code size} bytes.
   *
   * @param count buffers
   * @param size bytes each
   * @return the factory
   */
  public static IoHandlerFactory withBufferRing(int count, int size) {
    return IoUringIoHandler.newFactory(
        IoUringSettings.fromProperties().withBufferRing(count, size));
  }

  /**
   * Registered (fixed) files on, with a table of {@code slots} slots per loop: channels beyond it
   * use their plain descriptors.
   *
   * @param slots slots per loop
   * @return the factory
   */
  public static IoHandlerFactory withFixedFiles(int slots) {
    return IoUringIoHandler.newFactory(
        IoUringSettings.fromProperties().withFixedFiles(true).withFixedFileSlots(slots));
  }

  /**
   * Registered (fixed) files off: every request names its socket by descriptor.
   *
   * @return the factory
   */
  public static IoHandlerFactory withoutFixedFiles() {
    return IoUringIoHandler.newFactory(IoUringSettings.fromProperties().withFixedFiles(false));
  }
}
