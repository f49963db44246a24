/**
 * Test support for Tern's modules: a JUnit 5 extension, registered automatically, that runs every
 * test with exact PARANOID leak detection and fails a test class or test that leaks.
 */
module io.tern.testsupport {
  requires transitive io.tern.common;
  requires transitive org.junit.jupiter.api;

  exports io.tern.testsupport;

  provides org.junit.jupiter.api.extension.Extension with
      io.tern.testsupport.LeakDetectionExtension;
}
