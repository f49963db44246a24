package io.tern.transport.spi;

import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;

/**
 * The registration of a channel carried by another channel ({@link
 * AbstractChannel#carriedRegistration()}): no {@code IoHandler} knows it, so it only records
 * whether the channel still counts as registered.
 *
 * <p>Event loop of the channel only.
 */
final class CarriedRegistration implements IoRegistration {
  private final AbstractChannel channel;
  private boolean valid = true;

  CarriedRegistration(AbstractChannel channel) {
    this.channel = channel;
  }

  @Override
  public Object attachment() {
    return channel;
  }

  @Override
  public long submit(IoOps ops) {
    throw new IllegalArgumentException(
        "a channel carried by another has no I/O of its own: " + channel);
  }

  @Override
  public boolean isValid() {
    return valid;
  }

  @Override
  public boolean cancel() {
    boolean was = valid;
    valid = false;
    return was;
  }
}
