package io.tern.codec.compression.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.compression.NativeLibraryUnavailableException;
import java.lang.foreign.FunctionDescriptor;
import org.junit.jupiter.api.Test;

class NativeLibraryTest {

  @Test
  void aMissingLibraryIsReportedNotThrown() {
    NativeLibrary missing =
        NativeLibrary.load(
            "io.tern.codec.compression.test.unset", "libtern-missing.so.1", "libtern-missing.so");
    assertThat(missing.cause()).isNotNull();
    assertThat(missing.name()).isEqualTo("libtern-missing.so.1");
    assertThatThrownBy(() -> missing.function("f", FunctionDescriptor.ofVoid()))
        .isInstanceOf(UnsatisfiedLinkError.class)
        .hasMessageContaining("libtern-missing.so.1");
  }

  @Test
  void theSystemPropertyNamesTheLibrary() {
    String key = "io.tern.codec.compression.test.libfake";
    System.setProperty(key, "/nonexistent/libfake.so");
    try {
      NativeLibrary configured = NativeLibrary.load(key, "libzstd.so.1");
      assertThat(configured.name()).isEqualTo("/nonexistent/libfake.so");
      assertThat(configured.cause()).isNotNull();
    } finally {
      System.clearProperty(key);
    }
  }

  @Test
  void theTypedErrorNamesTheLibraryAndItsPackage() {
    NativeLibraryUnavailableException e =
        new NativeLibraryUnavailableException(
            "brotli encoding",
            "libbrotlienc.so.1",
            "libbrotli1",
            new IllegalArgumentException("Cannot open library: libbrotlienc.so.1"));
    assertThat(e.library()).isEqualTo("libbrotlienc.so.1");
    assertThat(e)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("brotli encoding needs the system library libbrotlienc.so.1")
        .hasMessageContaining("apt-get install libbrotli1")
        .hasMessageContaining("Cannot open library");
  }

  @Test
  void theInstalledLibrariesProbeCleanly() {
    assertThat(Zstd.unavailabilityCause()).isNull();
    assertThat(Zstd.version()).isGreaterThanOrEqualTo(10400);
    assertThat(Brotli.encoderUnavailabilityCause()).isNull();
    assertThat(Brotli.decoderUnavailabilityCause()).isNull();
  }
}
