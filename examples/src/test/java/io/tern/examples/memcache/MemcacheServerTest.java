package io.tern.examples.memcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.codec.memcache.BinaryMemcacheOpcodes;
import io.tern.codec.memcache.BinaryMemcacheRequest;
import io.tern.codec.memcache.BinaryMemcacheResponse;
import io.tern.codec.memcache.BinaryMemcacheResponseStatus;
import io.tern.common.concurrent.Future;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemcacheServerTest {

  private static String describe(BinaryMemcacheResponse r) {
    String value =
        r.opcode() == BinaryMemcacheOpcodes.INCREMENT
                || r.opcode() == BinaryMemcacheOpcodes.DECREMENT
            ? r.value().readableBytes() == 8
                ? "#" + r.value().getLong(r.value().readerIndex())
                : r.value().toString(StandardCharsets.UTF_8)
            : r.value().toString(StandardCharsets.UTF_8);
    return r.opaque()
        + ":"
        + r.status()
        + ":"
        + r.key().toString(StandardCharsets.UTF_8)
        + ":"
        + value;
  }

  @Test
  void answersLikeMemcachedOverNioLoopback() throws Exception {
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    try {
      ServerChannel server =
          MemcacheServer.start(
                  nio, group, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .getNow();
      List<BinaryMemcacheRequest> requests = new ArrayList<>();
      requests.add(MemcacheClient.request(BinaryMemcacheOpcodes.SETQ, "a", "1", 1)); // silent
      requests.add(MemcacheClient.request(BinaryMemcacheOpcodes.GETKQ, "a", null, 2)); // hit
      requests.add(
          MemcacheClient.request(BinaryMemcacheOpcodes.GETKQ, "b", null, 3)); // silent miss
      requests.add(MemcacheClient.request(BinaryMemcacheOpcodes.ADD, "a", "x", 4)); // exists
      requests.add(MemcacheClient.request(BinaryMemcacheOpcodes.REPLACEQ, "b", "x", 5)); // error
      requests.add(
          new BinaryMemcacheRequest(
                  BinaryMemcacheOpcodes.INCREMENT,
                  Unpooled.buffer(20).writeLong(9).writeLong(0).writeInt(0),
                  Unpooled.copiedBuffer("a", StandardCharsets.UTF_8),
                  Unpooled.EMPTY_BUFFER)
              .opaque(6));
      requests.add(
          new BinaryMemcacheRequest(
                  BinaryMemcacheOpcodes.APPEND,
                  Unpooled.EMPTY_BUFFER,
                  Unpooled.copiedBuffer("none", StandardCharsets.UTF_8),
                  Unpooled.copiedBuffer("x", StandardCharsets.UTF_8))
              .opaque(7));
      requests.add(BinaryMemcacheRequest.of((byte) 0x55).opaque(8));
      requests.add(BinaryMemcacheRequest.of(BinaryMemcacheOpcodes.NOOP).opaque(9));
      Future<List<BinaryMemcacheResponse>> result =
          MemcacheClient.exchange(nio, group, server.localAddress(), requests);
      assertThat(result.await(30, TimeUnit.SECONDS)).as("hang guard").isTrue();
      assertThat(result.cause()).isNull();
      List<String> described = new ArrayList<>();
      for (BinaryMemcacheResponse response : result.getNow()) {
        described.add(describe(response));
        response.release();
      }
      assertThat(described)
          .containsExactly(
              "2:0:a:1",
              "4:" + BinaryMemcacheResponseStatus.KEY_EEXISTS + "::Data exists for key.",
              "5:" + BinaryMemcacheResponseStatus.KEY_ENOENT + "::Not found",
              "6:0::#10",
              "7:" + BinaryMemcacheResponseStatus.NOT_STORED + "::Not stored.",
              "8:" + BinaryMemcacheResponseStatus.UNKNOWN_COMMAND + "::Unknown command",
              "9:0::");
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
