package io.tern.benchmarks.load.netty;

/**
 * Netty's echo server ({@code netty-echo} in the load harness): {@code NettyEchoServer --port N
 * [--transport nio|epoll|io_uring] [--threads N]}.
 */
public final class NettyEchoServer {
  private NettyEchoServer() {}

  /**
   * Serves until killed.
   *
   * @param args see the class description
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    NettyServer.serve(
        "netty-echo",
        ServerArgs.parse(args),
        NettyServer.Tuning.DEFAULTS,
        channel -> channel.pipeline().addLast(EchoHandler.INSTANCE));
  }
}
