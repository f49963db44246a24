"""MQTT over WebSocket through the Tern example broker, with paho-mqtt's own WebSocket transport.

Usage: python3 ws_pubsub.py HOST WS_PORT TCP_PORT
For MQTT 3.1.1 and 5: a subscriber over WebSocket (path /mqtt, subprotocol mqtt) receives a QoS 1
message from a publisher over WebSocket (60 KB, so the packet spans several TCP reads and frames
of the broker's reads) and a QoS 2 message from a publisher over plain TCP; a subscriber over TCP
receives a message published over WebSocket. Prints "OK <what>" per check, "FAIL <what>: <why>"
otherwise, and exits 1 if anything failed.
"""
import sys
import time

import paho.mqtt.client as mqtt

HOST = sys.argv[1]
WS_PORT = int(sys.argv[2])
TCP_PORT = int(sys.argv[3])
FAILED = []


def wait(cond, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def client(cid, v5, ws):
    kw = dict(client_id=cid, protocol=mqtt.MQTTv5 if v5 else mqtt.MQTTv311)
    if ws:
        kw["transport"] = "websockets"
    if hasattr(mqtt, "CallbackAPIVersion"):
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION1, **kw)
    else:
        c = mqtt.Client(**kw)
    if ws:
        c.ws_set_options(path="/mqtt")
    c.msgs = []
    c.subscribed = []
    c.on_message = lambda cl, u, m: c.msgs.append((m.topic, bytes(m.payload), m.qos))
    c.on_subscribe = lambda cl, u, mid, granted, *rest: c.subscribed.append(granted)
    c.connect(HOST, WS_PORT if ws else TCP_PORT, 30)
    c.loop_start()
    return c


def check(what, ok, why=""):
    if ok:
        print("OK " + what)
    else:
        print("FAIL %s: %s" % (what, why))
        FAILED.append(what)


for v5 in (False, True):
    name = "v5" if v5 else "v311"
    topic = "ws/%s/x" % name
    sub = client("ws-sub-" + name, v5, True)
    tcp_sub = client("tcp-sub-" + name, v5, False)
    check(name + " websocket subscriber connected", wait(sub.is_connected))
    sub.subscribe("ws/%s/#" % name, 2)
    tcp_sub.subscribe(topic, 1)
    check(name + " subscribed", wait(lambda: sub.subscribed and tcp_sub.subscribed))

    big = bytes((i * 7) % 251 for i in range(60000))
    pub = client("ws-pub-" + name, v5, True)
    check(name + " websocket publisher connected", wait(pub.is_connected))
    info = pub.publish(topic, big, qos=1)
    info.wait_for_publish()
    tcp_pub = client("tcp-pub-" + name, v5, False)
    wait(tcp_pub.is_connected)
    tcp_pub.publish("ws/%s/y" % name, b"from tcp", qos=2).wait_for_publish()

    got = wait(lambda: len(sub.msgs) >= 2)
    check(
        name + " websocket subscriber got both messages",
        got and sorted(m[0] for m in sub.msgs) == [topic, "ws/%s/y" % name],
        repr([(t, len(p), q) for t, p, q in sub.msgs]),
    )
    check(
        name + " 60 KB payload intact over websocket",
        any(m[1] == big for m in sub.msgs),
        "payload differs",
    )
    check(
        name + " tcp subscriber got the websocket publication",
        wait(lambda: tcp_sub.msgs) and tcp_sub.msgs[0][1] == big,
        repr([(t, len(p)) for t, p, q in tcp_sub.msgs]),
    )
    for c in (sub, tcp_sub, pub, tcp_pub):
        c.disconnect()
        c.loop_stop()

print("%d failed" % len(FAILED))
sys.exit(1 if FAILED else 0)
