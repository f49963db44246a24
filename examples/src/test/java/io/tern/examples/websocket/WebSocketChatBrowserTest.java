package io.tern.examples.websocket;

import io.tern.examples.chat.ChatRoom;
import io.tern.examples.support.Transports;
import io.tern.examples.support.Transports.Transport;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.MultiThreadEventLoopGroup;
import io.tern.transport.channel.ServerChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The chat example as a user tries it: Debian's Chromium, headless, driven by Selenium through
 * Debian's chromedriver, opens the page in two windows; a message typed in one arrives in the
 * other, and when one window closes the other sees it leave. A missing browser or driver fails the
 * test (apt packages {@code chromium chromium-driver}, installed by {@code .ci/install-peers}).
 */
@Tag("interop")
class WebSocketChatBrowserTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  private static WebDriver browser() {
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toString());
    // Root on a machine without a display: no sandbox, no GPU, /tmp instead of a small /dev/shm.
    options.addArguments(
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage");
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    return new ChromeDriver(service, options);
  }

  /** Waits until the page's log shows {@code text}. */
  private static void awaitLine(WebDriver page, String text) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    String log = "";
    while (System.nanoTime() < end) {
      log = page.findElement(By.id("log")).getText();
      if (log.contains(text)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the page never showed '" + text + "'; its log:\n" + log);
  }

  @Test
  void aMessageFromOneWindowArrivesInTheOtherAndALeavingWindowIsSeen() throws Exception {
    for (Path p : new Path[] {CHROMIUM, CHROMEDRIVER}) {
      if (!Files.isExecutable(p)) {
        throw new AssertionError(
            p + " is missing (apt packages chromium chromium-driver): bash .ci/install-peers");
      }
    }
    Transport nio = Transports.select("nio");
    EventLoopGroup group = new MultiThreadEventLoopGroup(1, nio.ioHandlerFactory());
    WebDriver alice = null;
    WebDriver bob = null;
    try {
      ServerChannel server =
          WebSocketChatServer.start(
                  nio,
                  group,
                  new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                  new ChatRoom())
              .sync()
              .getNow();
      String url = "http://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort();
      alice = browser();
      bob = browser();
      alice.get(url + "/?name=alice");
      awaitLine(alice, "* alice joined");
      bob.get(url + "/?name=bob");
      awaitLine(alice, "* bob joined (2 here)");

      bob.findElement(By.id("message")).sendKeys("hello from bob");
      bob.findElement(By.id("send")).click();
      awaitLine(alice, "bob: hello from bob");
      awaitLine(bob, "bob: hello from bob");

      bob.quit();
      bob = null;
      awaitLine(alice, "* bob left");
      server.close().sync();
    } finally {
      if (bob != null) {
        bob.quit();
      }
      if (alice != null) {
        alice.quit();
      }
      group.shutdownGracefully(0, 5, TimeUnit.SECONDS).sync();
    }
  }
}
