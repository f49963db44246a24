package io.tern.codec.compression;

/**
 * Checks that an optional compression library is present before a codec that needs it is built, so
 * a missing dependency is named in one clear exception instead of a {@link NoClassDefFoundError}
 * from deep inside the codec.
 */
final class CompressionLibraries {
  static final String AIRCOMPRESSOR = "io.airlift:aircompressor-v3";
  static final String BROTLI_DEC = "org.brotli:dec";

  private CompressionLibraries() {}

  /**
   * Tells whether {@code className} can be loaded.
   *
   * @param className a class of the library
   * @return {@code true} if the library is present
   */
  static boolean isPresent(String className) {
    try {
      Class.forName(className, false, CompressionLibraries.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * Throws unless {@code className} can be loaded.
   *
   * @param format the compression format, for the message ("zstd")
   * @param className a class of the library
   * @param artifact the library's Maven coordinates, for the message
   * @throws IllegalStateException if the library is absent
   */
  static void require(String format, String className, String artifact) {
    if (!isPresent(className)) {
      throw new IllegalStateException(
          format
              + " needs "
              + artifact
              + " on the class or module path: it is an optional dependency of tern-codec, add it"
              + " to the application's build");
    }
  }
}
