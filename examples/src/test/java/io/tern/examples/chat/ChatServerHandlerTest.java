package io.tern.examples.chat;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChatServerHandlerTest {
  private final ChatRoom room = new ChatRoom();

  private EmbeddedChannel member() {
    EmbeddedChannel ch = new EmbeddedChannel();
    ChatServerHandler.addTo(ch.pipeline(), room);
    // EmbeddedChannel was active before the handlers came: replay the event they wait for.
    ch.pipeline().fireChannelActive();
    return ch;
  }

  private static List<String> lines(EmbeddedChannel ch) {
    List<String> lines = new ArrayList<>();
    for (ByteBuf buf; (buf = ch.readOutbound()) != null; ) {
      lines.add(buf.toString(StandardCharsets.UTF_8));
      buf.release();
    }
    return lines;
  }

  private static void type(EmbeddedChannel ch, String text) {
    ch.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
  }

  @Test
  void greetsANewMemberAndAnnouncesItToTheOthers() {
    EmbeddedChannel alice = member();
    assertThat(lines(alice)).singleElement().asString().startsWith("Welcome").endsWith("\r\n");
    EmbeddedChannel bob = member();
    assertThat(lines(bob)).singleElement().asString().contains("2 member(s)");
    assertThat(lines(alice)).containsExactly("* embedded-remote joined\r\n");
    alice.finishAndReleaseAll();
    bob.finishAndReleaseAll();
  }

  @Test
  void relaysEachLineToEveryoneElseButNotBackToTheSender() {
    EmbeddedChannel alice = member();
    EmbeddedChannel bob = member();
    lines(alice);
    lines(bob);
    type(alice, "hello\r\nhow are yo");
    type(alice, "u?\n");
    assertThat(lines(bob))
        .containsExactly("[embedded-remote] hello\r\n", "[embedded-remote] how are you?\r\n");
    assertThat(lines(alice)).isEmpty();
    alice.finishAndReleaseAll();
    bob.finishAndReleaseAll();
  }

  @Test
  void quitSaysByeClosesAndTellsTheOthers() {
    EmbeddedChannel alice = member();
    EmbeddedChannel bob = member();
    lines(alice);
    lines(bob);
    type(alice, "/quit\n");
    assertThat(lines(alice)).containsExactly("Bye!\r\n");
    assertThat(alice.isOpen()).isFalse();
    assertThat(lines(bob)).containsExactly("* embedded-remote left\r\n");
    assertThat(room.size()).isEqualTo(1);
    bob.finishAndReleaseAll();
  }

  @Test
  void dropsATooLongLineAndKeepsTheConnection() {
    EmbeddedChannel alice = member();
    EmbeddedChannel bob = member();
    lines(alice);
    lines(bob);
    type(alice, "x".repeat(ChatServerHandler.MAX_LINE_BYTES + 1) + "\nshort\n");
    assertThat(lines(alice)).singleElement().asString().startsWith("! line too long");
    assertThat(lines(bob)).containsExactly("[embedded-remote] short\r\n");
    assertThat(alice.isOpen()).isTrue();
    alice.finishAndReleaseAll();
    bob.finishAndReleaseAll();
  }
}
