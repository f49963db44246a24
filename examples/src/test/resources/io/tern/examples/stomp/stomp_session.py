"""One stomp.py session against a STOMP broker: python3 stomp_session.py PORT VERSION.

Exercises, in the given version (1.0, 1.1 or 1.2): CONNECT (with heart-beats from 1.1 on),
SUBSCRIBE in each ack mode, SEND with receipts, ACK (cumulative in 'client' mode), NACK and
redelivery (1.1 and later), a committed and an aborted transaction, an idle spell long enough for
heart-beats to matter, an ERROR for an unknown acknowledgement, and DISCONNECT with a receipt.
Prints 'OK <version>' and exits 0 when everything held; raises (exit 1) otherwise.
"""
import sys
import threading
import time

import stomp

PORT = int(sys.argv[1])
VERSION = sys.argv[2]
TIMEOUT = 10


class Recorder(stomp.ConnectionListener):
    def __init__(self):
        self.cond = threading.Condition()
        self.messages = []
        self.receipts = set()
        self.errors = []
        self.heartbeats = 0
        self.timeouts = 0

    def on_message(self, frame):
        with self.cond:
            self.messages.append(frame)
            self.cond.notify_all()

    def on_receipt(self, frame):
        with self.cond:
            self.receipts.add(frame.headers["receipt-id"])
            self.cond.notify_all()

    def on_error(self, frame):
        with self.cond:
            self.errors.append(frame)
            self.cond.notify_all()

    def on_heartbeat(self):
        self.heartbeats += 1

    def on_heartbeat_timeout(self):
        self.timeouts += 1

    def wait(self, what, predicate):
        with self.cond:
            if not self.cond.wait_for(predicate, TIMEOUT):
                raise AssertionError("timed out waiting for " + what)

    def receipt(self, rid):
        self.wait("receipt " + rid, lambda: rid in self.receipts)

    def take(self, n):
        self.wait("%d messages" % n, lambda: len(self.messages) >= n)
        with self.cond:
            taken, self.messages = self.messages[:n], self.messages[n:]
        return taken


def connect(recorder):
    addr = [("127.0.0.1", PORT)]
    if VERSION == "1.0":
        conn = stomp.Connection10(addr)
    elif VERSION == "1.1":
        conn = stomp.Connection11(addr, heartbeats=(300, 300))
    else:
        conn = stomp.Connection12(addr, heartbeats=(300, 300))
    conn.set_listener("recorder", recorder)
    conn.connect(wait=True)
    return conn


def ack(conn, frame, nack=False):
    h = frame.headers
    if VERSION == "1.0":
        conn.ack(h["message-id"])
    elif VERSION == "1.1":
        (conn.nack if nack else conn.ack)(h["message-id"], h["subscription"])
    else:
        (conn.nack if nack else conn.ack)(h["ack"])


def bodies(frames):
    return [f.body for f in frames]


def main():
    r = Recorder()
    conn = connect(r)
    q = "/queue/py-" + VERSION

    # auto: messages arrive, nothing to acknowledge; a receipt per SEND; header escaping.
    conn.subscribe(q + "-auto", id="s-auto", ack="auto")
    conn.send(q + "-auto", "hello", headers={"note": "a:b"}, receipt="r-1")
    r.receipt("r-1")
    [m] = r.take(1)
    assert m.body == "hello", m.body
    if VERSION != "1.0":
        assert m.headers["note"] == "a:b", m.headers

    # client-individual: each message acknowledged on its own.
    conn.subscribe(q + "-ind", id="s-ind", ack="client-individual")
    for i in range(3):
        conn.send(q + "-ind", "i%d" % i)
    got = r.take(3)
    assert bodies(got) == ["i0", "i1", "i2"], bodies(got)
    for f in got:
        ack(conn, f)

    # client: one ACK covers every earlier message of the subscription.
    conn.subscribe(q + "-cum", id="s-cum", ack="client")
    for i in range(3):
        conn.send(q + "-cum", "c%d" % i)
    got = r.take(3)
    ack(conn, got[-1])

    # NACK: the message comes back.
    if VERSION != "1.0":
        conn.send(q + "-ind", "again")
        [m] = r.take(1)
        ack(conn, m, nack=True)
        [m2] = r.take(1)
        assert m2.body == "again", m2.body
        ack(conn, m2)

    # transactions: the committed SEND arrives, the aborted one never does.
    tx = conn.begin()
    conn.send(q + "-auto", "committed", transaction=tx)
    conn.commit(tx)
    tx2 = conn.begin()
    conn.send(q + "-auto", "aborted", transaction=tx2)
    conn.abort(tx2)
    conn.send(q + "-auto", "after", receipt="r-2")
    r.receipt("r-2")
    got = r.take(2)
    assert bodies(got) == ["committed", "after"], bodies(got)

    # idle: with heart-beats negotiated (1.1, 1.2) the connection outlives several intervals.
    time.sleep(2)
    conn.send(q + "-auto", "still here", receipt="r-3")
    r.receipt("r-3")
    [m] = r.take(1)
    assert m.body == "still here"
    if VERSION != "1.0":
        assert r.heartbeats > 0, "no heart-beat received from the broker"
        assert r.timeouts == 0, "heart-beat timeout"

    conn.unsubscribe(id="s-auto")
    conn.disconnect(receipt="bye")
    assert not r.errors, [e.headers for e in r.errors]

    # an unknown acknowledgement is an ERROR frame, with the receipt id it answers.
    r2 = Recorder()
    c2 = connect(r2)
    if VERSION == "1.2":
        c2.ack("no-such-ack", receipt="r-bad")
    elif VERSION == "1.1":
        c2.ack("no-such-message", "s-x", receipt="r-bad")
    else:
        c2.ack("no-such-message", receipt="r-bad")
    r2.wait("an ERROR frame", lambda: r2.errors)
    assert r2.errors[0].headers.get("receipt-id") == "r-bad", r2.errors[0].headers
    assert "no message awaits" in r2.errors[0].headers["message"], r2.errors[0].headers
    print("OK " + VERSION)


main()
