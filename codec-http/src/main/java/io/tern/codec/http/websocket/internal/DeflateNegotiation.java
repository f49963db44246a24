package io.tern.codec.http.websocket.internal;

import io.tern.codec.http.websocket.PerMessageDeflateConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The negotiation of permessage-deflate (RFC 7692, section 7.1) in {@code Sec-WebSocket-Extensions}
 * headers: the client's offer, the server's choice among a client's offers and its answer, and the
 * client's check of that answer. Every outcome is the {@link DeflateParams} one endpoint then runs
 * with.
 */
public final class DeflateNegotiation {
  /** The extension's name. */
  public static final String NAME = "permessage-deflate";

  private static final String SERVER_NO_CONTEXT_TAKEOVER = "server_no_context_takeover";
  private static final String CLIENT_NO_CONTEXT_TAKEOVER = "client_no_context_takeover";
  private static final String SERVER_MAX_WINDOW_BITS = "server_max_window_bits";
  private static final String CLIENT_MAX_WINDOW_BITS = "client_max_window_bits";
  private static final int MAX_BITS = PerMessageDeflateConfig.MAX_WINDOW_BITS;

  private DeflateNegotiation() {}

  /**
   * What a server accepted: the header value it answers with and the parameters it runs with.
   *
   * @param response the {@code Sec-WebSocket-Extensions} value of the {@code 101}
   * @param params the server's agreed parameters
   */
  public record Accepted(String response, DeflateParams params) {}

  /** One parameter of an extension: its name in lower case, its value or {@code null}. */
  record Param(String name, String value) {}

  /** One extension of a header: its name and its parameters in order. */
  record Extension(String name, List<Param> params) {}

  /**
   * Returns a client's offer.
   *
   * @param config what the client asks for
   * @return the {@code Sec-WebSocket-Extensions} value
   */
  public static String clientOffer(PerMessageDeflateConfig config) {
    StringBuilder sb = new StringBuilder(NAME);
    if (config.clientNoContextTakeover()) {
      sb.append("; ").append(CLIENT_NO_CONTEXT_TAKEOVER);
    }
    if (config.serverNoContextTakeover()) {
      sb.append("; ").append(SERVER_NO_CONTEXT_TAKEOVER);
    }
    if (config.serverMaxWindowBits() < MAX_BITS) {
      sb.append("; ")
          .append(SERVER_MAX_WINDOW_BITS)
          .append('=')
          .append(config.serverMaxWindowBits());
    }
    // Always offered: it lets the server limit the client's window, which the client can honour.
    sb.append("; ").append(CLIENT_MAX_WINDOW_BITS);
    if (config.clientMaxWindowBits() < MAX_BITS) {
      sb.append('=').append(config.clientMaxWindowBits());
    }
    return sb.toString();
  }

  /**
   * Chooses the first permessage-deflate offer a server can accept (RFC 7692, section 5: offers
   * with an unknown or repeated parameter or an invalid value are declined).
   *
   * @param headerValues the request's {@code Sec-WebSocket-Extensions} values
   * @param config what the server allows
   * @return the answer, or {@code null} if no offer is acceptable
   */
  public static Accepted serverAccept(List<String> headerValues, PerMessageDeflateConfig config) {
    for (Extension offer : parse(headerValues)) {
      if (!offer.name().equalsIgnoreCase(NAME)) {
        continue;
      }
      Accepted accepted = accept(offer, config);
      if (accepted != null) {
        return accepted;
      }
    }
    return null;
  }

  private static Accepted accept(Extension offer, PerMessageDeflateConfig config) {
    boolean serverNoContext = false;
    int serverBits = 0; // 0: not in the offer
    int clientBits = -1; // -1: not in the offer; 0: offered without a value
    List<String> seen = new ArrayList<>();
    for (Param p : offer.params()) {
      String name = p.name();
      String value = p.value();
      if (seen.contains(name)) {
        return null;
      }
      seen.add(name);
      switch (name) {
        case SERVER_NO_CONTEXT_TAKEOVER -> {
          if (value != null) {
            return null;
          }
          serverNoContext = true;
        }
        case CLIENT_NO_CONTEXT_TAKEOVER -> {
          // Only validated: a hint that the client would accept it, see below.
          if (value != null) {
            return null;
          }
        }
        case SERVER_MAX_WINDOW_BITS -> {
          serverBits = windowBits(value);
          if (serverBits < 0) {
            return null;
          }
        }
        case CLIENT_MAX_WINDOW_BITS -> {
          clientBits = value == null ? 0 : windowBits(value);
          if (clientBits < 0 && value != null) {
            return null;
          }
        }
        default -> {
          return null;
        }
      }
    }
    boolean answerServerNoContext = serverNoContext || config.serverNoContextTakeover();
    int answerServerBits =
        Math.min(serverBits > 0 ? serverBits : MAX_BITS, config.serverMaxWindowBits());
    int answerClientBits = MAX_BITS;
    if (clientBits >= 0 && config.clientMaxWindowBits() < MAX_BITS) {
      answerClientBits =
          Math.min(clientBits > 0 ? clientBits : MAX_BITS, config.clientMaxWindowBits());
    }
    StringBuilder sb = new StringBuilder(NAME);
    if (answerServerNoContext) {
      sb.append("; ").append(SERVER_NO_CONTEXT_TAKEOVER);
    }
    if (config.clientNoContextTakeover()) {
      sb.append("; ").append(CLIENT_NO_CONTEXT_TAKEOVER);
    }
    if (serverBits > 0 || answerServerBits < MAX_BITS) {
      sb.append("; ").append(SERVER_MAX_WINDOW_BITS).append('=').append(answerServerBits);
    }
    if (answerClientBits < MAX_BITS) {
      sb.append("; ").append(CLIENT_MAX_WINDOW_BITS).append('=').append(answerClientBits);
    }
    // The client resets its compressor only when the answer says so: the offer's
    // client_no_context_takeover is a hint that it would accept that, not a promise.
    return new Accepted(
        sb.toString(),
        new DeflateParams(
            config.compressionLevel(),
            answerServerNoContext,
            answerServerBits,
            config.clientNoContextTakeover()));
  }

  /**
   * Checks a server's answer to the client's offer (RFC 7692, section 7.1).
   *
   * @param headerValues the {@code 101}'s {@code Sec-WebSocket-Extensions} values
   * @param config what the client offered
   * @return the client's agreed parameters, or {@code null} if the server accepted no extension
   * @throws IllegalArgumentException naming what is wrong with the answer (the client then fails
   *     the connection)
   */
  public static DeflateParams clientAccept(
      List<String> headerValues, PerMessageDeflateConfig config) {
    List<Extension> extensions = parse(headerValues);
    if (extensions.isEmpty()) {
      return null;
    }
    if (extensions.size() > 1 || !extensions.get(0).name().equalsIgnoreCase(NAME)) {
      throw new IllegalArgumentException("server chose an extension that was not offered");
    }
    boolean serverNoContext = false;
    boolean clientNoContext = false;
    int clientBits = MAX_BITS;
    List<String> seen = new ArrayList<>();
    for (Param p : extensions.get(0).params()) {
      String name = p.name();
      String value = p.value();
      if (seen.contains(name)) {
        throw new IllegalArgumentException("permessage-deflate parameter repeated: " + name);
      }
      seen.add(name);
      switch (name) {
        case SERVER_NO_CONTEXT_TAKEOVER -> {
          if (value != null) {
            throw new IllegalArgumentException(name + " with a value");
          }
          serverNoContext = true;
        }
        case CLIENT_NO_CONTEXT_TAKEOVER -> {
          if (value != null) {
            throw new IllegalArgumentException(name + " with a value");
          }
          clientNoContext = true;
        }
        case SERVER_MAX_WINDOW_BITS -> {
          int bits = windowBits(value);
          if (bits < 0 || bits > config.serverMaxWindowBits()) {
            throw new IllegalArgumentException("invalid " + name + ": " + value);
          }
        }
        case CLIENT_MAX_WINDOW_BITS -> {
          int bits = windowBits(value);
          if (bits < 0) {
            throw new IllegalArgumentException("invalid " + name + ": " + value);
          }
          clientBits = bits;
        }
        default ->
            throw new IllegalArgumentException("unknown permessage-deflate parameter " + name);
      }
    }
    return new DeflateParams(
        config.compressionLevel(),
        clientNoContext || config.clientNoContextTakeover(),
        Math.min(clientBits, config.clientMaxWindowBits()),
        serverNoContext);
  }

  /** Returns the value 8..15 written without leading zeros, or -1. */
  private static int windowBits(String value) {
    if (value == null || value.isEmpty() || value.length() > 2 || value.charAt(0) == '0') {
      return -1;
    }
    int bits = 0;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      bits = bits * 10 + (c - '0');
    }
    return bits >= PerMessageDeflateConfig.MIN_WINDOW_BITS && bits <= MAX_BITS ? bits : -1;
  }

  /**
   * Parses {@code Sec-WebSocket-Extensions} values (RFC 6455, section 9.1): comma-separated
   * extensions, each a name and {@code ;}-separated parameters, a value optionally quoted.
   * Parameter names are compared in lower case.
   */
  static List<Extension> parse(List<String> headerValues) {
    List<Extension> out = new ArrayList<>();
    for (String header : headerValues) {
      for (String element : header.split(",", -1)) {
        String[] parts = element.split(";", -1);
        String name = parts[0].trim();
        if (name.isEmpty()) {
          continue;
        }
        List<Param> params = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
          String part = parts[i].trim();
          if (part.isEmpty()) {
            continue;
          }
          int eq = part.indexOf('=');
          String key = (eq < 0 ? part : part.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
          String value = null;
          if (eq >= 0) {
            value = part.substring(eq + 1).trim();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
              value = value.substring(1, value.length() - 1);
            }
          }
          params.add(new Param(key, value));
        }
        out.add(new Extension(name, params));
      }
    }
    return out;
  }
}
