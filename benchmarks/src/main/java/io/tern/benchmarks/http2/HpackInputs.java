package io.tern.benchmarks.http2;

import io.tern.codec.http2.hpack.HpackStories;
import io.tern.codec.http2.hpack.HpackStories.Case;
import io.tern.codec.http2.hpack.HpackStories.Field;
import io.tern.codec.http2.hpack.HpackStories.Story;
import java.util.List;

/**
 * The inputs both HPACK twins use, from the public hpack-test-case corpus (codec-http2's test jar):
 * the header lists of the 32 {@code raw-data} stories (real browsing sessions) to encode, and the
 * blocks nghttp2 encoded the same sessions to, to decode. Each story is one connection: one
 * compression context, blocks in order.
 */
final class HpackInputs {
  private HpackInputs() {}

  /**
   * Returns every story's header lists as name and value strings: {@code [story][block][2 * i]} the
   * name, {@code [2 * i + 1]} the value.
   */
  static String[][][] headerLists() {
    List<Story> stories = HpackStories.load("raw-data");
    String[][][] out = new String[stories.size()][][];
    for (int s = 0; s < out.length; s++) {
      List<Case> cases = stories.get(s).cases();
      out[s] = new String[cases.size()][];
      for (int c = 0; c < cases.size(); c++) {
        List<Field> fields = cases.get(c).headers();
        String[] nv = new String[fields.size() * 2];
        for (int f = 0; f < fields.size(); f++) {
          nv[2 * f] = fields.get(f).name();
          nv[2 * f + 1] = fields.get(f).value();
        }
        out[s][c] = nv;
      }
    }
    return out;
  }

  /** Returns nghttp2's encoded blocks: {@code [story][block]}. */
  static byte[][][] encodedBlocks() {
    List<Story> stories = HpackStories.load("nghttp2");
    byte[][][] out = new byte[stories.size()][][];
    for (int s = 0; s < out.length; s++) {
      List<Case> cases = stories.get(s).cases();
      out[s] = new byte[cases.size()][];
      for (int c = 0; c < cases.size(); c++) {
        out[s][c] = cases.get(c).wire();
      }
    }
    return out;
  }

  /** The header list limit both decoders get: no story comes near it. */
  static final long MAX_HEADER_LIST_SIZE = 1 << 20;
}
