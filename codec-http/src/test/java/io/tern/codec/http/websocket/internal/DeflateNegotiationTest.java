package io.tern.codec.http.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeflateNegotiationTest {
  private static final PerMessageDeflateConfig DEFAULTS = PerMessageDeflateConfig.defaults();

  @Test
  void clientOfferAlwaysAllowsTheServerToLimitTheClientWindow() {
    assertThat(DeflateNegotiation.clientOffer(DEFAULTS))
        .isEqualTo("permessage-deflate; client_max_window_bits");
    assertThat(
            DeflateNegotiation.clientOffer(
                DEFAULTS
                    .withClientNoContextTakeover(true)
                    .withServerNoContextTakeover(true)
                    .withServerMaxWindowBits(10)
                    .withClientMaxWindowBits(12)))
        .isEqualTo(
            "permessage-deflate; client_no_context_takeover; server_no_context_takeover;"
                + " server_max_window_bits=10; client_max_window_bits=12");
  }

  @Test
  void serverEchoesWhatTheOfferRequestsOfItsOwnCompressor() {
    DeflateNegotiation.Accepted a =
        DeflateNegotiation.serverAccept(
            List.of(
                "permessage-deflate; server_no_context_takeover; server_max_window_bits=\"10\";"
                    + " client_max_window_bits"),
            DEFAULTS);
    assertThat(a.response())
        .isEqualTo("permessage-deflate; server_no_context_takeover; server_max_window_bits=10");
    assertThat(a.params()).isEqualTo(new DeflateParams(6, true, 10, false));
  }

  @Test
  void serverAsksTheClientForWhatItsConfigSaysWhenTheOfferAllowsIt() {
    PerMessageDeflateConfig config =
        DEFAULTS.withClientNoContextTakeover(true).withClientMaxWindowBits(11);
    assertThat(
            DeflateNegotiation.serverAccept(
                    List.of("permessage-deflate; client_max_window_bits"), config)
                .response())
        .isEqualTo("permessage-deflate; client_no_context_takeover; client_max_window_bits=11");
    assertThat(DeflateNegotiation.serverAccept(List.of("permessage-deflate"), config).response())
        .as("client_max_window_bits may only be answered when offered")
        .isEqualTo("permessage-deflate; client_no_context_takeover");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "permessage-deflate; server_max_window_bits",
        "permessage-deflate; server_max_window_bits=7",
        "permessage-deflate; server_max_window_bits=16",
        "permessage-deflate; server_max_window_bits=010",
        "permessage-deflate; client_max_window_bits=x",
        "permessage-deflate; server_no_context_takeover=1",
        "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
        "permessage-deflate; mystery",
        "x-webkit-deflate-frame"
      })
  void anInvalidOfferIsDeclined(String offer) {
    assertThat(DeflateNegotiation.serverAccept(List.of(offer), DEFAULTS)).isNull();
  }

  @Test
  void theFirstAcceptableOfferWins() {
    DeflateNegotiation.Accepted a =
        DeflateNegotiation.serverAccept(
            List.of(
                "permessage-deflate; mystery, permessage-deflate; server_max_window_bits=12",
                "permessage-deflate"),
            DEFAULTS);
    assertThat(a.response()).isEqualTo("permessage-deflate; server_max_window_bits=12");
  }

  @Test
  void clientRunsWithWhatTheServerAnswered() {
    assertThat(DeflateNegotiation.clientAccept(List.of(), DEFAULTS)).isNull();
    assertThat(
            DeflateNegotiation.clientAccept(
                List.of(
                    "permessage-deflate; server_no_context_takeover; client_no_context_takeover;"
                        + " client_max_window_bits=9"),
                DEFAULTS))
        .isEqualTo(new DeflateParams(6, true, 9, true));
    assertThat(
            DeflateNegotiation.clientAccept(
                List.of("permessage-deflate; server_max_window_bits=10"), DEFAULTS))
        .isEqualTo(new DeflateParams(6, false, 15, false));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "x-webkit-deflate-frame",
        "permessage-deflate, permessage-deflate",
        "permessage-deflate; mystery",
        "permessage-deflate; client_max_window_bits",
        "permessage-deflate; client_max_window_bits=16",
        "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
        "permessage-deflate; client_no_context_takeover=yes"
      })
  void clientRefusesAnInvalidAnswer(String answer) {
    assertThatThrownBy(() -> DeflateNegotiation.clientAccept(List.of(answer), DEFAULTS))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void clientRefusesALargerServerWindowThanItAskedFor() {
    assertThatThrownBy(
            () ->
                DeflateNegotiation.clientAccept(
                    List.of("permessage-deflate; server_max_window_bits=12"),
                    DEFAULTS.withServerMaxWindowBits(10)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
