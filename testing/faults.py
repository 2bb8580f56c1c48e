"""The line between Camp and localstripe, which a test can cut or freeze at one step.

A small TCP relay on a free loopback port: every request goes on to the real localstripe and
its real answer comes back, except the step the test names (a method and path prefix):
- `frozen`: the request reaches localstripe, which acts on it, and its answer is held until the
  test thaws the line, as when Stripe charges and then stops answering;
- `stop_after`: once that step's answer is back, the line goes down and every later
  connection is refused before a byte is sent, as when Stripe goes down between two calls;
  `stop_now` takes it down at once, `restart` brings it back;
- `refuse`: that step is answered with an error in Stripe's shape and never reaches
  localstripe, as when Stripe turns a request down (a refund of a disputed charge).
"""

import json
import socket
import threading
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit

from testing.servers import free_port


class StripeLine:
    def __init__(self, upstream: str):
        target = urlsplit(upstream)
        self.upstream = (target.hostname or "localhost", target.port or 80)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.fault: tuple[str, str, str] | None = None
        self.refusal: tuple[int, str] = (400, "")
        self.thawed = threading.Event()
        self.thawed.set()
        self.frozen_requests = 0
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._open = True
        threading.Thread(target=self._accept, daemon=True).start()

    def freeze(self, method: str, path: str) -> None:
        self.thawed.clear()
        self.fault = ("frozen", method, path)

    def stop_after(self, method: str, path: str) -> None:
        self.fault = ("stop after", method, path)

    def refuse(self, method: str, path: str, *, status: int = 400, message: str) -> None:
        self.refusal = (status, message)
        self.fault = ("refused", method, path)

    def stop_now(self) -> None:
        self._open = False
        # shutdown wakes the thread blocked in accept(); close alone would leave it accepting.
        with suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()

    def restart(self) -> None:
        self.fault = None
        self._listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        self._open = True
        threading.Thread(target=self._accept, daemon=True).start()

    def thaw(self) -> None:
        self.fault = None
        self.thawed.set()

    def close(self) -> None:
        self.thaw()
        self.stop_now()

    def _accept(self) -> None:
        while self._open:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _matches(self, head: bytes) -> str | None:
        fault = self.fault
        if fault is None:
            return None
        kind, method, path = fault
        first_line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = first_line.split(" ")
        if len(parts) >= 2 and parts[0] == method and parts[1].startswith(path):
            return kind
        return None

    def _serve(self, client: socket.socket) -> None:
        with client:
            # One request per connection: the client keeps nothing alive across requests.
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(65536)
                if not chunk:
                    return
                head += chunk
            fault = self._matches(head)
            header_text, _, body = head.partition(b"\r\n\r\n")
            length = 0
            for line in header_text.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip() or 0)
            while len(body) < length:
                chunk = client.recv(65536)
                if not chunk:
                    break
                body += chunk
            if fault == "refused":
                with suppress(OSError):
                    client.sendall(self._refusal_answer())
                return
            request = self._closing(header_text) + b"\r\n\r\n" + body
            with socket.create_connection(self.upstream, timeout=30) as upstream:
                upstream.sendall(request)
                answer = b""
                while True:
                    chunk = upstream.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
            if fault == "frozen":
                self.frozen_requests += 1
                self.thawed.wait(timeout=120)
            if fault == "stop after":
                self.stop_now()
            # The caller may have given up waiting: the answer is then lost, as Stripe's would be.
            with suppress(OSError):
                client.sendall(answer)

    def _refusal_answer(self) -> bytes:
        status, message = self.refusal
        body = json.dumps({"error": {"type": "invalid_request_error", "message": message}})
        return (
            f"HTTP/1.1 {status} Refused\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}"
        ).encode()

    @staticmethod
    def _closing(header_text: bytes) -> bytes:
        lines = [
            line
            for line in header_text.split(b"\r\n")
            if not line.lower().startswith(b"connection:")
        ]
        return b"\r\n".join([*lines, b"Connection: close"])


@contextmanager
def stripe_line(upstream: str):
    line = StripeLine(upstream)
    try:
        yield line
    finally:
        line.close()


@contextmanager
def stripe_gives_up_after(settings, seconds: float):
    """A short Stripe timeout for the calls inside, the ones a test means to time out; the
    retries after it, which must succeed, keep the normal one even on a busy machine."""
    normal = settings.STRIPE_TIMEOUT_SECONDS
    settings.STRIPE_TIMEOUT_SECONDS = seconds
    try:
        yield
    finally:
        settings.STRIPE_TIMEOUT_SECONDS = normal
