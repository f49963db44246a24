package io.tern.codec.http.multipart.internal;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.multipart.HttpData;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.common.IllegalReferenceCountException;
import io.tern.common.ReferenceCount;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Objects;

/** The shared part of attributes and file uploads: name, storage, completion, reference count. */
abstract class AbstractHttpData implements HttpData {
  private final String name;
  private final Charset charset;
  private final DataStorage storage;
  private boolean completed;

  private final ReferenceCount refCnt = new ReferenceCount();

  AbstractHttpData(String name, Charset charset, HttpDataFactory factory) {
    this.name = Objects.requireNonNull(name, "name");
    this.charset = Objects.requireNonNull(charset, "charset");
    this.storage = new DataStorage(factory);
  }

  final void append(byte[] src, int off, int len) throws IOException {
    storage.append(src, off, len);
  }

  final void complete() throws IOException {
    storage.finish();
    completed = true;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final boolean isCompleted() {
    return completed;
  }

  @Override
  public final long length() {
    return storage.length();
  }

  @Override
  public final Charset charset() {
    return charset;
  }

  @Override
  public final boolean isInMemory() {
    ensureAccessible();
    return storage.inMemory();
  }

  @Override
  public final byte[] bytes() throws IOException {
    ensureAccessible();
    return storage.bytes();
  }

  @Override
  public final ByteBuf content() throws IOException {
    return Unpooled.wrappedBuffer(bytes());
  }

  @Override
  public final String string() throws IOException {
    return string(charset);
  }

  @Override
  public final String string(Charset cs) throws IOException {
    return new String(bytes(), cs);
  }

  @Override
  public final Path file() {
    ensureAccessible();
    return storage.file();
  }

  @Override
  public final void renameTo(Path target) throws IOException {
    ensureAccessible();
    if (!completed) {
      throw new IllegalStateException("field '" + name + "' is not completed");
    }
    storage.moveTo(Objects.requireNonNull(target, "target"));
  }

  private void ensureAccessible() {
    if (refCnt.get() == 0) {
      throw new IllegalReferenceCountException(0);
    }
  }

  @Override
  public final int refCnt() {
    return refCnt.get();
  }

  @Override
  public final HttpData retain() {
    return retain(1);
  }

  @Override
  public final HttpData retain(int increment) {
    refCnt.retain(increment);
    return this;
  }

  @Override
  public final HttpData touch() {
    return this;
  }

  @Override
  public final HttpData touch(Object hint) {
    return this;
  }

  @Override
  public final boolean release() {
    return release(1);
  }

  @Override
  public final boolean release(int decrement) {
    if (refCnt.release(decrement)) {
      storage.delete();
      return true;
    }
    return false;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "(name="
        + name
        + ", length="
        + storage.length()
        + (completed ? ", completed" : "")
        + (storage.inMemory() ? ", in memory" : ", file=" + storage.file())
        + ')';
  }
}
