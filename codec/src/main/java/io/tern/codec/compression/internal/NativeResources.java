package io.tern.codec.compression.internal;

import java.lang.ref.Cleaner;

/**
 * The native memory of one codec: the library's stream state and the {@link Staging}. Freed
 * explicitly when the codec is done with it, or by a cleaner once the codec is unreachable (a
 * channel dropped without being closed), whichever comes first; never twice.
 */
final class NativeResources {
  private static final Cleaner CLEANER = Cleaner.create();

  private final State state;
  private final Cleaner.Cleanable cleanable;

  private NativeResources(Object owner, State state) {
    this.state = state;
    this.cleanable = CLEANER.register(owner, state);
  }

  static NativeResources forDecompressor(Object owner, StreamDecompressor decompressor) {
    return new NativeResources(owner, new State(decompressor, null, new Staging()));
  }

  static NativeResources forCompressor(Object owner, StreamCompressor compressor) {
    return new NativeResources(owner, new State(null, compressor, new Staging()));
  }

  StreamDecompressor decompressor() {
    return state.decompressor;
  }

  StreamCompressor compressor() {
    return state.compressor;
  }

  Staging staging() {
    return state.staging;
  }

  /** Frees everything now; later calls do nothing. */
  void free() {
    cleanable.clean();
  }

  /** What the cleaner frees; references nothing that could keep the owner reachable. */
  private record State(
      StreamDecompressor decompressor, StreamCompressor compressor, Staging staging)
      implements Runnable {
    @Override
    public void run() {
      if (decompressor != null) {
        decompressor.free();
      }
      if (compressor != null) {
        compressor.free();
      }
      staging.free();
    }
  }
}
