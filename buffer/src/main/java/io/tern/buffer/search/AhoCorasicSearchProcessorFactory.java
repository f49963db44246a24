package io.tern.buffer.search;

import io.tern.buffer.search.internal.AhoCorasicSearchProcessor;
import java.util.Arrays;

/**
 * Aho–Corasick compiled to a DFA. States are numbered in trie order; {@code transitions[state * 256
 * + byte]} holds the next state pre-multiplied by 256 (so the processor adds the byte without a
 * multiply), negated when that state ends a needle, so the hot loop needs one load and one sign
 * test per byte. Root is state 0 and never matches, so the sign is unambiguous.
 */
final class AhoCorasicSearchProcessorFactory extends AbstractMultiSearchProcessorFactory {
  private final int[] transitions;

  /** For each state, the longest needle ending there, or -1. */
  private final int[] needleIds;

  AhoCorasicSearchProcessorFactory(byte[]... needles) {
    if (needles.length == 0) {
      throw new IllegalArgumentException("no needles");
    }
    long total = 0;
    for (byte[] needle : needles) {
      if (needle.length == 0) {
        throw new IllegalArgumentException("empty needle");
      }
      total += needle.length;
    }
    if (total > MAX_TOTAL_NEEDLE_LENGTH) {
      throw new IllegalArgumentException(
          "needles total " + total + " bytes, more than " + MAX_TOTAL_NEEDLE_LENGTH);
    }
    int maxStates = (int) total + 1;
    int[] trie = new int[maxStates * 256]; // child state number, 0 = none
    int[] ids = new int[maxStates];
    Arrays.fill(ids, -1);
    int states = 1;
    for (int id = 0; id < needles.length; id++) {
      int state = 0;
      for (byte b : needles[id]) {
        int slot = state * 256 + (b & 0xFF);
        if (trie[slot] == 0) {
          trie[slot] = states++;
        }
        state = trie[slot];
      }
      if (ids[state] < 0) {
        ids[state] = id; // first of duplicate needles wins
      }
    }

    // Breadth-first: a state's failure link is shallower, so it is complete before it is used.
    int[] failure = new int[states];
    int[] queue = new int[states];
    int head = 0;
    int tail = 0;
    for (int c = 0; c < 256; c++) {
      int child = trie[c];
      if (child != 0) {
        queue[tail++] = child;
      }
    }
    while (head < tail) {
      int state = queue[head++];
      if (ids[state] < 0) {
        ids[state] = ids[failure[state]];
      }
      for (int c = 0; c < 256; c++) {
        int slot = state * 256 + c;
        int child = trie[slot];
        int viaFailure = trie[failure[state] * 256 + c];
        if (child != 0) {
          failure[child] = viaFailure;
          queue[tail++] = child;
        } else {
          trie[slot] = viaFailure;
        }
      }
    }

    transitions = new int[states * 256];
    for (int slot = 0; slot < transitions.length; slot++) {
      int next = trie[slot];
      transitions[slot] = ids[next] >= 0 ? -(next << 8) : next << 8;
    }
    needleIds = Arrays.copyOf(ids, states);
  }

  @Override
  public MultiSearchProcessor newSearchProcessor() {
    return new AhoCorasicSearchProcessor(transitions, needleIds);
  }
}
