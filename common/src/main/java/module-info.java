/**
 * Shared foundations of Tern: system-property configuration, logging, resource-leak detection,
 * concurrency primitives and {@code AsciiString}.
 */
module io.tern.common {
  requires org.jctools.core.jdk11;
  requires static transitive com.google.errorprone.annotations;

  exports io.tern.common;
  exports io.tern.common.concurrent;
}
