"""Draw the home-screen icons (static/img/icon-192.png, icon-512.png): the favicon's club in white
on the accent green, as plain PNGs without an image library (run once after changing the design)."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

GREEN = (23, 105, 77)
WHITE = (255, 255, 255)
# The club in a unit square: three leaves and a stem (x, y, radius), drawn inside a safe zone
# of 80 %, so that a round mask of the phone's launcher does not cut it.
LEAVES = ((0.5, 0.34, 0.15), (0.33, 0.55, 0.15), (0.67, 0.55, 0.15))


def _in_club(x: float, y: float) -> bool:
    if any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in LEAVES):
        return True
    # The stem: a trapezoid from the leaves down to the foot.
    if 0.5 <= y <= 0.8:
        half = 0.03 + (y - 0.5) * 0.35
        return abs(x - 0.5) <= half
    return 0.42 <= y <= 0.62 and abs(x - 0.5) <= 0.12


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    # Shrink the design into the safe zone.
    u, v = 0.5 + (x - 0.5) / 0.8, 0.5 + (y - 0.5) / 0.8
    return WHITE if _in_club(u, v) else GREEN


def draw(size: int, samples: int = 3) -> bytes:
    rows = []
    for row in range(size):
        line = bytearray([0])  # filter: none
        for col in range(size):
            total = [0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    colour = _pixel(
                        (col + (sx + 0.5) / samples) / size, (row + (sy + 0.5) / samples) / size
                    )
                    for i in range(3):
                        total[i] += colour[i]
            line += bytes(round(t / samples**2) for t in total)
        rows.append(bytes(line))
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "static/img")
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(draw(size))


if __name__ == "__main__":
    main()
