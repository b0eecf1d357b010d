#!/usr/bin/env python3
"""Packs Assets/ into one xz stream, the built-in tour's files that the binary carries.

    python3 scripts/pack-built-in-assets.py ASSETS_DIR OUTPUT

Every regular file under ASSETS_DIR, sorted by its path there, as `path NUL size NUL bytes`
(size in decimal ASCII), the whole compressed as one xz stream, so the fourteen key-art files
share one dictionary. `BuiltInAssets` (Sources/OnboardAssets) unpacks it on first use with
liblzma; BuiltInAssetsTests holds what it unpacks to Assets/ file by file. `make build` runs this
when a file under Assets/ changes (`make built-in-assets`).
"""

import lzma
import os
import sys


def filters(size):
    """LZMA2 at its strongest, with a dictionary just large enough for `size` bytes: the decoder
    allocates the whole dictionary, and a run unpacks the stream once."""
    return [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": max(4096, size)}]


def pack(root):
    paths = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories.sort()
        for name in files:
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not name.startswith("."):
                paths.append(os.path.relpath(path, root))
    container = bytearray()
    for path in sorted(paths):
        with open(os.path.join(root, path), "rb") as file:
            content = file.read()
        name = path.replace(os.sep, "/").encode()
        if b"\0" in name:
            sys.exit(f"pack-built-in-assets: {path}: a NUL in a file name cannot be packed")
        container += name + b"\0" + str(len(content)).encode() + b"\0" + content
    return bytes(container), len(paths)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    root, output = sys.argv[1], sys.argv[2]
    container, count = pack(root)
    compressed = lzma.compress(container, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters(len(container)))
    if lzma.decompress(compressed) != container:
        sys.exit("pack-built-in-assets: the stream does not unpack to what was packed")
    temporary = output + ".new"
    with open(temporary, "wb") as file:
        file.write(compressed)
    os.replace(temporary, output)
    print(f"{output}: {count} files, {len(container)} bytes, xz {len(compressed)} bytes")


if __name__ == "__main__":
    main()
