package io.tern.codec.http.internal;

import io.tern.codec.http.HttpMethod;
import java.util.ArrayDeque;

/**
 * The request/response exchange of one client connection, as a state machine: which requests still
 * wait for their response, and whether the connection still carries HTTP. {@code HttpClientCodec}
 * reports the requests it writes and the response heads it decodes, and acts on the answer; the
 * exchange itself does no I/O.
 *
 * <h2>States and transitions</h2>
 *
 * <table class="striped">
 *   <caption>Client exchange</caption>
 *   <thead>
 *     <tr><th>state</th><th>event</th><th>next state</th><th>the decoder then</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><td>{@code OPEN}</td><td>request written</td><td>{@code OPEN}</td>
 *         <td>(it waits for its response)</td></tr>
 *     <tr><td>{@code OPEN}</td><td>interim {@code 1xx} decoded (not {@code 101})</td>
 *         <td>{@code OPEN}</td><td>no content; the request still waits</td></tr>
 *     <tr><td>{@code OPEN}</td><td>final response decoded</td><td>{@code OPEN}</td>
 *         <td>content as framed (none for {@code HEAD}, {@code 204}, {@code 304})</td></tr>
 *     <tr><td>{@code OPEN}</td><td>{@code 2xx} to {@code CONNECT} decoded</td>
 *         <td>{@code TUNNEL}</td><td>passes the following bytes on as they are</td></tr>
 *     <tr><td>{@code OPEN}</td><td>{@code 101 Switching Protocols} decoded</td>
 *         <td>{@code UPGRADED}</td><td>passes the following bytes on as they are</td></tr>
 *   </tbody>
 * </table>
 *
 * <p>Responses are matched to requests in order (pipelining); a response when no request waits is
 * taken as the answer to an ordinary one. In {@code TUNNEL} and {@code UPGRADED} the codec passes
 * {@code ByteBuf}s through both ways.
 *
 * <p><b>Refused</b> (an {@link IllegalStateException}, the state unchanged): a request written, or
 * a response decoded, in {@code TUNNEL} or {@code UPGRADED}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per connection.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: it sees methods and status codes only.
 */
public final class ClientExchange {
  /** Where the connection stands; see the class comment for the transitions. */
  public enum State {
    /** HTTP both ways: requests are written, responses decoded and matched to them in order. */
    OPEN,
    /** A {@code CONNECT} was accepted: bytes pass through both ways. */
    TUNNEL,
    /** The server switched protocols ({@code 101}): the connection carries another protocol. */
    UPGRADED
  }

  private State state = State.OPEN;
  // The methods of the requests still waiting for their final response, oldest first.
  private final ArrayDeque<HttpMethod> waiting = new ArrayDeque<>(4);

  /** Creates the exchange of a new connection, in {@link State#OPEN}. */
  public ClientExchange() {}

  /**
   * Returns where the connection stands.
   *
   * @return the state
   */
  public State state() {
    return state;
  }

  /**
   * A request head is about to be written.
   *
   * @param method its method
   * @throws IllegalStateException unless {@link State#OPEN}
   */
  public void requestWritten(HttpMethod method) {
    require("a request");
    waiting.add(method);
  }

  /**
   * A response head was decoded.
   *
   * @param status its status code
   * @return what the decoder does after it
   * @throws IllegalStateException unless {@link State#OPEN}
   */
  public AfterHead responseDecoded(int status) {
    require("a response");
    if (status >= 100 && status < 200 && status != 101) {
      return AfterHead.NO_CONTENT; // interim: its request still waits for the final response
    }
    HttpMethod method = waiting.poll();
    if (status == 101) {
      state = State.UPGRADED;
      return AfterHead.NO_CONTENT_THEN_RAW;
    }
    if (HttpMethod.CONNECT.equals(method) && status >= 200 && status < 300) {
      state = State.TUNNEL;
      return AfterHead.NO_CONTENT_THEN_RAW;
    }
    if (HttpMethod.HEAD.equals(method)) {
      return AfterHead.NO_CONTENT;
    }
    return AfterHead.ofResponse(status);
  }

  private void require(String event) {
    if (state != State.OPEN) {
      throw new IllegalStateException(event + " is not allowed in state " + state);
    }
  }

  @Override
  public String toString() {
    return "ClientExchange(" + state + ", waiting=" + waiting.size() + ")";
  }
}
