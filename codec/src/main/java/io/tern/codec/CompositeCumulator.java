package io.tern.codec;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.CompositeByteBuf;

/** {@link Cumulator#COMPOSITE}: components instead of copies. */
final class CompositeCumulator implements Cumulator {

  @Override
  public ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
    if (!cumulation.isReadable()) {
      cumulation.release();
      return in;
    }
    CompositeByteBuf composite = null;
    try {
      if (cumulation instanceof CompositeByteBuf c
          && c.refCnt() == 1
          && c.writerIndex() == c.capacity()) {
        composite = c;
      } else {
        composite = alloc.compositeBuffer(Integer.MAX_VALUE);
        composite.addComponent(true, cumulation);
      }
      // The composite owns in from here, also if adding fails (it releases it then).
      ByteBuf added = in;
      in = null;
      composite.addComponent(true, added);
      return composite;
    } finally {
      if (in != null) {
        in.release();
        if (composite != null && composite != cumulation) {
          composite.release();
        }
      }
    }
  }
}
