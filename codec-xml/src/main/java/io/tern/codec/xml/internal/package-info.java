/** The Aalto-backed parser under the XML decoders and the frame scanner. Not exported. */
package io.tern.codec.xml.internal;
