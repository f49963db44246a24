package io.tern.examples;

/** A smoke demo: shows that the build found JDK 25 and runs Tern's code on it. */
final class HelloExample {
  private HelloExample() {}

  static void main(String[] args) {
    ExampleOptions options = new ExampleOptions(args);
    System.out.printf(
        "Tern on Java %s (%s), %d cores; would listen on port %d%n",
        Runtime.version(),
        System.getProperty("java.vendor"),
        Runtime.getRuntime().availableProcessors(),
        options.port(8080));
  }
}
