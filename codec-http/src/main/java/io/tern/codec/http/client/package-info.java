/**
 * Handlers a client puts after {@link io.tern.codec.http.HttpClientCodec}: {@link
 * io.tern.codec.http.client.HttpContentDecompressor}, which undoes {@code Content-Encoding} with
 * decompression limits (a server may use it for request bodies too).
 */
package io.tern.codec.http.client;
