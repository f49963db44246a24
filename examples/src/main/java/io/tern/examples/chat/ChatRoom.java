package io.tern.examples.chat;

import io.tern.transport.channel.Channel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The members of one chat: every connected channel, whatever loop it runs on.
 *
 * <p>Thread-safe: channels join and leave from their own loops; a broadcast hands each write to the
 * receiving channel's loop ({@link Channel#writeAndFlush} may be called from any thread).
 */
public final class ChatRoom {
  private final Set<Channel> members = ConcurrentHashMap.newKeySet();

  /** Creates an empty room. */
  public ChatRoom() {}

  /**
   * Adds a member; it is removed again automatically when it closes.
   *
   * @param member the channel
   */
  public void join(Channel member) {
    members.add(member);
    member.closeFuture().addListener(f -> members.remove(member));
  }

  /**
   * Removes a member.
   *
   * @param member the channel
   */
  public void leave(Channel member) {
    members.remove(member);
  }

  /**
   * Sends a line to every member except one.
   *
   * @param except the member that does not receive it, or {@code null}
   * @param line the text, without line separator
   */
  public void broadcast(Channel except, String line) {
    for (Channel member : members) {
      if (member != except) {
        member.writeAndFlush(line);
      }
    }
  }

  /**
   * Returns how many members are connected.
   *
   * @return the count
   */
  public int size() {
    return members.size();
  }

  /**
   * Returns the name a member is shown under: its remote address, or its id for channels without
   * one.
   *
   * @param member the channel
   * @return the name
   */
  public static String nameOf(Channel member) {
    Object address = member.remoteAddress();
    return address != null ? address.toString().replaceFirst("^/", "") : member.id().asShortText();
  }
}
