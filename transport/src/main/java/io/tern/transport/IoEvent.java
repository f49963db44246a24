package io.tern.transport;

/**
 * Something an {@link IoHandler} observed for an {@link IoHandle} (readiness, a completion). Each
 * handler defines its own event types; handles cast to the type their handler produces.
 *
 * <h2>Threading</h2>
 *
 * <p>Created and delivered on the loop thread; valid during the {@link IoHandle#handle} call that
 * receives it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects (a handler whose events carry memory, such as io_uring's
 * provided buffers, documents who returns it).
 */
public interface IoEvent {}
