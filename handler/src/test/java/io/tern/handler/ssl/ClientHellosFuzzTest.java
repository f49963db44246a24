package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import javax.net.ssl.SSLException;

/**
 * Arbitrary bytes in front of the ClientHello parser: it answers "need more", a host name or none,
 * or an {@link SSLException}, never anything else, and never moves the reader index. A regression
 * run over the seeds in {@code ClientHellosFuzzTestInputs} is part of the build; {@code
 * JAZZER_FUZZ=1} fuzzes.
 */
class ClientHellosFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void findsServerNameWithoutCrashing(byte[] input) {
    ByteBuf buf = Unpooled.wrappedBuffer(input);
    try {
      ClientHellos.Lookup lookup =
          ClientHellos.serverName(buf, SniHandler.DEFAULT_MAX_CLIENT_HELLO_LENGTH);
      if (lookup.hostName() != null) {
        assertThat(lookup.hostName()).matches("[a-z0-9._-]+");
      }
    } catch (SSLException expected) {
      // malformed input is reported this way
    } finally {
      assertThat(buf.readerIndex()).isZero();
      buf.release();
    }
  }
}
