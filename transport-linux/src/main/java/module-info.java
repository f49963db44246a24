/**
 * Linux native transports over the Foreign Function &amp; Memory API, with no JNI: an epoll and an
 * io_uring {@code IoHandler}, their availability probes and, later, their channels.
 *
 * <p>System calls go through {@link java.lang.foreign.Linker}, which is a restricted API: run with
 * {@code --enable-native-access=io.tern.transport.linux} on the module path (or {@code
 * --enable-native-access=ALL-UNNAMED} on the class path), otherwise the JDK prints a warning on
 * first use.
 */
module io.tern.transport.linux {
  requires transitive io.tern.transport;

  exports io.tern.transport.linux;
}
