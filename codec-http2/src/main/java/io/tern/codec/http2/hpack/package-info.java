/**
 * HPACK (RFC 7541): {@link io.tern.codec.http2.hpack.HpackDecoder} and {@link
 * io.tern.codec.http2.hpack.HpackEncoder} with their static and dynamic tables and the Huffman
 * code. They know header fields as name and value byte strings only; HTTP/2's rules on fields
 * (pseudo-headers, lower case, connection-specific fields) are checked above them.
 */
package io.tern.codec.http2.hpack;
