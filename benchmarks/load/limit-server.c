/*
 * The speed-of-light reference for benchmarks/load/compare: a minimal HTTP/1.1 "server" on epoll,
 * one thread, that answers every request with the same canned `Hello, World!` response. It parses
 * nothing: a request is counted by its terminating "\r\n\r\n" (across reads too), so a pipelined
 * batch of N requests gets N responses in one write. Whatever a framework spends per request above
 * what this spends is the framework's, not the kernel's.
 *
 * The response carries the same headers as the Java servers' (Content-Type, Server, Date in the
 * fixed-length IMF-fixdate form, Content-Length), so wrk moves the same bytes; the Date is
 * refreshed at most once a second.
 *
 *   limit-server --port N [--transport epoll]
 *
 * Built by benchmarks/load/compare with the system C compiler (cc -O2). Prints one line when it
 * listens, as the Java servers do, then serves until killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_EVENTS 256
#define READ_SIZE 65536
#define MAX_CONNECTIONS 65536

/* Per connection: how much of "\r\n\r\n" the last read ended in, and output not yet written. */
struct connection {
  int matched;
  int watching_output;
  char *pending;
  size_t pending_length;
  size_t pending_capacity;
};

static struct connection *connections[MAX_CONNECTIONS];

static char response[256];
static size_t response_length;
static time_t response_second = -1;

static void refresh_response(void) {
  time_t now = time(NULL);
  if (now == response_second) {
    return;
  }
  response_second = now;
  struct tm tm;
  gmtime_r(&now, &tm);
  char date[64];
  strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  response_length = (size_t) snprintf(response, sizeof response,
      "HTTP/1.1 200 OK\r\n"
      "content-type: text/plain\r\n"
      "server: limit\r\n"
      "date: %s\r\n"
      "content-length: 13\r\n"
      "\r\n"
      "Hello, World!", date);
}

static void close_connection(int epoll, int fd) {
  epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
  close(fd);
  if (fd < MAX_CONNECTIONS && connections[fd] != NULL) {
    free(connections[fd]->pending);
    free(connections[fd]);
    connections[fd] = NULL;
  }
}

/* Writes what is pending; returns -1 when the connection failed, else 0. */
static int flush_pending(int epoll, int fd, struct connection *c) {
  size_t written = 0;
  while (written < c->pending_length) {
    ssize_t n = write(fd, c->pending + written, c->pending_length - written);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        break;
      }
      if (errno == EINTR) {
        continue;
      }
      return -1;
    }
    written += (size_t) n;
  }
  memmove(c->pending, c->pending + written, c->pending_length - written);
  c->pending_length -= written;
  int want_output = c->pending_length > 0;
  if (want_output != c->watching_output) {
    struct epoll_event event = {.events = EPOLLIN | (want_output ? EPOLLOUT : 0), .data.fd = fd};
    epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event);
    c->watching_output = want_output;
  }
  return 0;
}

static int append_responses(struct connection *c, long count) {
  size_t needed = c->pending_length + (size_t) count * response_length;
  if (needed > c->pending_capacity) {
    size_t capacity = c->pending_capacity == 0 ? 4096 : c->pending_capacity;
    while (capacity < needed) {
      capacity *= 2;
    }
    char *grown = realloc(c->pending, capacity);
    if (grown == NULL) {
      return -1;
    }
    c->pending = grown;
    c->pending_capacity = capacity;
  }
  for (long i = 0; i < count; i++) {
    memcpy(c->pending + c->pending_length, response, response_length);
    c->pending_length += response_length;
  }
  return 0;
}

/* Counts the requests in buf, continuing the "\r\n\r\n" match the previous read ended in. */
static long count_requests(struct connection *c, const char *buf, ssize_t length) {
  static const char terminator[] = "\r\n\r\n";
  long requests = 0;
  int matched = c->matched;
  for (ssize_t i = 0; i < length; i++) {
    char b = buf[i];
    if (b == terminator[matched]) {
      if (++matched == 4) {
        requests++;
        matched = 0;
      }
    } else {
      matched = b == '\r' ? 1 : 0;
    }
  }
  c->matched = matched;
  return requests;
}

int main(int argc, char **argv) {
  int port = -1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--port") == 0) {
      port = atoi(argv[i + 1]);
    } else if (strcmp(argv[i], "--transport") == 0) {
      if (strcmp(argv[i + 1], "epoll") != 0) {
        fprintf(stderr, "limit-server runs on epoll only, not %s\n", argv[i + 1]);
        return 2;
      }
    } else {
      fprintf(stderr, "unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (port < 0 || port > 65535) {
    fprintf(stderr, "usage: limit-server --port N [--transport epoll]\n");
    return 2;
  }
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int one = 1;
  setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t) port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(listener, (struct sockaddr *) &address, sizeof address) < 0
      || listen(listener, 8192) < 0) {
    perror("bind/listen");
    return 1;
  }
  int epoll = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event listen_event = {.events = EPOLLIN, .data.fd = listener};
  epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &listen_event);
  printf("limit listening on 127.0.0.1:%d, transport epoll (C, one thread), leak detection DISABLED\n",
      port);
  fflush(stdout);

  static char buf[READ_SIZE];
  struct epoll_event events[MAX_EVENTS];
  for (;;) {
    int ready = epoll_wait(epoll, events, MAX_EVENTS, -1);
    if (ready < 0) {
      if (errno == EINTR) {
        continue;
      }
      perror("epoll_wait");
      return 1;
    }
    refresh_response();
    for (int e = 0; e < ready; e++) {
      int fd = events[e].data.fd;
      if (fd == listener) {
        for (;;) {
          int client = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
          if (client < 0) {
            break;
          }
          if (client >= MAX_CONNECTIONS) {
            close(client);
            continue;
          }
          setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          connections[client] = calloc(1, sizeof(struct connection));
          struct epoll_event event = {.events = EPOLLIN, .data.fd = client};
          epoll_ctl(epoll, EPOLL_CTL_ADD, client, &event);
        }
        continue;
      }
      struct connection *c = connections[fd];
      if (c == NULL) {
        continue;
      }
      if (events[e].events & (EPOLLERR | EPOLLHUP)) {
        close_connection(epoll, fd);
        continue;
      }
      if (events[e].events & EPOLLOUT) {
        if (flush_pending(epoll, fd, c) < 0) {
          close_connection(epoll, fd);
          continue;
        }
      }
      if (events[e].events & EPOLLIN) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
          close_connection(epoll, fd);
          continue;
        }
        if (n > 0) {
          long requests = count_requests(c, buf, n);
          if (requests > 0) {
            if (append_responses(c, requests) < 0 || flush_pending(epoll, fd, c) < 0) {
              close_connection(epoll, fd);
            }
          }
        }
      }
    }
  }
}
