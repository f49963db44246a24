/**
 * The cross-transport socket tests. Everything is in the test sources, shipped as this module's
 * test-jar so that other transport modules run the same tests (see {@code docs/channels.md}); this
 * descriptor only names the module.
 */
module io.tern.testsuite {
  requires io.tern.transport;
}
