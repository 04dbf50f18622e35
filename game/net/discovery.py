"""Finding LAN tables: the host announces `_lingnan-mahjong._tcp` by zeroconf (mDNS/DNS-SD); a player browses.

Optional at run time: zeroconf is imported only here and only when used, and every failure (no package, no
multicast, a firewall) is logged and answered with "nothing" (`announce` returns None, `browse` an empty list), so
hosting and joining by address never depend on it.

    handle = announce(port, name="Lin's table", properties={"variant": "nanning", ...})   # None if unavailable
    handle.close()

    for table in browse(timeout=2.0):          # [Table(name, address, port, properties)]
        ...

    browser = Browser(); browser.start()        # a lobby screen: browser.tables() any time, browser.close()
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from .protocol import SERVICE_TYPE

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Table:
    name: str  # the host's announced name
    address: str
    port: int
    properties: dict = field(default_factory=dict)  # variant, players, free (seats), fingerprint, protocol


def _zeroconf():
    try:
        import zeroconf  # noqa: PLC0415 - optional: imported when discovery is used
    except Exception as exc:  # noqa: BLE001 - missing or broken: discovery is simply unavailable
        log.info("zeroconf is unavailable (%s): LAN discovery is off, join by address", exc)
        return None
    return zeroconf


def _interfaces(zc_mod: Any, bind: str) -> Any:
    if bind and bind not in ("0.0.0.0", "::"):
        return [bind]
    return zc_mod.InterfaceChoice.Default


def _addresses(zc_mod: Any, bind: str) -> list[bytes]:
    if bind and bind not in ("0.0.0.0", "::"):
        return [socket.inet_aton(bind)]
    try:
        addrs = [a for a in zc_mod.get_all_addresses() if not a.startswith("127.")]
    except Exception:  # noqa: BLE001
        addrs = []
    return [socket.inet_aton(a) for a in addrs] or [socket.inet_aton("127.0.0.1")]


def _label(name: str) -> str:
    """A DNS-SD instance label: at most 63 bytes of UTF-8, no dots."""
    text = name.replace(".", " ").strip() or "Lingnan Mahjong"
    while len(text.encode("utf-8")) > 63:
        text = text[:-1]
    return text


class Announcement:
    """A registration in the background (zeroconf's probing takes a second or two): hosting never waits for it."""

    def __init__(self, zc_mod: Any, port: int, bind: str, name: str, properties: dict):
        self._zc_mod = zc_mod
        self._zc: Any = None
        self._info: Any = None
        self._closed = threading.Event()
        self._lock = threading.Lock()
        self.error: str | None = None
        self.registered = threading.Event()
        self._pending: dict | None = None
        self._thread = threading.Thread(target=self._register, args=(port, bind, name, properties),
                                        name="lan-announce", daemon=True)
        self._thread.start()

    def _register(self, port: int, bind: str, name: str, properties: dict) -> None:
        zc_mod = self._zc_mod
        try:
            zc = zc_mod.Zeroconf(interfaces=_interfaces(zc_mod, bind))
            info = zc_mod.ServiceInfo(SERVICE_TYPE, f"{_label(name)}.{SERVICE_TYPE}", port=port,
                                      addresses=_addresses(zc_mod, bind),
                                      properties={str(k): str(v) for k, v in properties.items()})
            with self._lock:
                self._zc, self._info = zc, info
                if self._closed.is_set():
                    zc.close()
                    return
            zc.register_service(info, allow_name_change=True)
            self.registered.set()
            pending, self._pending = self._pending, None
            if pending is not None:  # the seats changed while zeroconf was still probing
                self.update(pending)
        except Exception as exc:  # noqa: BLE001 - no multicast, a firewall ...: the table is still joinable
            self.error = str(exc)
            log.warning("could not announce the table on the LAN (%s); players can join by address", exc)

    def update(self, properties: dict) -> None:
        """New properties for the announcement (the seats changed); before the registration is done, they are
        what it registers."""
        with self._lock:
            zc, info = self._zc, self._info
        if zc is None or info is None or not self.registered.is_set():
            self._pending = dict(properties)
            return
        new = self._zc_mod.ServiceInfo(info.type, info.name, port=info.port, addresses=info.addresses,
                                       properties={str(k): str(v) for k, v in properties.items()},
                                       server=info.server)
        with self._lock:
            self._info = new
        zc.update_service(new)

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            zc, info = self._zc, self._info
        if zc is None:
            return
        try:
            if self.registered.is_set():
                zc.unregister_service(info)
        except Exception:  # noqa: BLE001
            pass
        try:
            zc.close()
        except Exception:  # noqa: BLE001
            pass


def announce(port: int, *, bind: str = "", name: str | None = None,
             properties: dict | None = None) -> Announcement | None:
    zc_mod = _zeroconf()
    if zc_mod is None:
        return None
    try:
        return Announcement(zc_mod, port, bind, name or socket.gethostname(), dict(properties or {}))
    except Exception as exc:  # noqa: BLE001
        log.warning("could not announce the table on the LAN (%s)", exc)
        return None


class Browser:
    """Tables announced on the LAN, kept up to date in the background. `tables()` from any thread."""

    def __init__(self, interfaces: list[str] | None = None):
        self._interfaces = interfaces
        self._found: dict[str, Table] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        self.error: str | None = None

    def start(self) -> bool:
        zc_mod = _zeroconf()
        if zc_mod is None:
            self.error = "zeroconf is unavailable"
            return False
        try:
            self._zc = zc_mod.Zeroconf(interfaces=self._interfaces or zc_mod.InterfaceChoice.Default)
            self._browser = zc_mod.ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
            return True
        except Exception as exc:  # noqa: BLE001
            self.error = str(exc)
            log.warning("cannot browse the LAN for tables (%s)", exc)
            self.close()
            return False

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change.name == "Removed":
            with self._lock:
                self._found.pop(name, None)
            return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name), daemon=True).start()

    def _resolve(self, zeroconf: Any, service_type: str, name: str) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=3000)
            if info is None or not info.addresses:
                return
            props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                     for k, v in (info.properties or {}).items()}
            table = Table(name.removesuffix("." + service_type), socket.inet_ntoa(info.addresses[0]),
                          int(info.port), props)
        except Exception as exc:  # noqa: BLE001 - a garbled answer from some device on the LAN
            log.info("ignoring an unreadable announcement %s (%s)", name, exc)
            return
        with self._lock:
            self._found[name] = table

    def tables(self) -> list[Table]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name, t.address, t.port))

    def close(self) -> None:
        for obj in (self._browser, self._zc):
            if obj is not None:
                try:
                    obj.cancel() if obj is self._browser else obj.close()
                except Exception:  # noqa: BLE001
                    pass
        self._browser = self._zc = None


def browse(timeout: float = 2.0, interfaces: list[str] | None = None) -> list[Table]:
    """The tables heard within `timeout` seconds (empty when discovery is unavailable)."""
    import time

    browser = Browser(interfaces)
    if not browser.start():
        return []
    try:
        time.sleep(timeout)
        return browser.tables()
    finally:
        browser.close()


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not loopback), for a host to tell its friends: from the
    interfaces (ifaddr, zeroconf's own dependency) where available, else the address the default route leaves by
    (a UDP socket's connect sends nothing). May be empty (no network)."""
    found: list[str] = []
    try:
        import ifaddr  # noqa: PLC0415 - optional, as zeroconf is

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254.")) and ip.ip not in found:
                    found.append(ip.ip)
    except Exception:  # noqa: BLE001 - no ifaddr, or an odd interface: fall back below
        pass
    if not found:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("10.255.255.255", 1))
                ip = s.getsockname()[0]
            if not ip.startswith("127."):
                found.append(ip)
        except OSError:
            pass
    return found
