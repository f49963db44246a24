/**
 * Static files: {@link io.tern.codec.http.files.HttpStaticFileHandler} serves a directory with
 * zero-copy writes (chunked over TLS), validators, conditional requests and byte ranges.
 */
package io.tern.codec.http.files;
