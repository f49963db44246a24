/**
 * POST bodies: decoding {@code application/x-www-form-urlencoded} and {@code multipart/form-data}
 * into {@link io.tern.codec.http.multipart.Attribute}s and {@link
 * io.tern.codec.http.multipart.FileUpload}s stored in memory, on disk or both ({@link
 * io.tern.codec.http.multipart.HttpDataFactory}), streaming as content arrives ({@link
 * io.tern.codec.http.multipart.HttpPostRequestDecoder}), and encoding such bodies for client
 * uploads ({@link io.tern.codec.http.multipart.HttpPostRequestEncoder}).
 */
package io.tern.codec.http.multipart;
