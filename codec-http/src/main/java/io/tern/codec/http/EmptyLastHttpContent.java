package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;

/** The shared {@link LastHttpContent#EMPTY_LAST_CONTENT}: no bytes, no trailers, no counting. */
final class EmptyLastHttpContent implements LastHttpContent {
  static final EmptyLastHttpContent INSTANCE = new EmptyLastHttpContent();

  private EmptyLastHttpContent() {}

  @Override
  public ByteBuf content() {
    return Unpooled.EMPTY_BUFFER;
  }

  @Override
  public HttpHeaders trailingHeaders() {
    return HttpHeaders.EMPTY;
  }

  @Override
  public LastHttpContent copy() {
    return this;
  }

  @Override
  public LastHttpContent duplicate() {
    return this;
  }

  @Override
  public LastHttpContent retainedDuplicate() {
    return this;
  }

  @Override
  public LastHttpContent replace(ByteBuf content) {
    return new DefaultLastHttpContent(content);
  }

  @Override
  public int refCnt() {
    return 1;
  }

  @Override
  public LastHttpContent retain() {
    return this;
  }

  @Override
  public LastHttpContent retain(int increment) {
    return this;
  }

  @Override
  public LastHttpContent touch() {
    return this;
  }

  @Override
  public LastHttpContent touch(Object hint) {
    return this;
  }

  @Override
  public boolean release() {
    return false;
  }

  @Override
  public boolean release(int decrement) {
    return false;
  }

  @Override
  public String toString() {
    return "EmptyLastHttpContent";
  }
}
