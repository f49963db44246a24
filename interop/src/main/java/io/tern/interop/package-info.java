/**
 * The interop harness: {@link io.tern.interop.Peer} runs real peer programs (curl, wrk, h2load,
 * nghttpd, mosquitto, ...) as processes on 127.0.0.1 for the tests of this module, and {@link
 * io.tern.interop.FreePort} finds ports for them. Tests tagged {@code interop} run with {@code
 * -Pinterop}.
 */
package io.tern.interop;
