package io.tern.benchmarks.load.netty;

/**
 * Netty's echo server ({@code netty-echo} in the load harness): {@code NettyEchoServer --port N
 * [--transport nio|epoll|io_uring|native] [--threads N]}.
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
        channel -> channel.pipeline().addLast(new EchoHandler()));
  }
}
