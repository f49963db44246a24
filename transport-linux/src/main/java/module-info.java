/**
 * Linux native transports over the Foreign Function &amp; Memory API, with no JNI: the epoll
 * transport ({@code io.tern.transport.linux.epoll}) and the io_uring transport ({@code
 * io.tern.transport.linux.iouring}), each an {@code IoHandler}, its availability probe and its TCP,
 * Unix domain and UDP channels; what both share ({@code io.tern.transport.linux}); and the choice
 * of a transport by name ({@code io.tern.transport.linux.bootstrap}).
 *
 * <p>System calls go through {@link java.lang.foreign.Linker}, which is a restricted API: run with
 * {@code --enable-native-access=io.tern.transport.linux} on the module path (or {@code
 * --enable-native-access=ALL-UNNAMED} on the class path), otherwise the JDK prints a warning on
 * first use.
 */
module io.tern.transport.linux {
  requires transitive io.tern.transport;

  exports io.tern.transport.linux;
  exports io.tern.transport.linux.bootstrap;
  exports io.tern.transport.linux.epoll;
  exports io.tern.transport.linux.iouring;
}
