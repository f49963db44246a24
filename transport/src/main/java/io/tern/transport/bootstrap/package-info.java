/**
 * Bootstraps: {@link io.tern.transport.bootstrap.Bootstrap} creates and connects client channels,
 * {@link io.tern.transport.bootstrap.ServerBootstrap} creates a listening channel and sets up the
 * channels it accepts.
 */
package io.tern.transport.bootstrap;
