"""One headless Chromium for many pages: the DevTools protocol over ``--remote-debugging-pipe``.

Starting Chromium costs about a second; a page of the play test costs a tenth of that.  So the
browser starts once and each page is opened in the same tab with ``Page.navigate``; what the test
wants to know is read with ``Runtime.evaluate``.  The protocol is JSON messages ended by a NUL
byte, read by Chromium from its file descriptor 3 and written to 4.  Standard library only.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
]  # fmt: skip


class Browser:
    """A headless Chromium with one tab; ``open(url, probe)`` loads a page and returns what the
    JavaScript expression ``probe`` (a promise is awaited) gives, as a Python value."""

    def __init__(self, profile: Path) -> None:
        to_chrome, self._commands = os.pipe()
        self._results, from_chrome = os.pipe()
        # Chromium reads fd 3 and writes fd 4: put the pipe ends there in the child, out of the way first.
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_chrome, from_chrome)]

        def child() -> None:
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=child,  # only dup2 before exec
            close_fds=False,
        )
        for fd in (to_chrome, from_chrome, *high):
            os.close(fd)
        self._buffer = b""
        self._next = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method: str, session: str | None = None, **params: Any) -> Any:
        """Send one command and wait for its answer (events in between are dropped)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._results, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def evaluate(self, expression: str) -> Any:
        """The value of the JavaScript ``expression`` in the open page (a promise is awaited)."""
        got = self.call("Runtime.evaluate", self.session, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in got:
            raise RuntimeError(f"the page's script failed: {got['exceptionDetails']}")
        return got["result"].get("value")

    def open(self, url: str, probe: str, timeout: float = 30.0) -> Any:
        """Load ``url`` and return the value of ``probe`` once the new document answers it."""
        self.call("Page.navigate", self.session, url=url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                got = self.call(
                    "Runtime.evaluate", self.session, expression=probe, awaitPromise=True, returnByValue=True
                )
            except RuntimeError:  # the old document went away under the evaluation: ask the new one
                got = {}
            if "exceptionDetails" not in got and "result" in got:
                return got["result"].get("value")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url}: no answer to the probe: {got}")
            time.sleep(0.05)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._commands, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._commands)
        os.close(self._results)
