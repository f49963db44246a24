package io.tern.transport.linux.iouring;

import io.tern.transport.IoHandle;

/**
 * An {@link IoHandle} registered with an {@link IoUringIoHandler}: it submits {@link IoUringIoOps}
 * through its registration and receives each completion as an {@link IoUringIoEvent}.
 *
 * <h2>Threading</h2>
 *
 * <p>Its methods are called on the owning event loop's thread only.
 *
 * <h2>Ownership</h2>
 *
 * <p>Completions keep arriving after {@link io.tern.transport.IoRegistration#cancel()} until every
 * request submitted before it has finished (cancel asks the kernel to cancel them, and they
 * complete with {@code -ECANCELED}); memory a request uses stays the handle's to keep alive until
 * its last completion ({@link IoUringIoEvent#hasMore()} {@code false}).
 */
public interface IoUringIoHandle extends IoHandle {}
