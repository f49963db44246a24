package io.tern.transport;

/**
 * Something an {@link IoHandler} observed for an {@link IoHandle} (readiness, a completion). Each
 * handler defines its own event types; handles cast to the type their handler produces.
 */
public interface IoEvent {}
