package io.tern.codec.http.websocket.internal;

/**
 * What one endpoint runs permessage-deflate with once negotiated: how it compresses what it sends,
 * and whether the peer resets its compressor after every message.
 *
 * @param compressionLevel the deflate level, 0 to 9
 * @param compressorNoContextTakeover whether this endpoint resets its compressor after each message
 * @param compressorWindowBits the largest LZ77 window this endpoint may use, 8 to 15
 * @param peerNoContextTakeover whether the peer resets its compressor after each message (the
 *     inflater may then be reset as well)
 */
public record DeflateParams(
    int compressionLevel,
    boolean compressorNoContextTakeover,
    int compressorWindowBits,
    boolean peerNoContextTakeover) {}
