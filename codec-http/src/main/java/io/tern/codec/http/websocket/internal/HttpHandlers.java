package io.tern.codec.http.websocket.internal;

import io.tern.codec.http.HttpClientCodec;
import io.tern.codec.http.HttpObjectAggregator;
import io.tern.codec.http.HttpObjectDecoder;
import io.tern.codec.http.HttpObjectEncoder;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.client.HttpContentDecompressor;
import io.tern.codec.http.cors.CorsHandler;
import io.tern.codec.http.server.HttpContentCompressor;
import io.tern.codec.http.server.HttpServerKeepAliveHandler;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes a pipeline over from HTTP/1.1: puts the WebSocket frame codec where the HTTP codec was and
 * removes every HTTP handler in front of the protocol handler.
 *
 * <p>The frame decoder goes directly behind the HTTP codec before the codec is removed, because a
 * codec that is removed passes the bytes it has not decoded (those the peer sent right after the
 * handshake) to the handler behind it.
 */
public final class HttpHandlers {
  private HttpHandlers() {}

  /**
   * Replaces the HTTP handlers in front of {@code protocolCtx} with {@code encoder} and {@code
   * decoder}.
   *
   * @param pipeline the pipeline
   * @param protocolCtx the context of the protocol handler that stays
   * @param encoder the frame encoder
   * @param decoder the frame decoder
   * @throws IllegalStateException if there is no HTTP codec in front of the protocol handler
   */
  public static void replaceWithWebSocket(
      ChannelPipeline pipeline,
      ChannelHandlerContext protocolCtx,
      ChannelHandler encoder,
      ChannelHandler decoder) {
    replaceWithWebSocket(pipeline, protocolCtx, encoder, decoder, null);
  }

  /**
   * Replaces the HTTP handlers in front of {@code protocolCtx} with {@code encoder}, {@code
   * decoder} and, behind them, the handler of a negotiated extension.
   *
   * @param pipeline the pipeline
   * @param protocolCtx the context of the protocol handler that stays
   * @param encoder the frame encoder
   * @param decoder the frame decoder
   * @param extension the extension's handler (frames in, frames out), or {@code null}
   * @throws IllegalStateException if there is no HTTP codec in front of the protocol handler
   */
  public static void replaceWithWebSocket(
      ChannelPipeline pipeline,
      ChannelHandlerContext protocolCtx,
      ChannelHandler encoder,
      ChannelHandler decoder,
      ChannelHandler extension) {
    List<ChannelHandler> http = new ArrayList<>();
    String codecName = null;
    for (String name : pipeline.names()) {
      if (name.equals(protocolCtx.name())) {
        break;
      }
      ChannelHandler h = pipeline.get(name);
      if (h == null) {
        continue;
      }
      if (isCodec(h)) {
        if (codecName == null || !(h instanceof HttpObjectEncoder)) {
          codecName = name;
        }
        http.add(h);
      } else if (isHttpHandler(h)) {
        http.add(h);
      }
    }
    if (codecName == null) {
      throw new IllegalStateException("no HTTP codec in front of " + protocolCtx.name());
    }
    pipeline.addAfter(codecName, "ws-encoder", encoder);
    pipeline.addAfter(codecName, "ws-decoder", decoder);
    if (extension != null) {
      // Behind the codec, so the frames the codec hands over on its removal are inflated too.
      pipeline.addAfter("ws-encoder", "ws-extension", extension);
    }
    // The codec last: its remaining bytes then meet a pipeline with no HTTP handler left.
    ChannelHandler codec = pipeline.get(codecName);
    for (ChannelHandler h : http) {
      if (h != codec) {
        pipeline.remove(h);
      }
    }
    pipeline.remove(codec);
  }

  private static boolean isCodec(ChannelHandler h) {
    return h instanceof HttpServerCodec
        || h instanceof HttpClientCodec
        || h instanceof HttpObjectDecoder
        || h instanceof HttpObjectEncoder;
  }

  private static boolean isHttpHandler(ChannelHandler h) {
    return h instanceof HttpObjectAggregator
        || h instanceof HttpServerKeepAliveHandler
        || h instanceof HttpContentCompressor
        || h instanceof HttpContentDecompressor
        || h instanceof CorsHandler;
  }
}
