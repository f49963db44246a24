/**
 * The FFM bindings under the native compression codecs: the system's {@code libzstd}, {@code
 * libbrotlienc} and {@code libbrotlidec}, loaded at first use, and the buffer plumbing between
 * {@code ByteBuf}s and the libraries' streaming calls. Not exported.
 */
package io.tern.codec.compression.internal;
