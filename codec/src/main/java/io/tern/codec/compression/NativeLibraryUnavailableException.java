package io.tern.codec.compression;

/**
 * Raised when a codec that binds a system library through FFM is built where that library cannot be
 * loaded: it is not installed, the file named by its system property does not exist, or it is too
 * old. The message names the library, the Debian package that provides it and the cause.
 *
 * <p>Probe first to offer a format only where it works: {@link NativeZstdEncoder#isAvailable()},
 * {@link NativeZstdDecoder#isAvailable()}, {@link BrotliEncoder#isAvailable()}, {@link
 * NativeBrotliDecoder#isAvailable()}.
 *
 * <h2>Threading</h2>
 *
 * Immutable once thrown.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class NativeLibraryUnavailableException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** The library's file name, such as {@code libzstd.so.1}. */
  private final String library;

  /**
   * Creates an exception.
   *
   * @param format what the library is needed for, for the message ("zstd")
   * @param library the library's file name
   * @param debianPackage the Debian (and Ubuntu) package that installs it
   * @param cause why it could not be loaded
   */
  public NativeLibraryUnavailableException(
      String format, String library, String debianPackage, Throwable cause) {
    super(
        format
            + " needs the system library "
            + library
            + " (Debian and Ubuntu: apt-get install "
            + debianPackage
            + "), which could not be used: "
            + cause,
        cause);
    this.library = library;
  }

  /**
   * Returns the library that could not be loaded.
   *
   * @return its file name, such as {@code libbrotlienc.so.1}
   */
  public String library() {
    return library;
  }
}
