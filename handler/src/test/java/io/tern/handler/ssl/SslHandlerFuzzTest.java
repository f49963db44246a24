package io.tern.handler.ssl;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.transport.embedded.EmbeddedChannel;

/**
 * Arbitrary bytes sent to a TLS server (behind SNI): it fails the connection with a {@link
 * DecoderException} or waits for more, never throws anything else, never hangs, and leaks nothing
 * (the leak extension checks every run). Seeds in {@code SslHandlerFuzzTestInputs}.
 */
class SslHandlerFuzzTest {
  private static final SslContext SERVER =
      SslContextBuilder.forServer(SelfSignedCertificate.create()).build();

  @FuzzTest(maxDuration = "60s")
  void serverSurvivesArbitraryBytes(byte[] input) {
    EmbeddedChannel ch = new EmbeddedChannel(new SniHandler(SERVER));
    try {
      ch.writeInbound(Unpooled.wrappedBuffer(input));
    } catch (DecoderException expected) {
      // not TLS, or a TLS failure: the channel closes
    } finally {
      ch.finishAndReleaseAll();
    }
  }
}
