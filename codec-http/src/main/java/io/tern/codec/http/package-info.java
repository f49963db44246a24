/**
 * HTTP/1.1: what every HTTP application imports. The message model ({@link
 * io.tern.codec.http.HttpRequest}, {@link io.tern.codec.http.HttpResponse}, {@link
 * io.tern.codec.http.HttpContent}, {@link io.tern.codec.http.HttpHeaders}, {@link
 * io.tern.codec.http.RequestTarget}), methods, versions and statuses; the codec ({@link
 * io.tern.codec.http.HttpServerCodec}, {@link io.tern.codec.http.HttpClientCodec}, the decoders and
 * encoders they are made of, {@link io.tern.codec.http.HttpObjectAggregator}); and the helpers
 * around them: {@link io.tern.codec.http.HttpUtil}, {@link io.tern.codec.http.QueryStringDecoder},
 * {@link io.tern.codec.http.QueryStringEncoder}, {@link io.tern.codec.http.DateFormatter} and
 * {@link io.tern.codec.http.HttpDateCache}.
 *
 * <p>Less central features live in sub-packages that depend on this one: {@code server}
 * (keep-alive, response compression), {@code client} (content decompression), {@code files} (static
 * files), {@code cookie}, {@code cors} and {@code multipart} (POST bodies).
 */
package io.tern.codec.http;
