"""Write the Windows and macOS icon files (assets/icon.ico, assets/icon.icns) from assets/icon.svg.

    python tools/make_icon_files.py

PyInstaller converts a PNG icon only when Pillow is installed, and the build installs nothing but
PyInstaller. Both formats can hold PNG images as they are, so each size is rendered from the SVG with
pygame (the game's own dependency) and packed with the standard library. Run it after the icon changes and
commit the two files.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ICON_SVG = REPO / "assets" / "icon.svg"
ICON_ICO = REPO / "assets" / "icon.ico"
ICON_ICNS = REPO / "assets" / "icon.icns"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # what Explorer, the taskbar and Alt+Tab ask for
# ICNS element types that hold a PNG, by pixel size (the @2x types reuse the larger renders).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_png(size: int) -> bytes:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load_sized_svg(str(ICON_SVG), (size, size))
    buffer = io.BytesIO()
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """ICONDIR, one ICONDIRENTRY per image, then the PNG data (Windows Vista and later read PNG entries)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # a byte: 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: render_png(size) for size in sizes}
    ICON_ICO.write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    ICON_ICNS.write_bytes(icns_bytes(pngs))
    print(f"wrote {ICON_ICO.relative_to(REPO)} and {ICON_ICNS.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
