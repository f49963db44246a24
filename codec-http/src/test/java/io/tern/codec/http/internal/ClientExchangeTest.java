package io.tern.codec.http.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.internal.ClientExchange.State;
import org.junit.jupiter.api.Test;

/** Every transition of the client exchange's table, and the events each state refuses. */
class ClientExchangeTest {

  @Test
  void responsesAreMatchedToRequestsInOrder() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.HEAD);
    x.requestWritten(HttpMethod.GET);
    assertThat(x.responseDecoded(200)).as("the answer to HEAD").isEqualTo(AfterHead.NO_CONTENT);
    assertThat(x.responseDecoded(200)).as("the answer to GET").isEqualTo(AfterHead.CONTENT);
    assertThat(x.state()).isEqualTo(State.OPEN);
  }

  @Test
  void interimResponsesLeaveTheRequestWaiting() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.HEAD);
    assertThat(x.responseDecoded(100)).isEqualTo(AfterHead.NO_CONTENT);
    assertThat(x.responseDecoded(200)).as("still the HEAD's").isEqualTo(AfterHead.NO_CONTENT);
  }

  @Test
  void statusesWithoutContentHaveNone() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.GET);
    x.requestWritten(HttpMethod.GET);
    assertThat(x.responseDecoded(204)).isEqualTo(AfterHead.NO_CONTENT);
    assertThat(x.responseDecoded(304)).isEqualTo(AfterHead.NO_CONTENT);
  }

  @Test
  void anAcceptedConnectOpensATunnel() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.CONNECT);
    assertThat(x.responseDecoded(200)).isEqualTo(AfterHead.NO_CONTENT_THEN_RAW);
    assertThat(x.state()).isEqualTo(State.TUNNEL);
  }

  @Test
  void aRefusedConnectKeepsHttp() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.CONNECT);
    assertThat(x.responseDecoded(407)).isEqualTo(AfterHead.CONTENT);
    assertThat(x.state()).isEqualTo(State.OPEN);
  }

  @Test
  void switchingProtocolsUpgradesTheConnection() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.GET);
    assertThat(x.responseDecoded(101)).isEqualTo(AfterHead.NO_CONTENT_THEN_RAW);
    assertThat(x.state()).isEqualTo(State.UPGRADED);
  }

  @Test
  void aResponseWithoutARequestIsAnOrdinaryOne() {
    assertThat(new ClientExchange().responseDecoded(408)).isEqualTo(AfterHead.CONTENT);
  }

  @Test
  void refusesRequestsAndResponsesOnceTheConnectionCarriesNoHttp() {
    ClientExchange x = new ClientExchange();
    x.requestWritten(HttpMethod.CONNECT);
    x.responseDecoded(200);
    assertThatThrownBy(() -> x.requestWritten(HttpMethod.GET))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("TUNNEL");
    assertThatThrownBy(() -> x.responseDecoded(200))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("TUNNEL");
    assertThat(x.state()).isEqualTo(State.TUNNEL);
  }
}
