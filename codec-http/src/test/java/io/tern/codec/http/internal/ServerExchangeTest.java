package io.tern.codec.http.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http.DefaultHttpRequest;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.internal.ServerExchange.State;
import org.junit.jupiter.api.Test;

/** Every transition of the server exchange's table, and the events each state refuses. */
class ServerExchangeTest {

  private static HttpRequest request(HttpMethod method, String uri) {
    return new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
  }

  private static HttpRequest get() {
    return request(HttpMethod.GET, "/");
  }

  private static HttpRequest upgrade() {
    HttpRequest r = request(HttpMethod.GET, "/chat");
    r.headers().set(HttpHeaderNames.UPGRADE, "websocket");
    r.headers().set(HttpHeaderNames.CONNECTION, "keep-alive, Upgrade");
    return r;
  }

  @Test
  void ordinaryRequestsKeepTheConnectionOpenAndAreAnsweredInOrder() {
    ServerExchange x = new ServerExchange();
    assertThat(x.requestDecoded(get())).isEqualTo(AfterHead.CONTENT);
    assertThat(x.requestDecoded(request(HttpMethod.HEAD, "/"))).isEqualTo(AfterHead.CONTENT);
    assertThat(x.responseHead(200)).as("content of the answer to GET").isFalse();
    assertThat(x.responding()).isTrue();
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
    assertThat(x.responding()).isFalse();
    assertThat(x.responseHead(200)).as("content of the answer to HEAD is omitted").isTrue();
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
  }

  @Test
  void interimResponsesAnswerNothing() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(request(HttpMethod.HEAD, "/"));
    assertThat(x.responseHead(100)).isFalse();
    assertThat(x.responding()).isFalse();
    assertThat(x.responseHead(103)).isFalse();
    assertThat(x.responseHead(200)).as("the HEAD is still the one answered").isTrue();
  }

  @Test
  void anAcceptedConnectOpensATunnel() {
    ServerExchange x = new ServerExchange();
    assertThat(x.requestDecoded(request(HttpMethod.CONNECT, "h:443")))
        .isEqualTo(AfterHead.CONTENT_THEN_PAUSE);
    assertThat(x.state()).isEqualTo(State.SWITCH_PENDING);
    assertThat(x.responseHead(200)).as("a 2xx to CONNECT has no content").isTrue();
    assertThat(x.responseEnded()).isEqualTo(State.TUNNEL);
  }

  @Test
  void aRefusedConnectReopensHttp() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    assertThat(x.responseHead(403)).isFalse();
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
    assertThat(x.requestDecoded(get())).isEqualTo(AfterHead.CONTENT);
  }

  @Test
  void anAcceptedUpgradeHandsTheConnectionOver() {
    ServerExchange x = new ServerExchange();
    assertThat(x.requestDecoded(upgrade())).isEqualTo(AfterHead.CONTENT_THEN_PAUSE);
    assertThat(x.state()).isEqualTo(State.SWITCH_PENDING);
    assertThat(x.responseHead(101)).isFalse();
    assertThat(x.responseEnded()).isEqualTo(State.UPGRADED);
  }

  @Test
  void aDeclinedUpgradeReopensHttp() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(upgrade());
    x.responseHead(200);
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
  }

  @Test
  void anUpgradeFieldWithoutTheConnectionOptionIsAnOrdinaryRequest() {
    ServerExchange x = new ServerExchange();
    HttpRequest r = get();
    r.headers().set(HttpHeaderNames.UPGRADE, "websocket");
    assertThat(x.requestDecoded(r)).isEqualTo(AfterHead.CONTENT);
    assertThat(x.state()).isEqualTo(State.OPEN);
  }

  @Test
  void theAnswersBeforeASwitchDoNotDecideIt() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    x.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    x.responseHead(200);
    assertThat(x.responseEnded()).as("the GET's answer").isEqualTo(State.SWITCH_PENDING);
    x.responseHead(200);
    assertThat(x.responseEnded()).as("the CONNECT's answer").isEqualTo(State.TUNNEL);
  }

  @Test
  void anInvalidRequestWaitsForTheResponsesOwedBeforeIt() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    x.requestDecoded(get());
    assertThat(x.requestFailed(false)).isEqualTo(State.FAILING);
    x.responseHead(200);
    assertThat(x.responseEnded()).isEqualTo(State.FAILING);
    x.responseHead(200);
    assertThat(x.responseEnded()).isEqualTo(State.CLOSED);
  }

  @Test
  void anInvalidRequestWithNothingOwedClosesAtOnce() {
    assertThat(new ServerExchange().requestFailed(false)).isEqualTo(State.CLOSED);
  }

  @Test
  void theResponseToARequestWhoseContentFailedIsNotOwed() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    x.requestDecoded(request(HttpMethod.POST, "/upload"));
    assertThat(x.requestFailed(true)).isEqualTo(State.FAILING);
    x.responseHead(200);
    assertThat(x.responseEnded()).isEqualTo(State.CLOSED);

    ServerExchange alone = new ServerExchange();
    alone.requestDecoded(request(HttpMethod.POST, "/upload"));
    assertThat(alone.requestFailed(true)).isEqualTo(State.CLOSED);
  }

  @Test
  void theContentOfASwitchRequestMayFailToo() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    assertThat(x.requestFailed(true)).isEqualTo(State.CLOSED);
  }

  @Test
  void aResponseNobodyAskedForIsAllowed() {
    ServerExchange x = new ServerExchange();
    assertThat(x.responseHead(408)).isFalse();
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
  }

  @Test
  void refusesARequestUnlessOpen() {
    ServerExchange pending = new ServerExchange();
    pending.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    assertRefused(() -> pending.requestDecoded(get()), pending, State.SWITCH_PENDING);

    ServerExchange closed = new ServerExchange();
    closed.requestFailed(false);
    assertRefused(() -> closed.requestDecoded(get()), closed, State.CLOSED);
  }

  @Test
  void refusesAFinalResponseHeadBeforeThePreviousEnded() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    x.requestDecoded(get());
    x.responseHead(200);
    assertRefused(() -> x.responseHead(200), x, State.OPEN);
    assertThat(x.responding()).isTrue();
  }

  @Test
  void refusesA101ThatAnswersNoUpgrade() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    assertRefused(() -> x.responseHead(101), x, State.OPEN);
    assertThat(x.responding()).isFalse();
  }

  @Test
  void refusesTheEndOfAResponseNeverBegun() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    assertRefused(x::responseEnded, x, State.OPEN);
  }

  @Test
  void refusesResponsesOnceTheConnectionCarriesNoHttp() {
    ServerExchange tunnel = new ServerExchange();
    tunnel.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    tunnel.responseHead(200);
    tunnel.responseEnded();
    assertRefused(() -> tunnel.responseHead(200), tunnel, State.TUNNEL);
    assertRefused(() -> tunnel.requestFailed(false), tunnel, State.TUNNEL);

    ServerExchange upgraded = new ServerExchange();
    upgraded.requestDecoded(upgrade());
    upgraded.responseHead(101);
    upgraded.responseEnded();
    assertRefused(() -> upgraded.responseHead(200), upgraded, State.UPGRADED);

    ServerExchange closed = new ServerExchange();
    closed.requestFailed(false);
    assertRefused(() -> closed.responseHead(200), closed, State.CLOSED);
    assertRefused(() -> closed.requestFailed(false), closed, State.CLOSED);
  }

  private static void assertRefused(Runnable event, ServerExchange x, State unchanged) {
    assertThatThrownBy(event::run)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(unchanged.name());
    assertThat(x.state()).isEqualTo(unchanged);
  }

  private static HttpResponse response(int status, boolean framed) {
    HttpResponse r =
        new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status));
    if (framed) {
      HttpUtil.setContentLength(r, 0);
    }
    return r;
  }

  @Test
  void aCloseRequestPausesDecodingAndEndsTheConnectionWithItsResponse() {
    ServerExchange x = new ServerExchange();
    assertThat(x.requestDecoded(get())).isEqualTo(AfterHead.CONTENT);
    HttpRequest close = get();
    close.headers().set(HttpHeaderNames.CONNECTION, "close");
    assertThat(x.requestDecoded(close)).isEqualTo(AfterHead.CONTENT_THEN_PAUSE);
    assertThat(x.persistent()).isFalse();
    boolean omitted = x.responseHead(200);
    assertThat(x.closesConnection(response(200, true), omitted))
        .as("every final response once the connection ends")
        .isTrue();
    assertThat(x.endsConnection()).as("a request is still owed").isFalse();
    x.responseEnded();
    x.responseHead(200);
    assertThat(x.closesConnection(response(200, true), false)).isTrue();
    assertThat(x.endsConnection()).isTrue();
    assertThat(x.responseEnded()).isEqualTo(State.OPEN);
  }

  @Test
  void aResponseSayingCloseOrDelimitedByTheCloseEndsTheConnection() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(get());
    x.responseHead(200);
    assertThat(x.closesConnection(response(200, true), false)).isFalse();
    assertThat(x.endsConnection()).isFalse();
    x.responseEnded();

    x.requestDecoded(get());
    x.responseHead(200);
    assertThat(x.closesConnection(response(200, false), false)).as("unframed").isTrue();
    assertThat(x.persistent()).isFalse();
    assertThat(x.endsConnection()).isTrue();

    ServerExchange y = new ServerExchange();
    y.requestDecoded(get());
    y.responseHead(200);
    HttpResponse saysClose = response(200, true);
    HttpUtil.setKeepAlive(saysClose, false);
    assertThat(y.closesConnection(saysClose, false)).isTrue();
    assertThat(y.requestDecoded(get()))
        .as("a request decoded after it is the last one")
        .isEqualTo(AfterHead.CONTENT_THEN_PAUSE);
  }

  @Test
  void interimSwitchingAndOmittedContentResponsesKeepTheConnection() {
    ServerExchange x = new ServerExchange();
    x.requestDecoded(request(HttpMethod.HEAD, "/"));
    assertThat(x.closesConnection(response(100, false), x.responseHead(100))).isFalse();
    boolean omitted = x.responseHead(200);
    assertThat(x.closesConnection(response(200, false), omitted))
        .as("the answer to HEAD has no content to delimit")
        .isFalse();
    x.responseEnded();

    x.requestDecoded(upgrade());
    assertThat(x.closesConnection(response(101, false), x.responseHead(101))).isFalse();
    assertThat(x.responseEnded()).isEqualTo(State.UPGRADED);

    ServerExchange c = new ServerExchange();
    c.requestDecoded(request(HttpMethod.CONNECT, "h:443"));
    assertThat(c.closesConnection(response(200, false), c.responseHead(200))).isFalse();
    assertThat(c.persistent()).isTrue();
  }

  @Test
  void anUnsolicitedResponseSayingCloseEndsAnIdleConnection() {
    ServerExchange x = new ServerExchange();
    x.responseHead(408);
    HttpResponse timeout = response(408, true);
    HttpUtil.setKeepAlive(timeout, false);
    assertThat(x.closesConnection(timeout, false)).isTrue();
    assertThat(x.endsConnection()).isTrue();
  }
}
