"""An aiosmtpd server that stores each message: python3 smtp_sink.py PORT OUTDIR [CERT KEY].

Listens on 127.0.0.1:PORT (offering STARTTLS, and requiring it, when CERT and KEY are given) and
writes each message's content, as aiosmtpd received and unstuffed it, to OUTDIR/message-N.eml and
its envelope to OUTDIR/envelope-N.txt. Prints 'READY' when listening; runs until killed.
"""
import pathlib
import ssl
import sys
import threading

from aiosmtpd.controller import Controller

port = int(sys.argv[1])
out = pathlib.Path(sys.argv[2])
tls = None
if len(sys.argv) > 4:
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(sys.argv[3], sys.argv[4])
count = 0


class Sink:
    async def handle_DATA(self, server, session, envelope):
        global count
        count += 1
        (out / ("envelope-%d.txt" % count)).write_text(
            "from=%s\nto=%s\ntls=%s\nmail_options=%s\n"
            % (envelope.mail_from, ",".join(envelope.rcpt_tos), session.ssl is not None,
               " ".join(envelope.mail_options)))
        (out / ("message-%d.eml" % count)).write_bytes(envelope.content)
        return "250 2.0.0 stored as message-%d" % count


controller = Controller(
    Sink(), hostname="127.0.0.1", port=port, tls_context=tls, require_starttls=tls is not None,
    decode_data=False)
controller.start()
print("READY", flush=True)
threading.Event().wait()
