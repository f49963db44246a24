package io.tern.codec.http2;

import io.tern.transport.channel.Channel;

/**
 * One HTTP/2 stream as a {@link Channel} of its own, created by an {@link Http2MultiplexHandler}:
 * for each stream the peer opens (handed to the multiplexer's stream handler) and for each stream
 * this side opens with an {@link Http2StreamChannelBootstrap}. Its {@link #parent()} is the
 * connection's channel; it runs on the parent's event loop and has no socket of its own.
 *
 * <p><b>Reading.</b> The pipeline reads the stream's {@link Http2HeadersFrame}s and {@link
 * Http2DataFrame}s, in order. A DATA frame's bytes return to the peer's flow-control windows once
 * the pipeline has read the frame, so a stream channel that does not read (auto-read off, no {@code
 * read()}) holds the peer back once the stream's window is used up, without affecting the other
 * streams. A {@code RST_STREAM} from the peer reaches the pipeline as a user event (an {@link
 * Http2ResetFrame}) and closes the channel; so does a {@code GOAWAY} that refuses the stream, and
 * the connection's end. When the stream has closed in both directions, the channel closes once its
 * pipeline has read what the stream delivered.
 *
 * <p><b>Writing.</b> Write {@link Http2HeadersFrame}, {@link Http2DataFrame} and {@link
 * Http2ResetFrame} with stream id 0 (or the channel's id): the channel fills in its stream and
 * hands them to the connection's codec through the parent's pipeline. On a stream this side opens,
 * the first {@code HEADERS} opens the stream and {@link #streamId()} is known from then on. DATA
 * goes to the codec as far as the stream's send window allows; the rest waits in this channel's
 * outbound buffer, whose water marks make the channel unwritable, and follows when the peer opens
 * the window. Closing the channel before the stream has ended resets it ({@code
 * RST_STREAM(CANCEL)}).
 *
 * <p><b>Configuration.</b> Auto-read, water marks and options are the channel's own; its allocator
 * is the parent's unless changed; {@link #localAddress()} and {@link #remoteAddress()} are the
 * parent's. Binding and connecting are not supported.
 *
 * <h2>Threading</h2>
 *
 * <p>As any {@link Channel}: its handlers run on the parent's event loop, which is its own.
 *
 * <h2>Ownership</h2>
 *
 * <p>Frames its pipeline reads belong to the reader, which releases them. Frames written belong to
 * the channel until handed to the codec, and to the codec from then on; frames left unread or
 * unwritten when the channel closes are released by it.
 */
public interface Http2StreamChannel extends Channel {
  /**
   * Returns the stream's id.
   *
   * @return the id; 0 on a stream this side opens, until its first {@code HEADERS} is written
   */
  int streamId();
}
