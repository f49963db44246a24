"""Broker conformance cases after the Eclipse paho interoperability suites.

Written for Tern (the paho suites' own files are not vendored here): every case that
client_test.py (MQTT 3.1.1, 10 cases) and client_test5.py (MQTT 5, 27 cases) check, under the same
names, driven through paho-mqtt and, where a case needs control that a client library does not give
(not acknowledging, going silent, dying without DISCONNECT), through raw MQTT packets on a socket.

Usage: python3 broker_suite.py HOST PORT [CASE ...]
Prints one line per case: "CASE <name> PASS" or "CASE <name> FAIL <why>", then "N passed, M failed".
The broker must refuse subscriptions to test/nosubscribe and announce Server Keep Alive 120.
"""
import socket
import struct
import sys
import time
import traceback

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

HOST = sys.argv[1]
PORT = int(sys.argv[2])
TOPICS = ("TopicA", "TopicA/B", "Topic/C", "TopicA/C", "/TopicA")
WILD = ("TopicA/+", "+/C", "#", "/#", "/+", "+/+", "TopicA/#")
OPEN = []  # every client of the running case, closed after it whatever happened


def wait(cond, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


class C:
    """A paho-mqtt client that records what arrives."""

    def __init__(self, cid, v5=True, clean=True, keepalive=60, props=None):
        OPEN.append(self)
        self.v5 = v5
        self.msgs, self.subacks, self.unsubacks = [], [], []
        self.connack = None
        kw = dict(client_id=cid, protocol=mqtt.MQTTv5 if v5 else mqtt.MQTTv311)
        if not v5:
            kw["clean_session"] = clean
        if hasattr(mqtt, "CallbackAPIVersion"):
            self.c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION1, **kw)
        else:
            self.c = mqtt.Client(**kw)
        self.c.on_message = lambda c, u, m: self.msgs.append(m)
        self.c.on_connect = self._on_connect
        self.c.on_subscribe = lambda c, u, mid, granted, *rest: self.subacks.append(granted)
        self.c.on_unsubscribe = lambda *a: self.unsubacks.append(a)
        if v5:
            self.c.connect(HOST, PORT, keepalive, clean_start=clean, properties=props)
        else:
            self.c.connect(HOST, PORT, keepalive)
        self.c.loop_start()
        assert wait(lambda: self.connack is not None), "no CONNACK"

    def _on_connect(self, c, u, flags, rc, props=None):
        self.connack = (flags, rc, props)

    def sub(self, filt, qos=2, props=None, **opts):
        n = len(self.subacks)
        if self.v5:
            self.c.subscribe(filt, options=SubscribeOptions(qos=qos, **opts), properties=props)
        else:
            self.c.subscribe(filt, qos)
        assert wait(lambda: len(self.subacks) > n), "no SUBACK"
        return self.subacks[-1]

    def pub(self, topic, payload, qos=0, retain=False, props=None):
        info = self.c.publish(topic, payload, qos, retain, properties=props) if self.v5 else \
            self.c.publish(topic, payload, qos, retain)
        if qos:
            info.wait_for_publish(5)
            assert info.is_published(), "not acknowledged"

    def close(self, props=None):
        if self.v5:
            self.c.disconnect(properties=props)
        else:
            self.c.disconnect()
        self.c.loop_stop()


# ---- raw packets, for the cases a client library does not let us drive ----

def vbi(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def s(text):
    b = text.encode() if isinstance(text, str) else text
    return struct.pack("!H", len(b)) + b


def pk(ptype, flags, body):
    return bytes([ptype << 4 | flags]) + vbi(len(body)) + body


def props(*items):
    body = b"".join(items)
    return vbi(len(body)) + body


def p_int(pid, n, size):
    return bytes([pid]) + n.to_bytes(size, "big")


def p_str(pid, text):
    return bytes([pid]) + s(text)


class Raw:
    def __init__(self, cid, v5=True, clean=True, keepalive=60, will=None, cprops=b"", willprops=b""):
        OPEN.append(self)
        self.v5 = v5
        self.sock = socket.create_connection((HOST, PORT), timeout=10)
        self.buf = b""
        flags = 0x02 if clean else 0
        payload = s(cid)
        if will:
            topic, msg, qos, retain = will
            flags |= 0x04 | qos << 3 | (0x20 if retain else 0)
            payload += (props(willprops) if v5 else b"") + s(topic) + s(msg)
        body = s("MQTT") + bytes([5 if v5 else 4, flags]) + struct.pack("!H", keepalive)
        body += (props(cprops) if v5 else b"") + payload
        self.send(pk(1, 0, body))
        self.connack = self.read()
        assert self.connack[0] == 2, self.connack

    def send(self, data):
        self.sock.sendall(data)

    def read(self, timeout=10):
        """Returns (type, flags, body), or None on end of stream or timeout."""
        self.sock.settimeout(timeout)
        try:
            while True:
                if len(self.buf) >= 2:
                    n, mult, i = 0, 1, 1
                    while i < len(self.buf):
                        b = self.buf[i]
                        n += (b & 0x7F) * mult
                        mult *= 128
                        i += 1
                        if not b & 0x80:
                            break
                    else:
                        i = -1
                    if i > 0 and len(self.buf) >= i + n:
                        h, body = self.buf[0], self.buf[i:i + n]
                        self.buf = self.buf[i + n:]
                        return (h >> 4, h & 0x0F, body)
                chunk = self.sock.recv(65536)
                if not chunk:
                    return None
                self.buf += chunk
        except socket.timeout:
            return None

    def subscribe(self, filt, qos, pid=1, sprops=b""):
        self.send(pk(8, 2, struct.pack("!H", pid) + (props(sprops) if self.v5 else b"") + s(filt) + bytes([qos])))
        p = self.read()
        assert p and p[0] == 9, p
        return p

    def publish(self, topic, payload, qos=0, pid=0, pprops=b"", retain=False):
        body = s(topic) + (struct.pack("!H", pid) if qos else b"") + (props(pprops) if self.v5 else b"") + payload
        self.send(pk(3, qos << 1 | (1 if retain else 0), body))

    def ack(self, ptype, pid):
        self.send(pk(ptype, 2 if ptype == 6 else 0, struct.pack("!H", pid)))

    def disconnect(self):
        self.send(pk(14, 0, b""))
        self.sock.close()

    def kill(self):
        self.sock.close()

    def close(self):
        self.sock.close()


def publish_fields(p, v5=True):
    """Splits a raw PUBLISH into (topic, qos, dup, pid, props bytes, payload)."""
    _, flags, body = p
    tl = struct.unpack("!H", body[:2])[0]
    topic = body[2:2 + tl].decode()
    i = 2 + tl
    qos = (flags >> 1) & 3
    pid = 0
    if qos:
        pid = struct.unpack("!H", body[i:i + 2])[0]
        i += 2
    pbytes = b""
    if v5:
        n, mult, j = 0, 1, i
        while True:
            b = body[j]
            n += (b & 0x7F) * mult
            mult *= 128
            j += 1
            if not b & 0x80:
                break
        pbytes = body[j:j + n]
        i = j + n
    return topic, qos, bool(flags & 8), pid, pbytes, body[i:]


def quiet(msgs, period=0.5, limit=5.0):
    """Waits until no message has arrived for `period` seconds (at most `limit`)."""
    end = time.time() + limit
    seen = -1
    while time.time() < end and len(msgs) != seen:
        seen = len(msgs)
        time.sleep(period)


def clean_retained(v5=True):
    c = C("clean retained", v5=v5)
    c.sub("#", 0)
    quiet(c.msgs)
    for m in list(c.msgs):
        if m.retain:
            c.pub(m.topic, b"", 1, retain=True)
    c.close()


def clean_session(cid, v5=True):
    c = C(cid, v5=v5, clean=True)
    c.close()


# ---- MQTT 3.1.1 (client_test.py) and shared cases ----

def basic(v5):
    a = C("myclientid", v5=v5)
    a.sub(TOPICS[0], 2)
    a.pub(TOPICS[0], b"qos 0", 0)
    a.pub(TOPICS[0], b"qos 1", 1)
    a.pub(TOPICS[0], b"qos 2", 2)
    assert wait(lambda: len(a.msgs) == 3), a.msgs
    a.close()
    # A second CONNECT on one connection is a protocol error: the broker closes it.
    r = Raw("myclientid", v5=v5)
    r.send(pk(1, 0, s("MQTT") + bytes([5 if v5 else 4, 2]) + struct.pack("!H", 60) + (b"\x00" if v5 else b"") + s("x")))
    p = r.read(5)
    assert p is None or (p[0] == 14 and p[2][:1] == b"\x82"), p
    assert r.read(5) is None
    # A wrong protocol name: refused.
    sock = socket.create_connection((HOST, PORT), timeout=10)
    sock.sendall(pk(1, 0, s("hj") + bytes([4, 2]) + struct.pack("!H", 60) + s("x")))
    data = sock.recv(100)
    assert data == b"" or data[0] == 0x20 and data[3] != 0, data
    sock.close()


def retained(v5):
    a = C("myclientid", v5=v5)
    up = None
    if v5:
        up = Properties(PacketTypes.PUBLISH)
        up.UserProperty = [("a", "2"), ("c", "3")]
    a.pub(TOPICS[1], b"qos 0", 0, retain=True, props=up)
    a.pub(TOPICS[2], b"qos 1", 1, retain=True, props=up)
    a.pub(TOPICS[3], b"qos 2", 2, retain=True, props=up)
    time.sleep(0.3)
    a.sub(WILD[5], 2)
    assert wait(lambda: len(a.msgs) == 3), a.msgs
    assert sorted(m.qos for m in a.msgs) == [0, 1, 2]
    assert all(m.retain for m in a.msgs)
    if v5:
        for m in a.msgs:
            assert m.properties.UserProperty == [("a", "2"), ("c", "3")], m.properties
    a.close()
    clean_retained(v5)
    b = C("myclientid", v5=v5)
    b.sub(WILD[5], 2)
    time.sleep(0.5)
    assert b.msgs == [], "retained messages were not cleared"
    b.close()


def will_message(v5):
    b = C("myclientid2", v5=v5)
    b.sub(TOPICS[2], 2)
    a = Raw("myclientid", v5=v5, keepalive=2, will=(TOPICS[2], b"client not disconnected", 0, False))
    time.sleep(0.1)
    a.kill()
    assert wait(lambda: len(b.msgs) == 1, 5), b.msgs
    assert b.msgs[0].payload == b"client not disconnected"
    b.close()


def zero_length_clientid(v5):
    if v5:
        # MQTT 5 lets the server assign one, whatever Clean Start says.
        r = Raw("", v5=True, clean=False)
        assert r.connack[2][1] == 0, r.connack
        r.disconnect()
        return
    r = Raw("", v5=False, clean=False)
    assert r.connack[2] == b"\x00\x02", r.connack
    assert r.read(5) is None
    r = Raw("", v5=False, clean=True)
    assert r.connack[2] == b"\x00\x00", r.connack
    r.disconnect()


def offline_message_queueing(v5):
    cp = None
    if v5:
        cp = Properties(PacketTypes.CONNECT)
        cp.SessionExpiryInterval = 60
    a = C("myclientid", v5=v5, clean=False, props=cp)
    a.sub(WILD[5], 2)
    a.close()
    b = C("myclientid2", v5=v5)
    b.pub(TOPICS[1], b"qos 0", 0)
    b.pub(TOPICS[2], b"qos 1", 1)
    b.pub(TOPICS[3], b"qos 2", 2)
    b.close()
    time.sleep(0.3)
    a = C("myclientid", v5=v5, clean=False, props=cp)
    assert wait(lambda: len(a.msgs) >= 2, 5)
    time.sleep(0.5)
    assert len(a.msgs) in (2, 3), a.msgs
    a.close()
    clean_session("myclientid", v5)


def overlapping_subscriptions(v5):
    a = C("myclientid", v5=v5)
    a.sub(WILD[6], 2)
    a.sub(WILD[0], 1)
    a.pub(TOPICS[3], b"overlapping topic filters", 2)
    assert wait(lambda: len(a.msgs) >= 1)
    time.sleep(0.5)
    assert len(a.msgs) == 1 and a.msgs[0].qos == 2, [(m.topic, m.qos) for m in a.msgs]
    a.close()


def keepalive(v5):
    b = C("myclientid2", v5=v5)
    b.sub(TOPICS[4], 2)
    a = Raw("myclientid", v5=v5, keepalive=2, will=(TOPICS[4], b"keepalive expiry", 0, False))
    # Silent from now on: 1.5 keep-alive periods later the broker ends the connection.
    start = time.time()
    while a.read(10) is not None:
        pass
    waited = time.time() - start
    assert 2.5 <= waited <= 6, waited
    assert wait(lambda: len(b.msgs) == 1, 3), b.msgs
    b.close()


def redelivery_on_reconnect(v5):
    cprops = p_int(0x11, 60, 4) if v5 else b""
    r = Raw("myclientid2", v5=v5, clean=False, cprops=cprops)
    r.subscribe(WILD[6], 2)
    pub = C("myclientid", v5=v5)
    pub.pub(TOPICS[1], b"", 1)
    pub.pub(TOPICS[3], b"", 2)
    pub.close()
    got = [r.read(5), r.read(5)]
    assert all(p and p[0] == 3 for p in got), got
    r.disconnect()  # without acknowledging either
    r = Raw("myclientid2", v5=v5, clean=False, cprops=cprops)
    assert r.connack[2][0] == 1, "session not present"
    again = [r.read(5), r.read(5)]
    assert all(p and p[0] == 3 for p in again), again
    assert all(publish_fields(p, v5)[2] for p in again), "DUP not set"
    for p in again:
        topic, qos, dup, pid, _, _ = publish_fields(p, v5)
        r.ack(4 if qos == 1 else 5, pid)
    r.disconnect()
    clean_session("myclientid2", v5)


def subscribe_failure(v5):
    a = C("myclientid", v5=v5)
    granted = a.sub("test/nosubscribe", 2)
    code = granted[0].value if v5 else granted[0]
    assert code == 0x80, granted
    a.close()


def dollar_topics(v5):
    b = C("myclientid2", v5=v5)
    b.sub(WILD[5], 2)
    time.sleep(0.3)
    b.msgs.clear()
    b.pub("$" + TOPICS[1], b"", 1)
    time.sleep(0.5)
    assert b.msgs == [], [m.topic for m in b.msgs]
    b.close()


# ---- MQTT 5 only (client_test5.py) ----

def unsubscribe(v5=True):
    b = C("myclientid2")
    for t in TOPICS[:3]:
        b.sub(t, 2)
    b.c.unsubscribe(TOPICS[0])
    assert wait(lambda: b.unsubacks)
    a = C("myclientid")
    a.pub(TOPICS[0], b"topic 0 - unsubscribed", 1)
    a.pub(TOPICS[1], b"topic 1", 1)
    a.pub(TOPICS[2], b"topic 2", 1)
    assert wait(lambda: len(b.msgs) == 2)
    time.sleep(0.3)
    assert len(b.msgs) == 2, [m.topic for m in b.msgs]
    a.close()
    b.close()


def connect_expiry(seconds):
    p = Properties(PacketTypes.CONNECT)
    p.SessionExpiryInterval = seconds
    return p


def session_expiry(v5=True):
    a = C("myclientid", props=connect_expiry(0))
    assert not a.connack[0]["session present"]
    a.sub(TOPICS[0], 2)
    a.close()
    a = C("myclientid", clean=False, props=connect_expiry(0))
    assert not a.connack[0]["session present"], "expiry 0 kept the session"
    a.close()
    a = C("myclientid", props=connect_expiry(3))
    a.sub(TOPICS[0], 2)
    a.close()
    time.sleep(1)
    a = C("myclientid", clean=False, props=connect_expiry(3))
    assert a.connack[0]["session present"], "session gone before its expiry"
    a.close()
    time.sleep(4)
    a = C("myclientid", clean=False, props=connect_expiry(3))
    assert not a.connack[0]["session present"], "session outlived its expiry"
    # DISCONNECT may change the expiry.
    dp = Properties(PacketTypes.DISCONNECT)
    dp.SessionExpiryInterval = 0
    a.close(dp)
    a = C("myclientid", clean=False, props=connect_expiry(3))
    assert not a.connack[0]["session present"], "DISCONNECT's expiry 0 ignored"
    a.close()


def user_properties(v5=True):
    a = C("myclientid")
    a.sub(TOPICS[0], 2)
    up = Properties(PacketTypes.PUBLISH)
    up.UserProperty = [("a", "2"), ("c", "3")]
    for q in (0, 1, 2):
        a.pub(TOPICS[0], b"", q, props=up)
    assert wait(lambda: len(a.msgs) == 3)
    for m in a.msgs:
        assert m.properties.UserProperty == [("a", "2"), ("c", "3")], m.properties
    a.close()


def payload_format(v5=True):
    a = C("myclientid")
    a.sub(TOPICS[0], 2)
    pp = Properties(PacketTypes.PUBLISH)
    pp.PayloadFormatIndicator = 1
    pp.ContentType = "My name"
    for q in (0, 1, 2):
        a.pub(TOPICS[0], b"", q, props=pp)
    assert wait(lambda: len(a.msgs) == 3)
    for m in a.msgs:
        assert m.properties.ContentType == "My name" and m.properties.PayloadFormatIndicator == 1
    a.close()


def publication_expiry(v5=True):
    b = C("myclientid2", clean=True, props=connect_expiry(60))
    b.sub(TOPICS[0], 2)
    b.close()
    a = C("myclientid")
    pp = Properties(PacketTypes.PUBLISH)
    pp.MessageExpiryInterval = 1
    a.pub(TOPICS[0], b"qos 1 - expire", 1, props=pp)
    a.pub(TOPICS[0], b"qos 2 - expire", 2, props=pp)
    pp.MessageExpiryInterval = 6
    a.pub(TOPICS[0], b"qos 1 - don't expire", 1, props=pp)
    a.pub(TOPICS[0], b"qos 2 - don't expire", 2, props=pp)
    a.close()
    time.sleep(2.5)
    b = C("myclientid2", clean=False, props=connect_expiry(60))
    assert wait(lambda: len(b.msgs) == 2)
    time.sleep(0.5)
    assert len(b.msgs) == 2, [m.payload for m in b.msgs]
    for m in b.msgs:
        assert m.properties.MessageExpiryInterval < 6, m.properties
    b.close()
    clean_session("myclientid2")


def subscribe_options(v5=True):
    a = C("myclientid")
    b = C("myclientid2")
    a.sub(TOPICS[0], 2, noLocal=True)
    b.sub(TOPICS[0], 2, noLocal=True)
    a.pub(TOPICS[0], b"noLocal test", 1)
    assert wait(lambda: len(b.msgs) == 1)
    time.sleep(0.3)
    assert a.msgs == [], "noLocal delivered the client's own message"
    a.close()
    b.close()
    a = C("myclientid")
    a.sub(TOPICS[0], 2, retainAsPublished=True)
    a.pub(TOPICS[0], b"retain as published false", 1, retain=False)
    a.pub(TOPICS[0], b"retain as published true", 1, retain=True)
    assert wait(lambda: len(a.msgs) == 2)
    assert [m.retain for m in a.msgs] == [False, True]
    a.close()
    clean_retained()
    a = C("myclientid")
    a.pub(TOPICS[1], b"qos 0", 0, retain=True)
    a.pub(TOPICS[2], b"qos 1", 1, retain=True)
    a.pub(TOPICS[3], b"qos 2", 2, retain=True)
    time.sleep(0.3)
    a.sub(WILD[5], 2, retainHandling=1)
    assert wait(lambda: len(a.msgs) == 3)
    a.msgs.clear()
    a.sub(WILD[5], 2, retainHandling=1)
    time.sleep(0.5)
    assert a.msgs == [], "retainHandling 1 resent for an existing subscription"
    a.close()
    a = C("myclientid")
    a.sub(WILD[5], 2, retainHandling=2)
    time.sleep(0.5)
    assert a.msgs == [], "retainHandling 2 sent retained messages"
    a.sub(WILD[5], 2, retainHandling=0)
    assert wait(lambda: len(a.msgs) == 3)
    a.msgs.clear()
    a.sub(WILD[5], 2, retainHandling=0)
    assert wait(lambda: len(a.msgs) == 3), "retainHandling 0 must resend"
    a.close()
    clean_retained()


def assigned_clientid(v5=True):
    a = C("")
    assigned = getattr(a.connack[2], "AssignedClientIdentifier", None)
    assert assigned, a.connack
    a.close()


def subscribe_identifiers(v5=True):
    a = C("myclientid")
    sp = Properties(PacketTypes.SUBSCRIBE)
    sp.SubscriptionIdentifier = 456789
    a.sub(TOPICS[0], 2, props=sp)
    sp = Properties(PacketTypes.SUBSCRIBE)
    sp.SubscriptionIdentifier = 2
    a.sub(WILD[6], 2, props=sp)
    a.pub(TOPICS[0], b"sub identifiers", 1)
    assert wait(lambda: len(a.msgs) >= 1)
    time.sleep(0.3)
    ids = a.msgs[0].properties.SubscriptionIdentifier
    assert sorted(ids) == [2, 456789], ids
    a.close()


def request_response(v5=True):
    cp = Properties(PacketTypes.CONNECT)
    cp.RequestResponseInformation = 1
    a = C("myclientid", props=cp)
    assert getattr(a.connack[2], "ResponseInformation", None), a.connack
    b = C("myclientid2")
    b.sub(TOPICS[0], 2)
    a.sub(TOPICS[1], 2)
    pp = Properties(PacketTypes.PUBLISH)
    pp.ResponseTopic = TOPICS[1]
    pp.CorrelationData = b"334"
    a.pub(TOPICS[0], b"request", 1, props=pp)
    assert wait(lambda: b.msgs)
    req = b.msgs[0]
    rp = Properties(PacketTypes.PUBLISH)
    rp.CorrelationData = req.properties.CorrelationData
    b.pub(req.properties.ResponseTopic, b"response", 1, props=rp)
    assert wait(lambda: a.msgs)
    assert a.msgs[0].topic == TOPICS[1] and a.msgs[0].properties.CorrelationData == b"334"
    a.close()
    b.close()


def client_topic_aliases(v5=True):
    b = C("myclientid2")
    b.sub(TOPICS[0], 2)
    r = Raw("myclientid")
    maximum = 0
    pb = r.connack[2][3:]
    i = 0
    while i < len(pb):
        if pb[i] == 0x22:
            maximum = struct.unpack("!H", pb[i + 1:i + 3])[0]
            break
        i += 1
    assert maximum >= 1, "no topic alias maximum"
    r.publish(TOPICS[0], b"alias set", 1, 1, p_int(0x23, 1, 2))
    assert r.read()[0] == 4
    r.publish("", b"alias used", 1, 2, p_int(0x23, 1, 2))
    assert r.read()[0] == 4
    assert wait(lambda: len(b.msgs) == 2)
    assert [m.topic for m in b.msgs] == [TOPICS[0], TOPICS[0]]
    # An alias above the maximum: DISCONNECT 0x94.
    r.publish("x", b"", 0, 0, p_int(0x23, maximum + 1, 2))
    p = r.read()
    assert p and p[0] == 14 and p[2][0] == 0x94, p
    b.close()


def server_topic_aliases(v5=True):
    r = Raw("myclientid", cprops=p_int(0x22, 2, 2))
    r.subscribe(TOPICS[0], 1)
    a = C("myclientid2")
    for n in range(3):
        a.pub(TOPICS[0], b"server alias %d" % n, 1)
    seen = []
    for n in range(3):
        p = r.read()
        topic, qos, dup, pid, pbytes, payload = publish_fields(p)
        seen.append((topic, pbytes))
        r.ack(4, pid)
    assert seen[0][0] == TOPICS[0] and b"\x23" in seen[0][1], seen
    assert seen[1][0] == "" and b"\x23\x00\x01" in seen[1][1], seen
    a.close()
    r.disconnect()


def maximum_packet_size(v5=True):
    r = Raw("myclientid", cprops=p_int(0x27, 64, 4))
    r.subscribe(TOPICS[0], 0)
    a = C("myclientid2")
    a.pub(TOPICS[0], b"x" * 100, 1)
    a.pub(TOPICS[0], b"small", 1)
    p = r.read()
    assert p and publish_fields(p)[5] == b"small", p
    a.close()
    r.disconnect()


def server_keep_alive(v5=True):
    r = Raw("myclientid", keepalive=0)
    pb = r.connack[2]
    assert b"\x13\x00\x78" in pb, pb  # Server Keep Alive 120
    r.disconnect()


def flow_control1(v5=True):
    r = Raw("myclientid", cprops=p_int(0x21, 2, 2))
    r.subscribe(TOPICS[0], 2)
    a = C("myclientid2")
    for n in range(3):
        a.pub(TOPICS[0], b"flow %d" % n, 1)
    p1, p2 = r.read(), r.read()
    assert p1 and p2 and p1[0] == 3 and p2[0] == 3, (p1, p2)
    assert r.read(1) is None, "a third message beyond Receive Maximum 2"
    r.ack(4, publish_fields(p1)[3])
    p3 = r.read()
    assert p3 and p3[0] == 3, p3
    r.ack(4, publish_fields(p2)[3])
    r.ack(4, publish_fields(p3)[3])
    a.close()
    r.disconnect()


def flow_control2(v5=True):
    r = Raw("myclientid")
    pb = r.connack[2]
    maximum = 65535
    i = 3
    while i < len(pb):
        if pb[i] == 0x21:
            maximum = struct.unpack("!H", pb[i + 1:i + 3])[0]
            break
        i += 1
    for n in range(1, maximum + 2):
        r.publish(TOPICS[0], b"message %d" % n, 2, n)
    while True:
        p = r.read()
        assert p is not None, "closed without DISCONNECT"
        if p[0] == 14:
            assert p[2][0] == 0x93, p
            break


def will_delay(v5=True):
    b = C("myclientid2")
    b.sub(TOPICS[0], 2)
    a = Raw("myclientid", cprops=p_int(0x11, 5, 4), willprops=p_int(0x18, 2, 4),
            will=(TOPICS[0], b"will delay test", 0, False))
    start = time.time()
    a.kill()
    assert wait(lambda: b.msgs, 5), "no will"
    delay = time.time() - start
    assert 1.5 <= delay <= 4, delay
    b.close()


def shared_subscriptions(v5=True):
    a = C("myclientid")
    b = C("myclientid2")
    a.sub("$share/sharename/" + TOPICS[0], 2)
    b.sub("$share/sharename/" + TOPICS[0], 2)
    for n in range(10):
        a.pub(TOPICS[0], b"message %d" % n, 1)
    assert wait(lambda: len(a.msgs) + len(b.msgs) == 10)
    time.sleep(0.3)
    assert len(a.msgs) + len(b.msgs) == 10 and a.msgs and b.msgs, (len(a.msgs), len(b.msgs))
    a.close()
    b.close()


V311 = [basic, retained, will_message, zero_length_clientid, offline_message_queueing,
        overlapping_subscriptions, keepalive, redelivery_on_reconnect, subscribe_failure,
        dollar_topics]
NAMES311 = {retained: "test_retained_messages"}
V5_ONLY = [unsubscribe, session_expiry, user_properties, payload_format, publication_expiry,
           subscribe_options, assigned_clientid, subscribe_identifiers, request_response,
           client_topic_aliases, server_topic_aliases, maximum_packet_size, server_keep_alive,
           flow_control1, flow_control2, will_delay, shared_subscriptions]
NAMES5 = {retained: "test_retained_message"}


def cases():
    for f in V311:
        yield "mqtt311." + NAMES311.get(f, "test_" + f.__name__), f, False
    for f in V311 + V5_ONLY:
        yield "mqtt5." + NAMES5.get(f, "test_" + f.__name__), f, True


def main():
    wanted = set(sys.argv[3:])
    passed = failed = 0
    for name, f, v5 in cases():
        if wanted and name not in wanted:
            continue
        try:
            f(v5)
            print("CASE %s PASS" % name, flush=True)
            passed += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported by name
            why = "%s: %s" % (type(e).__name__, e)
            print("CASE %s FAIL %s" % (name, why.replace("\n", " ")), flush=True)
            traceback.print_exc(file=sys.stderr)
            failed += 1
        for client in OPEN:
            try:
                client.close()
            except Exception:  # noqa: BLE001 - already closed
                pass
        OPEN.clear()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
