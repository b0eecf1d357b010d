"""ICU common data packages ("CmnD", little-endian, as the toolchain's icudt76l.dat): read and write.

The format is ICU's (udata.h, ucmndata.h): a header (uint16 headerSize, the magic 0xda27 and a
UDataInfo saying "CmnD" version 1), then at headerSize a table of contents: uint32 count,
count x {uint32 nameOffset, uint32 dataOffset} counted from headerSize, the names
("icudt76l/curr/de.res", in byte order, NUL-terminated, since ICU binary-searches them), then
the items, each on a 16-byte boundary, padded with 0xaa as ICU's own tools pad.

Written here rather than with ICU's icupkg: Debian's (ICU 72) refuses the toolchain's ICU 76
package, whose names take 111,540 bytes where icupkg holds 100,000.
"""

import struct

ALIGNMENT = 16
PADDING = 0xAA


def read(data):
    """(header bytes, [(name, item bytes)] in table order) of the package `data`."""
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27":
        raise ValueError("not an ICU data package (no 0xda27 magic)")
    if data[12:16] != b"CmnD":
        raise ValueError(f"not a common data package: its format is {data[12:16]!r}, not CmnD")
    count = struct.unpack_from("<I", data, header_size)[0]
    entries = [struct.unpack_from("<II", data, header_size + 4 + 8 * index) for index in range(count)]
    starts = sorted({data_offset for _, data_offset in entries}) + [len(data) - header_size]
    following = {start: starts[number + 1] for number, start in enumerate(starts[:-1])}
    items = []
    for name_offset, data_offset in entries:
        name_start = header_size + name_offset
        name = data[name_start:data.index(b"\0", name_start)].decode("ascii")
        items.append((name, data[header_size + data_offset:header_size + following[data_offset]]))
    return data[:header_size], items


def write(header, items, order=None):
    """The package of `items` [(name, bytes)]: the table in name order, the items' bytes in
    `order` (a list of names; default: name order). Returns (package bytes, offset of the first
    item, {name: (start, end)} of each item in the package)."""
    by_name = dict(items)
    names = sorted(by_name, key=lambda name: name.encode("ascii"))
    order = names if order is None else order
    if sorted(order) != sorted(names):
        raise ValueError("the order must name every item exactly once")
    header_size = len(header)
    table_size = 4 + 8 * len(names)
    name_block = b"".join(name.encode("ascii") + b"\0" for name in names)
    name_offsets, position = [], table_size
    for name in names:
        name_offsets.append(position)
        position += len(name.encode("ascii")) + 1

    def aligned(offset):  # items start on 16-byte boundaries of the whole package
        return (header_size + offset + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT - header_size

    data_offsets, position = {}, aligned(position)
    first_item = header_size + position
    for name in order:
        data_offsets[name] = position
        position = aligned(position + len(by_name[name]))
    package = bytearray([PADDING]) * (header_size + position)
    package[:header_size] = header
    struct.pack_into("<I", package, header_size, len(names))
    for index, name in enumerate(names):
        struct.pack_into("<II", package, header_size + 4 + 8 * index, name_offsets[index], data_offsets[name])
    package[header_size + table_size:header_size + table_size + len(name_block)] = name_block
    extents = {}
    for name in order:
        start = header_size + data_offsets[name]
        package[start:start + len(by_name[name])] = by_name[name]
        extents[name] = (start, start + len(by_name[name]))
    return bytes(package), first_item, extents
