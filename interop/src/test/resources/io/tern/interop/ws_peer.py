"""Python `websockets` as a WebSocket peer of Tern, both ways (Debian's python3-websockets).

python3 ws_peer.py client URI
    Connects (offering permessage-deflate, as the library does by default), sends text and binary
    messages of 0 B to 200 KB, expects each echoed unchanged, closes with 1000. Prints
    "EXTENSIONS <the server's Sec-WebSocket-Extensions>" and "OK" (exit 0), or the failure.
python3 ws_peer.py server PORT
    Echo server on 127.0.0.1:PORT (accepting permessage-deflate by default); prints
    "EXTENSIONS <what it agreed>" per connection.
"""
import asyncio
import sys

import websockets


MESSAGES = [
    "",
    "hello",
    "h\u00e9llo w\u00f6rld \U0001F600" * 100,
    "x" * 70000,
    bytes(range(256)) * 800,
    b"\x00" * 3000,
]


async def client(uri):
    async with websockets.connect(uri, max_size=2 ** 24) as ws:
        print("EXTENSIONS %s" % ws.response_headers.get("Sec-WebSocket-Extensions"), flush=True)
        for m in MESSAGES:
            await ws.send(m)
            echo = await asyncio.wait_for(ws.recv(), 30)
            if echo != m:
                print("MISMATCH %r... (%d) != %r... (%d)" % (echo[:20], len(echo), m[:20], len(m)))
                sys.exit(1)
        await ws.close(1000)
    print("OK", flush=True)


async def echo(ws, *rest):
    print("EXTENSIONS %s" % [e.name for e in ws.extensions], flush=True)
    async for message in ws:
        await ws.send(message)


async def server(port):
    async with websockets.serve(echo, "127.0.0.1", port, max_size=2 ** 24):
        print("READY", flush=True)
        await asyncio.Future()


if sys.argv[1] == "client":
    asyncio.run(client(sys.argv[2]))
else:
    asyncio.run(server(int(sys.argv[2])))
