"""Reading a QR code back, for the tests: the module matrix as a terminal draws it (half
blocks) or as an SVG path draws it, decoded as a phone's camera app would decode a clean
picture of it (format, mask, codewords, the error correction checked, the segments read).

Written for the tests, independent of the encoder the program uses (segno): a code that
the program draws for another text, draws wrongly or cuts short is read wrongly or not
at all. Versions 1 to 10 (up to 271 bytes at level L: more than any address needs).
"""

from __future__ import annotations

import re

Matrix = list[list[bool]]
"""Rows of modules, dark = True, without the quiet zone."""

# The standard's error correction per version and level: codewords of error correction per
# block and the groups of blocks (how many, data codewords each).
BLOCKS: dict[tuple[int, str], tuple[int, tuple[tuple[int, int], ...]]] = {
    (1, "L"): (7, ((1, 19),)), (1, "M"): (10, ((1, 16),)),
    (1, "Q"): (13, ((1, 13),)), (1, "H"): (17, ((1, 9),)),
    (2, "L"): (10, ((1, 34),)), (2, "M"): (16, ((1, 28),)),
    (2, "Q"): (22, ((1, 22),)), (2, "H"): (28, ((1, 16),)),
    (3, "L"): (15, ((1, 55),)), (3, "M"): (26, ((1, 44),)),
    (3, "Q"): (18, ((2, 17),)), (3, "H"): (22, ((2, 13),)),
    (4, "L"): (20, ((1, 80),)), (4, "M"): (18, ((2, 32),)),
    (4, "Q"): (26, ((2, 24),)), (4, "H"): (16, ((4, 9),)),
    (5, "L"): (26, ((1, 108),)), (5, "M"): (24, ((2, 43),)),
    (5, "Q"): (18, ((2, 15), (2, 16))), (5, "H"): (22, ((2, 11), (2, 12))),
    (6, "L"): (18, ((2, 68),)), (6, "M"): (16, ((4, 27),)),
    (6, "Q"): (24, ((4, 19),)), (6, "H"): (28, ((4, 15),)),
    (7, "L"): (20, ((2, 78),)), (7, "M"): (18, ((4, 31),)),
    (7, "Q"): (18, ((2, 14), (4, 15))), (7, "H"): (26, ((4, 13), (1, 14))),
    (8, "L"): (24, ((2, 97),)), (8, "M"): (22, ((2, 38), (2, 39))),
    (8, "Q"): (22, ((4, 18), (2, 19))), (8, "H"): (26, ((4, 14), (2, 15))),
    (9, "L"): (30, ((2, 116),)), (9, "M"): (22, ((3, 36), (2, 37))),
    (9, "Q"): (20, ((4, 16), (4, 17))), (9, "H"): (24, ((4, 12), (4, 13))),
    (10, "L"): (18, ((2, 68), (2, 69))), (10, "M"): (26, ((4, 43), (1, 44))),
    (10, "Q"): (24, ((6, 19), (2, 20))), (10, "H"): (28, ((6, 15), (2, 16))),
}  # fmt: skip
ALIGNMENT = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34],
             7: [6, 22, 38], 8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50]}  # fmt: skip
LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
MASKS = [
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
]


class Unreadable(ValueError):
    """What a camera could not read."""


# ---------------------------------------------------------------------- pictures


HALF = {"█": (False, False), " ": (True, True), "▀": (False, True), "▄": (True, False)}
"""A terminal's half block -> (top dark, bottom dark): the light modules are drawn (a
terminal's text is light on dark or dark on light; the code is drawn light on dark)."""


def from_terminal(lines: list[str]) -> Matrix:
    """The modules of a code drawn with half blocks, two rows per line, quiet zone cut."""
    rows: Matrix = []
    for line in lines:
        cells = [HALF[c] for c in line]
        rows.append([top for top, _ in cells])
        rows.append([bottom for _, bottom in cells])
    if rows and all(rows[-1]):  # the half line below a code of an odd height
        rows.pop()
    return _cropped(rows)


def from_svg(svg: str) -> Matrix:
    """The modules of a code drawn as an SVG path of horizontal strokes one module high
    (``M x y h n`` and relative ``m``), quiet zone cut."""
    scale = 1.0
    if found := re.search(r'transform="scale\(([\d.]+)\)"', svg):
        scale = float(found.group(1))
    path = re.search(r'<path[^>]* d="([^"]+)"', svg)
    if path is None:
        raise Unreadable("no path in the SVG")
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, a, b in re.findall(r"([MmHhVv])\s*(-?[\d.]+)(?:[\s,]+(-?[\d.]+))?", path.group(1)):
        if op in "Mm":
            dx, dy = float(a), float(b)
            x, y = (dx, dy) if op == "M" else (x + dx, y + dy)
        elif op in "Hh":
            end = float(a) if op == "H" else x + float(a)
            for col in range(round(min(x, end)), round(max(x, end))):
                dark.add((int(y - 0.5), col))  # a stroke through the middle of its row
            x = end
        else:
            y = float(a) if op == "V" else y + float(a)
    if not dark:
        raise Unreadable("no modules in the SVG")
    del scale  # the path is in modules; a transform only scales the picture
    height = max(r for r, _ in dark) + 1
    width = max(c for _, c in dark) + 1
    return _cropped([[(r, c) in dark for c in range(width)] for r in range(height)])


def _cropped(rows: Matrix) -> Matrix:
    dark = [(i, j) for i, row in enumerate(rows) for j, on in enumerate(row) if on]
    if not dark:
        raise Unreadable("no dark module")
    top, bottom = min(i for i, _ in dark), max(i for i, _ in dark)
    left, right = min(j for _, j in dark), max(j for _, j in dark)
    return [row[left : right + 1] for row in rows[top : bottom + 1]]


# ---------------------------------------------------------------------- decoding


def decode(m: Matrix) -> str:
    """The text a QR code holds (UTF-8 bytes, alphanumeric and numeric segments)."""
    n = len(m)
    if any(len(row) != n for row in m) or (n - 17) % 4:
        raise Unreadable(f"not square or not a QR size: {n} x {[len(r) for r in m][:3]}")
    version = (n - 17) // 4
    if not 1 <= version <= 10:
        raise Unreadable(f"version {version} is not read here")
    level, mask = _format(m)
    reserved = _function_modules(n, version)
    bits = []
    for i, j in _zigzag(n):
        if (i, j) not in reserved:
            bits.append(m[i][j] ^ MASKS[mask](i, j))
    codewords = [int("".join("1" if b else "0" for b in bits[k : k + 8]), 2)
                 for k in range(0, len(bits) - 7, 8)]  # fmt: skip
    data = _deinterleaved(codewords, version, level)
    return _segments(data, version)


def _format(m: Matrix) -> tuple[str, int]:
    """The error correction level and the mask, from the format bits beside the top-left
    finder (the nearest of the 32 valid format codes: a camera corrects up to 3 bits)."""
    spots = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    read = int("".join("1" if m[i][j] else "0" for i, j in spots), 2)
    best = min(range(32), key=lambda v: bin(_format_code(v) ^ read).count("1"))
    if bin(_format_code(best) ^ read).count("1") > 3:
        raise Unreadable("format bits unreadable")
    return LEVELS[best >> 3], best & 7


def _format_code(value: int) -> int:
    """Five format bits with their BCH(15,5) check bits, masked as the standard says."""
    code = value << 10
    for shift in range(4, -1, -1):
        if code & (1 << (shift + 10)):
            code ^= 0b10100110111 << shift
    return ((value << 10) | code) ^ 0b101010000010010


def _function_modules(n: int, version: int) -> set[tuple[int, int]]:
    """Modules that carry no data: finders with separators and format bits, timing lines,
    alignment patterns, version bits, the dark module."""
    out: set[tuple[int, int]] = set()
    for r0, c0 in ((0, 0), (0, n - 8), (n - 8, 0)):
        out |= {(r0 + i, c0 + j) for i in range(8) for j in range(8)}
    out |= {(8, j) for j in range(9)} | {(i, 8) for i in range(9)}  # format, top left
    out |= {(8, n - 1 - j) for j in range(8)} | {(n - 1 - i, 8) for i in range(8)}
    out |= {(6, j) for j in range(n)} | {(i, 6) for i in range(n)}
    centres = ALIGNMENT[version]
    for r in centres:
        for c in centres:
            if (r, c) in ((6, 6), (6, centres[-1]), (centres[-1], 6)):
                continue  # where a finder is
            out |= {(r + i, c + j) for i in range(-2, 3) for j in range(-2, 3)}
    if version >= 7:
        out |= {(i, n - 11 + j) for i in range(6) for j in range(3)}
        out |= {(n - 11 + j, i) for i in range(6) for j in range(3)}
    return out


def _zigzag(n: int) -> list[tuple[int, int]]:
    """The order of the data modules: two columns at a time from the right, up then down,
    the vertical timing column passed over."""
    order = []
    col, upward = n - 1, True
    while col > 0:
        if col == 6:
            col -= 1
        rows = range(n - 1, -1, -1) if upward else range(n)
        for i in rows:
            order += [(i, col), (i, col - 1)]
        col -= 2
        upward = not upward
    return order


def _deinterleaved(codewords: list[int], version: int, level: str) -> list[int]:
    """The data codewords in order, each block's error correction checked."""
    ec, groups = BLOCKS[version, level]
    sizes = [data for count, data in groups for _ in range(count)]
    total = sum(sizes) + ec * len(sizes)
    if len(codewords) < total or len(codewords) - total > 0:
        raise Unreadable(f"{len(codewords)} codewords where version {version} has {total}")
    blocks: list[list[int]] = [[] for _ in sizes]
    at = 0
    for k in range(max(sizes)):
        for b, size in enumerate(sizes):
            if k < size:
                blocks[b].append(codewords[at])
                at += 1
    checks: list[list[int]] = [[] for _ in sizes]
    for _ in range(ec):
        for b in range(len(sizes)):
            checks[b].append(codewords[at])
            at += 1
    for block, check in zip(blocks, checks, strict=True):
        if _remainder(block, ec) != check:
            raise Unreadable("a block's error correction does not match its data")
    return [c for block in blocks for c in block]


def _gf_tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    x = 1
    for i in range(255):
        exp[i], log[x] = x, i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


EXP, LOG = _gf_tables()


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else EXP[LOG[a] + LOG[b]]


def _remainder(data: list[int], ec: int) -> list[int]:
    """The Reed-Solomon check codewords of ``data`` (the generator of ``ec`` roots)."""
    gen = [1]
    for i in range(ec):
        gen = [a ^ _mul(b, EXP[i]) for a, b in zip([*gen, 0], [0, *gen], strict=True)]
    rest = [*data, *([0] * ec)]
    for i in range(len(data)):
        factor = rest[i]
        if factor:
            for j, g in enumerate(gen):
                rest[i + j] ^= _mul(g, factor)
    return rest[len(data) :]


def _segments(data: list[int], version: int) -> str:
    bits = "".join(f"{c:08b}" for c in data)
    at = 0

    def take(count: int) -> int:
        nonlocal at
        if at + count > len(bits):
            raise Unreadable("a segment runs past the data")
        value = int(bits[at : at + count], 2)
        at += count
        return value

    small = version <= 9
    out = bytearray()
    while at + 4 <= len(bits):
        mode = take(4)
        if mode == 0:
            break
        if mode == 0b0100:  # bytes
            out += bytes(take(8) for _ in range(take(8 if small else 16)))
        elif mode == 0b0010:  # alphanumeric
            count = take(9 if small else 11)
            for _ in range(count // 2):
                pair = take(11)
                out += (ALNUM[pair // 45] + ALNUM[pair % 45]).encode()
            if count % 2:
                out += ALNUM[take(6)].encode()
        elif mode == 0b0001:  # numeric
            count = take(10 if small else 12)
            while count >= 3:
                out += f"{take(10):03d}".encode()
                count -= 3
            if count:
                out += f"{take(7 if count == 2 else 4):0{count}d}".encode()
        elif mode == 0b0111:  # ECI: the bytes' encoding (one byte: UTF-8 is 26)
            take(8)
        else:
            raise Unreadable(f"mode {mode:04b} is not read here")
    return out.decode("utf-8")
