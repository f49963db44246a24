package io.tern.codec.http.websocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** permessage-deflate negotiated outside the HTTP/1.1 handlers, as RFC 8441 transports need. */
class PerMessageDeflateAgreementTest {
  private final PerMessageDeflateConfig defaults = PerMessageDeflateConfig.defaults();

  @Test
  void aClientOfferNamesTheExtensionAndLetsTheServerLimitTheClientsWindow() {
    assertThat(PerMessageDeflateAgreement.clientOffer(defaults))
        .isEqualTo("permessage-deflate; client_max_window_bits");
  }

  @Test
  void aServerAcceptsTheFirstOfferItCanAndSaysSo() {
    PerMessageDeflateAgreement agreed =
        PerMessageDeflateAgreement.serverAccept(
            List.of("x-other, permessage-deflate; unknown=1", "permessage-deflate"), defaults);
    assertThat(agreed).isNotNull();
    assertThat(agreed.response()).isEqualTo("permessage-deflate");
    assertThat(PerMessageDeflateAgreement.serverAccept(List.of(), defaults)).isNull();
    assertThat(PerMessageDeflateAgreement.serverAccept(List.of("x-other"), defaults)).isNull();
  }

  @Test
  void aClientChecksTheAnswer() {
    PerMessageDeflateAgreement agreed =
        PerMessageDeflateAgreement.clientAccept(
            List.of("permessage-deflate; server_no_context_takeover"), defaults);
    assertThat(agreed).isNotNull();
    assertThat(agreed.response()).isNull();
    assertThat(PerMessageDeflateAgreement.clientAccept(List.of(), defaults)).isNull();
    assertThatThrownBy(
            () ->
                PerMessageDeflateAgreement.clientAccept(
                    List.of("permessage-deflate; x-unknown"), defaults))
        .isInstanceOf(WebSocketHandshakeException.class)
        .hasMessageContaining("x-unknown");
  }

  @Test
  void theHandlersOfBothSidesCompressAndInflateOneAnother() {
    WebSocketDecoderConfig config = WebSocketDecoderConfig.forServer();
    PerMessageDeflateAgreement server =
        PerMessageDeflateAgreement.serverAccept(
            List.of(PerMessageDeflateAgreement.clientOffer(defaults)), defaults);
    PerMessageDeflateAgreement client =
        PerMessageDeflateAgreement.clientAccept(List.of(server.response()), defaults);
    EmbeddedChannel sending = new EmbeddedChannel(client.newHandler(config));
    EmbeddedChannel receiving = new EmbeddedChannel(server.newHandler(config));
    String text = "deflate me ".repeat(100);
    sending.writeOutbound(new TextWebSocketFrame(text));
    WebSocketFrame compressed = sending.readOutbound();
    assertThat(compressed.rsv() & 0x4).isEqualTo(0x4); // RSV1
    assertThat(compressed.content().readableBytes()).isLessThan(text.length() / 10);
    receiving.writeInbound(compressed);
    TextWebSocketFrame inflated = receiving.readInbound();
    assertThat(inflated.content().toString(StandardCharsets.UTF_8)).isEqualTo(text);
    inflated.release();
    sending.finishAndReleaseAll();
    receiving.finishAndReleaseAll();
  }
}
