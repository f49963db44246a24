"""A small HTTP CONNECT proxy for the interop tests: python3 connect_proxy.py PORT [USER:PASSWORD].

Answers CONNECT host:port with 200 and relays both ways; with credentials, anything without the
matching Basic Proxy-Authorization gets 407; an unreachable destination gets 502.
"""
import base64
import socket
import sys
import threading

port = int(sys.argv[1])
expected = None
if len(sys.argv) > 2:
    expected = b"Basic " + base64.b64encode(sys.argv[2].encode())


def pipe(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def handle(client):
    head = b""
    while b"\r\n\r\n" not in head:
        data = client.recv(4096)
        if not data:
            client.close()
            return
        head += data
    head, rest = head.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    method, target, _ = lines[0].split(b" ", 2)
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    if method != b"CONNECT":
        client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
        client.close()
        return
    if expected is not None and headers.get(b"proxy-authorization") != expected:
        client.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                       b"Proxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n")
        client.close()
        return
    host, _, target_port = target.rpartition(b":")
    try:
        upstream = socket.create_connection((host.decode().strip("[]"), int(target_port)), timeout=10)
    except OSError:
        client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
        client.close()
        return
    upstream.settimeout(None)
    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    if rest:
        upstream.sendall(rest)
    threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
    pipe(upstream, client)


server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(16)
while True:
    conn, _ = server.accept()
    threading.Thread(target=handle, args=(conn,), daemon=True).start()
