package io.tern.codec.http2.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import org.junit.jupiter.api.Test;

/** The stream table's judgement of ids (RFC 9113, section 5.1) and its counts. */
class Http2StreamTableTest {
  @Test
  void aServerCountsOddIdsAsThePeersAndIdleAboveTheLastOneSeen() {
    Http2StreamTable table = new Http2StreamTable(true);
    assertThat(table.isPeerInitiated(1)).isTrue();
    assertThat(table.isPeerInitiated(2)).isFalse();
    assertThat(table.isIdle(5)).isTrue();
    table.peerStreamSeen(5);
    assertThat(table.isIdle(3)).isFalse(); // skipped ids close
    assertThat(table.isIdle(5)).isFalse();
    assertThat(table.isIdle(7)).isTrue();
    assertThat(table.isIdle(2)).isTrue(); // the server opened none of its own
    assertThat(table.lastPeerStreamId()).isEqualTo(5);
  }

  @Test
  void aClientGivesItsStreamsOddIdsInOrder() {
    Http2StreamTable table = new Http2StreamTable(false);
    Http2Stream a = table.openLocalStream(100, 200);
    Http2Stream b = table.openLocalStream(100, 200);
    assertThat(a.id).isEqualTo(1);
    assertThat(b.id).isEqualTo(3);
    assertThat(a.outbound.window()).isEqualTo(100);
    assertThat(a.inbound.window()).isEqualTo(200);
    assertThat(table.nextLocalStreamId()).isEqualTo(5);
    assertThat(table.activeLocalStreams()).isEqualTo(2);
    assertThat(table.activePeerStreams()).isZero();
    assertThat(table.get(3)).isSameAs(b);
  }

  @Test
  void theUpgradeStreamIsOneOnBothSides() {
    Http2StreamTable client = new Http2StreamTable(false);
    assertThat(client.openUpgradeStream(1, 1).id).isEqualTo(1);
    assertThat(client.nextLocalStreamId()).isEqualTo(3);
    Http2StreamTable server = new Http2StreamTable(true);
    assertThat(server.openUpgradeStream(1, 1).id).isEqualTo(1);
    assertThat(server.lastPeerStreamId()).isEqualTo(1);
    assertThat(server.activePeerStreams()).isEqualTo(1);
  }

  @Test
  void removingClosesTheStreamAndUncountsItOnce() {
    Http2StreamTable table = new Http2StreamTable(true);
    table.peerStreamSeen(1);
    Http2Stream s = table.openPeerStream(1, 10, 10);
    assertThat(table.size()).isEqualTo(1);
    assertThat(table.remove(s)).isTrue();
    assertThat(table.remove(s)).isFalse();
    assertThat(s.state()).isEqualTo(Http2Stream.State.CLOSED);
    assertThat(table.size()).isZero();
    assertThat(table.activePeerStreams()).isZero();
    assertThat(table.get(1)).isNull();
  }

  @Test
  void framesOnStreamsNotOpenAreJudgedByHowTheyClosed() throws Http2Exception {
    Http2StreamTable table = new Http2StreamTable(true);
    table.peerStreamSeen(7);
    table.resetByUs(3);
    table.resetByPeer(5);

    table.checkNotOpen(3, "DATA"); // in flight when this side reset it: ignored
    assertThatThrownBy(() -> table.checkNotOpen(5, "DATA"))
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> {
              assertThat(e.isConnectionError()).isFalse();
              assertThat(e.streamId()).isEqualTo(5);
              assertThat(e.error()).isEqualTo(Http2Error.STREAM_CLOSED);
            });
    assertThatThrownBy(() -> table.checkNotOpen(1, "DATA"))
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> {
              assertThat(e.isConnectionError()).isTrue();
              assertThat(e.error()).isEqualTo(Http2Error.STREAM_CLOSED);
            });
    assertThatThrownBy(() -> table.checkNotOpen(9, "DATA"))
        .isInstanceOfSatisfying(
            Http2Exception.class,
            e -> {
              assertThat(e.isConnectionError()).isTrue();
              assertThat(e.error()).isEqualTo(Http2Error.PROTOCOL_ERROR);
            });
  }

  @Test
  void onlyTheLastThirtyTwoResetsAreRemembered() throws Http2Exception {
    Http2StreamTable table = new Http2StreamTable(true);
    table.peerStreamSeen(201);
    for (int id = 1; id <= 65; id += 2) {
      table.resetByUs(id); // 33 ids: the first falls out of the ring
    }
    table.checkNotOpen(65, "DATA");
    table.checkNotOpen(3, "DATA");
    assertThatThrownBy(() -> table.checkNotOpen(1, "DATA"))
        .isInstanceOfSatisfying(
            Http2Exception.class, e -> assertThat(e.isConnectionError()).isTrue());
  }
}
