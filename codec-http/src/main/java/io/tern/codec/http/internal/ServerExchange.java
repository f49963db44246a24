package io.tern.codec.http.internal;

import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpUtil;
import java.util.ArrayDeque;

/**
 * The request/response exchange of one server connection, as a state machine: which requests still
 * wait for their response, which response is being written, and whether the connection still
 * carries HTTP. {@code HttpServerCodec} reports what its decoder and encoder see and acts on the
 * state entered (pausing or resuming its decoder, passing bytes through, writing {@code 400}); the
 * exchange itself does no I/O, so every transition can be tested on its own.
 *
 * <h2>States and transitions</h2>
 *
 * <table class="striped">
 *   <caption>Server exchange</caption>
 *   <thead>
 *     <tr><th>state</th><th>event</th><th>next state</th><th>the codec then</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>{@code OPEN}</td><td>ordinary request decoded</td><td>{@code OPEN}</td>
 *         <td>passes it on; it waits for its response</td></tr>
 *     <tr><td>{@code OPEN}</td><td>{@code CONNECT}, or a request asking to {@code Upgrade}</td>
 *         <td>{@code SWITCH_PENDING}</td>
 *         <td>passes it on; decodes nothing after it (the bytes wait)</td></tr>
 *     <tr><td>{@code SWITCH_PENDING}</td><td>final response to it ends: {@code 2xx} to
 *         {@code CONNECT}</td><td>{@code TUNNEL}</td><td>passes bytes through both ways</td></tr>
 *     <tr><td>{@code SWITCH_PENDING}</td><td>final response to it ends: {@code 101} to the
 *         upgrade</td><td>{@code UPGRADED}</td><td>passes bytes through; the handler taking
 *         over removes the codec, which hands it the bytes not decoded</td></tr>
 *     <tr><td>{@code SWITCH_PENDING}</td><td>final response to it ends: any other status</td>
 *         <td>{@code OPEN}</td><td>decodes the waiting requests</td></tr>
 *     <tr><td>{@code OPEN}, {@code SWITCH_PENDING}</td><td>invalid request; responses still
 *         owed to the requests before it</td><td>{@code FAILING}</td><td>discards all input,
 *         keeps writing the responses owed</td></tr>
 *     <tr><td>{@code FAILING}</td><td>the last response owed ends</td><td>{@code CLOSED}</td>
 *         <td>writes {@code 400 Bad Request} and closes</td></tr>
 *     <tr><td>{@code OPEN}, {@code SWITCH_PENDING}</td><td>invalid request, nothing owed</td>
 *         <td>{@code CLOSED}</td><td>writes {@code 400} and closes</td></tr>
 *   </tbody>
 * </table>
 *
 * <p>Responses are matched to requests in order (pipelining). In {@code OPEN}, {@code
 * SWITCH_PENDING} and {@code FAILING}, a final response head is followed by its content until the
 * last; an interim {@code 1xx} (other than {@code 101}) answers nothing. The content of a response
 * to {@code HEAD}, and of a {@code 2xx} to {@code CONNECT}, is omitted. A response nobody asked for
 * (a {@code 408} before closing an idle connection) is allowed when no request waits.
 *
 * <p><b>Persistence</b> (RFC 9112, section 9.3) is tracked beside the states: the connection ends
 * after a request that does not ask to keep it ({@code Connection: close}, or HTTP/1.0 without
 * {@code keep-alive}) and after a final response that says {@code Connection: close} or whose end
 * the client can only see by the connection closing (no {@code Content-Length}, not chunked, and
 * content not omitted). From then on the decoder pauses after each request it decodes (the requests
 * after a {@code close} are not processed), every final response is marked {@code Connection:
 * close}, and the codec closes the channel once the last response owed is written. A response that
 * switches protocols ({@code 101}, a {@code 2xx} to {@code CONNECT}) is left alone.
 *
 * <p><b>Refused</b> (an {@link IllegalStateException}, the state unchanged): a request decoded in
 * any state but {@code OPEN}; a final response head while the previous final response is
 * unfinished; a {@code 101} that answers a request which did not ask to upgrade; the end of a
 * response that was never begun; a response in {@code TUNNEL}, {@code UPGRADED} or {@code CLOSED}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per connection.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: it sees methods, headers and status codes only.
 */
public final class ServerExchange {
  /** Where the connection stands; see the class comment for the transitions. */
  public enum State {
    /** HTTP both ways: requests are decoded as they arrive and answered in order. */
    OPEN,
    /** A {@code CONNECT} or upgrade request waits for its answer; nothing after it is decoded. */
    SWITCH_PENDING,
    /** A {@code CONNECT} was accepted: bytes pass through both ways. */
    TUNNEL,
    /** An upgrade was accepted ({@code 101}): the connection carries another protocol. */
    UPGRADED,
    /** An invalid request arrived: the responses owed before it are written, nothing is decoded. */
    FAILING,
    /** {@code 400 Bad Request} is written and the connection closes: nothing more is written. */
    CLOSED
  }

  /** What a waiting request asks of its response. */
  private enum Kind {
    ORDINARY,
    HEAD,
    CONNECT,
    UPGRADE,
    /** No request: a response nobody asked for. */
    NONE
  }

  private State state = State.OPEN;
  // Requests whose final response has not ended, oldest first.
  private final ArrayDeque<Kind> waiting = new ArrayDeque<>(4);
  // The request the final response being written answers; null between final responses.
  private Kind answering;
  private int answeringStatus;
  // False once a request or a final response said the connection ends after what is owed.
  private boolean persistent = true;

  /** Creates the exchange of a new connection, in {@link State#OPEN}. */
  public ServerExchange() {}

  /**
   * Returns where the connection stands.
   *
   * @return the state
   */
  public State state() {
    return state;
  }

  /**
   * Returns whether a final response has begun and not ended.
   *
   * @return {@code true} between a final response's head and its last content
   */
  public boolean responding() {
    return answering != null;
  }

  /**
   * A valid request head was decoded.
   *
   * @param request the head
   * @return what the decoder does after the request: {@link AfterHead#CONTENT_THEN_PAUSE} for
   *     {@code CONNECT} and upgrade requests (entering {@link State#SWITCH_PENDING}) and once the
   *     connection is known to end (see {@link #persistent()}), {@link AfterHead#CONTENT} otherwise
   * @throws IllegalStateException unless {@link State#OPEN}
   */
  public AfterHead requestDecoded(HttpRequest request) {
    require(state == State.OPEN, "a request decoded");
    Kind kind = kindOf(request);
    waiting.add(kind);
    if (persistent && !HttpUtil.isKeepAlive(request)) {
      persistent = false;
    }
    if (kind == Kind.CONNECT || kind == Kind.UPGRADE) {
      state = State.SWITCH_PENDING;
      return AfterHead.CONTENT_THEN_PAUSE;
    }
    return persistent ? AfterHead.CONTENT : AfterHead.CONTENT_THEN_PAUSE;
  }

  /**
   * Returns whether the connection outlives the responses owed: {@code false} once a request or a
   * final response said it ends.
   *
   * @return whether the connection persists
   */
  public boolean persistent() {
    return persistent;
  }

  /**
   * The final response whose head {@link #responseHead} just accepted: decides whether the
   * connection ends after the responses owed (see "Persistence" in the class comment).
   *
   * @param response the response head, not yet encoded
   * @param contentOmitted what {@link #responseHead} returned for it
   * @return {@code true} if the response must say {@code Connection: close} (the caller sets it):
   *     the connection ends; {@code false} for an interim response and for one that switches
   *     protocols, which are left alone
   */
  public boolean closesConnection(HttpResponse response, boolean contentOmitted) {
    int status = response.status().code();
    // Interim responses (and 101, which switches protocols) answer nothing here; neither does a
    // 2xx that turns the connection into a tunnel.
    if (answering == null
        || (status >= 100 && status < 200)
        || (answering == Kind.CONNECT && is2xx(status))) {
      return false;
    }
    if (persistent
        && HttpUtil.isKeepAlive(response)
        && (contentOmitted || isSelfDelimited(response, status))) {
      return false;
    }
    persistent = false;
    return true;
  }

  /**
   * Returns whether the last content about to be written ends the last response owed on a
   * connection that does not persist: the channel is to close once it is written. Not in {@link
   * State#FAILING}, where the codec closes after its own {@code 400}.
   *
   * @return whether the codec closes the channel after this response
   */
  public boolean endsConnection() {
    return !persistent
        && answering != null
        && (state == State.OPEN || state == State.SWITCH_PENDING)
        && waiting.size() <= (answering == Kind.NONE ? 0 : 1);
  }

  private static boolean isSelfDelimited(HttpResponse response, int status) {
    return status == 204
        || status == 304
        || HttpUtil.isContentLengthSet(response)
        || HttpUtil.isTransferEncodingChunked(response);
  }

  /**
   * The decoder found an invalid request: nothing after it will be decoded.
   *
   * @param headPassedOn {@code true} if the request's head was valid and passed on (its content was
   *     invalid): whatever is written for it is not sent
   * @return the state entered: {@link State#FAILING} while responses are owed to the requests
   *     before it, {@link State#CLOSED} (write {@code 400} now) if none are
   * @throws IllegalStateException unless {@link State#OPEN} or {@link State#SWITCH_PENDING}
   */
  public State requestFailed(boolean headPassedOn) {
    require(state == State.OPEN || state == State.SWITCH_PENDING, "an invalid request");
    if (headPassedOn && !waiting.isEmpty()) {
      waiting.removeLast();
      if (waiting.isEmpty()) {
        answering = null; // a response begun for the failed request never ends
      }
    }
    state = waiting.isEmpty() ? State.CLOSED : State.FAILING;
    return state;
  }

  /**
   * A response head is about to be written.
   *
   * @param status its status code
   * @return whether its content is omitted whatever its headers say (the answer to {@code HEAD}, a
   *     {@code 2xx} to {@code CONNECT})
   * @throws IllegalStateException in {@link State#TUNNEL}, {@link State#UPGRADED} or {@link
   *     State#CLOSED}; for a final response while another is unfinished; for a {@code 101}
   *     answering a request that did not ask to upgrade
   */
  public boolean responseHead(int status) {
    require(
        state == State.OPEN || state == State.SWITCH_PENDING || state == State.FAILING,
        "a response");
    if (status >= 100 && status < 200 && status != 101) {
      return false; // interim: the request still waits for its final response
    }
    require(answering == null, "a response head before the previous response ended");
    Kind kind = waiting.isEmpty() ? Kind.NONE : waiting.peek();
    if (status == 101 && kind != Kind.UPGRADE) {
      throw new IllegalStateException(
          "101 Switching Protocols answers a request that did not ask to upgrade (state "
              + state
              + ")");
    }
    answering = kind;
    answeringStatus = status;
    return kind == Kind.HEAD || (kind == Kind.CONNECT && is2xx(status));
  }

  /**
   * The last content of the final response was written.
   *
   * @return the state entered: {@link State#TUNNEL}, {@link State#UPGRADED} or {@link State#OPEN}
   *     when the response answered the request of {@link State#SWITCH_PENDING}; {@link
   *     State#CLOSED} when it was the last one owed in {@link State#FAILING}; the same state
   *     otherwise
   * @throws IllegalStateException if no final response was begun
   */
  public State responseEnded() {
    require(answering != null, "the end of a response never begun");
    Kind kind = answering;
    answering = null;
    if (kind == Kind.NONE) {
      return state;
    }
    waiting.poll();
    if (state == State.SWITCH_PENDING && waiting.isEmpty()) {
      // The request that paused decoding is the last one decoded, so it is answered last.
      if (kind == Kind.CONNECT) {
        state = is2xx(answeringStatus) ? State.TUNNEL : State.OPEN;
      } else if (kind == Kind.UPGRADE) {
        state = answeringStatus == 101 ? State.UPGRADED : State.OPEN;
      }
    } else if (state == State.FAILING && waiting.isEmpty()) {
      state = State.CLOSED;
    }
    return state;
  }

  private static Kind kindOf(HttpRequest request) {
    HttpMethod method = request.method();
    if (HttpMethod.HEAD.equals(method)) {
      return Kind.HEAD;
    }
    if (HttpMethod.CONNECT.equals(method)) {
      return Kind.CONNECT;
    }
    if (HttpUtil.isUpgradeRequest(request)) {
      return Kind.UPGRADE;
    }
    return Kind.ORDINARY;
  }

  private static boolean is2xx(int status) {
    return status >= 200 && status < 300;
  }

  private void require(boolean allowed, String event) {
    if (!allowed) {
      throw new IllegalStateException(event + " is not allowed in state " + state);
    }
  }

  @Override
  public String toString() {
    return "ServerExchange("
        + state
        + ", waiting="
        + waiting.size()
        + (persistent ? "" : ", ending")
        + ")";
  }
}
