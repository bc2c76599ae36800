"""Where the phones can reach this computer: its private IPv4 addresses, one per network
interface, leaving out loopback and the bridges of containers and virtual machines.

Addresses, not ``.local`` names: many phones do not resolve those. Linux is asked
interface by interface (``SIOCGIFADDR``); elsewhere the address the system would send
from is taken (a UDP socket connected, nothing sent).
"""

from __future__ import annotations

import ipaddress
import socket
import struct

VIRTUAL = (
    "lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "podman",
    "lxc", "lxd", "tun", "tap", "wg", "zt", "tailscale", "kube", "vnet", "utun", "awdl",
)  # fmt: skip
_SIOCGIFADDR = 0x8915


def usable(name: str, address: str) -> bool:
    """A private address of a real interface (Wi-Fi, Ethernet), as a phone reaches it."""
    if name.startswith(VIRTUAL):
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_private and not (ip.is_loopback or ip.is_link_local)


def interfaces() -> list[tuple[str, str]]:
    """(interface, IPv4 address) of each interface that has one."""
    try:
        import fcntl
    except ImportError:  # not Linux or BSD
        return _default_route()
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            packed = struct.pack("256s", name.encode("utf-8")[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, packed)
            except OSError:
                continue
            found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def _default_route() -> list[tuple[str, str]]:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.168.0.1", 9))  # UDP: nothing is sent
        except OSError:
            return []
        return [("default", probe.getsockname()[0])]


def lan_addresses() -> list[str]:
    """The private addresses phones at the table can use, in interface order."""
    seen: list[str] = []
    for name, address in interfaces():
        if usable(name, address) and address not in seen:
            seen.append(address)
    return seen
