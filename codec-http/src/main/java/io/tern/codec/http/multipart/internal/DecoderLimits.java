package io.tern.codec.http.multipart.internal;

/**
 * The limits of one POST decoder, as set on {@code HttpPostRequestDecoder.Builder}.
 *
 * @param maxFields the most fields in one body
 * @param maxFieldSize the largest decoded attribute value, in bytes
 * @param maxFileSize the largest uploaded file, in bytes
 * @param maxHeaderSize the largest header block of one multipart part, in bytes
 */
record DecoderLimits(int maxFields, long maxFieldSize, long maxFileSize, int maxHeaderSize) {}
