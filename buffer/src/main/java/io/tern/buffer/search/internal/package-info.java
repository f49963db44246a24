/**
 * The search processors' state machines behind the factories of {@code io.tern.buffer.search}; they
 * also implement the buffers' internal whole-range scan interface, which is why they live here and
 * not in the exported package.
 */
package io.tern.buffer.search.internal;
