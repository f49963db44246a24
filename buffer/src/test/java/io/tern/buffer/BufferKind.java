package io.tern.buffer;

import io.tern.buffer.internal.UnpooledDirectByteBuf;
import io.tern.buffer.internal.UnpooledHeapByteBuf;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;

/**
 * One buffer implementation under test: creates a buffer whose capacity is exactly the content's
 * length, with all of it readable. The caller releases the buffer (which frees everything the kind
 * allocated for it).
 */
record BufferKind(
    String name, boolean writable, boolean resizable, Function<byte[], ByteBuf> factory) {
  static final UnpooledByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;
  static final PooledByteBufAllocator POOLED = new PooledByteBufAllocator(true);

  ByteBuf create(byte[] content) {
    ByteBuf buf = factory.apply(content);
    if (buf.capacity() != content.length || buf.readableBytes() != content.length) {
      buf.release();
      throw new AssertionError(name + " made " + buf);
    }
    return buf;
  }

  ByteBuf create(int capacity) {
    return create(new byte[capacity]);
  }

  @Override
  public String toString() {
    return name;
  }

  static List<BufferKind> all() {
    return List.of(
        new BufferKind("heap", true, true, BufferKind::heap),
        new BufferKind("direct", true, true, BufferKind::direct),
        new BufferKind("allocatedDirect", true, true, c -> fill(ALLOC.directBuffer(c.length), c)),
        new BufferKind("pooledHeap", true, true, c -> fill(POOLED.heapBuffer(c.length), c)),
        new BufferKind("pooledDirect", true, true, c -> fill(POOLED.directBuffer(c.length), c)),
        new BufferKind("pooledSlice", true, false, BufferKind::pooledSlice),
        new BufferKind("heapWithOffset", true, true, BufferKind::heapWithOffset),
        new BufferKind("slice", true, false, BufferKind::slice),
        new BufferKind("duplicate", true, true, BufferKind::duplicate),
        new BufferKind("retainedSlice", true, false, BufferKind::retainedSlice),
        new BufferKind("sliceOfSlice", true, false, BufferKind::sliceOfSlice),
        new BufferKind("readOnly", false, false, c -> heap(c).asReadOnly()),
        new BufferKind("readOnlyByteBuffer", false, false, BufferKind::readOnlyByteBuffer),
        new BufferKind("writableDirectByteBuffer", true, false, BufferKind::directByteBuffer),
        new BufferKind("composite", true, true, BufferKind::composite),
        new BufferKind("unreleasableView", true, true, BufferKind::unreleasableOwnedView));
  }

  static List<BufferKind> writableKinds() {
    return all().stream().filter(BufferKind::writable).toList();
  }

  static ByteBuf fill(ByteBuf buf, byte[] content) {
    return buf.writeBytes(content);
  }

  static ByteBuf heap(byte[] c) {
    return fill(new UnpooledHeapByteBuf(ALLOC, c.length, Integer.MAX_VALUE), c);
  }

  static ByteBuf direct(byte[] c) {
    return fill(new UnpooledDirectByteBuf(ALLOC, c.length, Integer.MAX_VALUE), c);
  }

  static ByteBuf heapWithOffset(byte[] c) {
    byte[] array = new byte[c.length + 7];
    System.arraycopy(c, 0, array, 3, c.length);
    return new UnpooledHeapByteBuf(ALLOC, array, 3, c.length, Integer.MAX_VALUE)
        .writerIndex(c.length);
  }

  static ByteBuf slice(byte[] c) {
    ByteBuf parent = direct(new byte[c.length + 16]);
    return parent.slice(8, c.length).clear().writeBytes(c);
  }

  static ByteBuf pooledSlice(byte[] c) {
    ByteBuf parent = POOLED.directBuffer(c.length + 16);
    return parent.slice(8, c.length).clear().writeBytes(c);
  }

  static ByteBuf duplicate(byte[] c) {
    return heap(c).duplicate();
  }

  static ByteBuf retainedSlice(byte[] c) {
    ByteBuf parent = heap(new byte[c.length + 4]);
    ByteBuf slice = parent.retainedSlice(2, c.length);
    parent.release();
    return slice.clear().writeBytes(c);
  }

  static ByteBuf sliceOfSlice(byte[] c) {
    ByteBuf parent = heap(new byte[c.length + 10]);
    return parent.slice(3, c.length + 5).slice(2, c.length).clear().writeBytes(c);
  }

  static ByteBuf readOnlyByteBuffer(byte[] c) {
    ByteBuffer nio = ByteBuffer.allocateDirect(c.length + 3);
    nio.position(3);
    nio.put(c).position(3);
    return Unpooled.wrappedBuffer(nio.asReadOnlyBuffer());
  }

  static ByteBuf directByteBuffer(byte[] c) {
    ByteBuffer nio = ByteBuffer.allocateDirect(c.length);
    nio.put(c).flip();
    return Unpooled.wrappedBuffer(nio);
  }

  /** Components of varying kinds and sizes, with empty ones at the start, middle and end. */
  static ByteBuf composite(byte[] c) {
    CompositeByteBuf composite = new CompositeByteBuf(ALLOC, false, 64);
    composite.addComponent(true, heap(new byte[0]));
    int first = c.length / 3;
    int second = c.length / 2;
    composite.addComponent(true, heap(java.util.Arrays.copyOfRange(c, 0, first)));
    composite.addComponent(true, direct(new byte[0]));
    composite.addComponent(true, direct(java.util.Arrays.copyOfRange(c, first, second)));
    composite.addComponent(true, heapWithOffset(java.util.Arrays.copyOfRange(c, second, c.length)));
    composite.addComponent(true, heap(new byte[0]));
    return composite;
  }

  /** An unreleasable view over a buffer the test still owns: released through unwrap(). */
  static ByteBuf unreleasableOwnedView(byte[] c) {
    return new OwnedUnreleasable(heap(c)).view;
  }

  /** Keeps the root reachable so the test can release it through {@link ByteBuf#unwrap()}. */
  private record OwnedUnreleasable(ByteBuf root, ByteBuf view) {
    OwnedUnreleasable(ByteBuf root) {
      this(root, Unpooled.unreleasableBuffer(root));
    }
  }

  /** Releases a buffer made by any kind, including an unreleasable view's root. */
  static void releaseAll(ByteBuf buf) {
    if (buf.refCnt() == 0) {
      return;
    }
    if (buf.release()) {
      return;
    }
    ByteBuf root = buf.unwrap();
    if (root != null
        && root.refCnt() > 0
        && buf.getClass().getSimpleName().startsWith("Unreleasable")) {
      root.release();
    }
  }
}
