#!/usr/bin/env python3
"""Runs a command and reports how much of ICU's data it had in memory when it exited.

    python3 scripts/icu-pages.py [--pty WxH --keys KEYS] -- COMMAND [ARGUMENT...]

ICU keeps its data (locales, currencies, collation: about 30 MB) in one symbol,
`icudt<version>_dat`, in lib_FoundationICU.so (a dynamic build). The static release build
carries a trimmed, compressed copy and unpacks it, as far as each item ICU opens, into a
zero-filled array, `onboard_icudata`, which ICU's symbol names (scripts/icu-data/). Either is
mapped at start and a page of it is in the process's memory only once something read it (or,
in the release build, unpacked into it). So the signal is: the pages of that symbol present in
the process when it exits (from /proc/PID/pagemap, bit 63), read while the process is stopped
at its exit under ptrace (PTRACE_O_TRACEEXIT), after everything it did.

A page next to other data may come in with the kernel's fault-around (16 pages around a
touched page) without ICU being used: a handful of pages at the edges is no use of ICU, a
formatted currency brings in hundreds.

With --pty the command runs on a pseudo-terminal of that size and each character of KEYS
is typed once the output has been quiet for 150 ms (`>` stands for the Right arrow).

Prints one JSON object: exit code, ICU pages present, ICU pages in all, the file holding
them, and the peak resident memory (VmHWM) in KiB. Linux, x86-64 or arm64; standard library
only.
"""

import argparse
import ctypes
import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time

PTRACE_TRACEME = 0
PTRACE_CONT = 7
PTRACE_SETOPTIONS = 0x4200
PTRACE_O_TRACEEXIT = 0x40
PTRACE_EVENT_EXIT = 6
PAGE = os.sysconf("SC_PAGE_SIZE")
QUIET = 0.150

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
libc.ptrace.restype = ctypes.c_long


def ptrace(request, pid, data=0):
    if libc.ptrace(request, pid, None, ctypes.c_void_p(data)) == -1:
        error = ctypes.get_errno()
        raise OSError(error, f"ptrace({request}): {os.strerror(error)}")


def icu_symbol(path):
    """(offset of ICU's data in the file's virtual addresses, its size), or None. In the
    release build `icudt<version>_dat` is another name, without a size, of `onboard_icudata`."""
    for flags in ([], ["-D"]):
        try:
            listing = subprocess.run(
                ["nm", "-S", *flags, path], capture_output=True, text=True, check=False).stdout
        except FileNotFoundError:
            sys.exit("icu-pages: `nm` (binutils) is needed")
        for line in listing.splitlines():
            fields = line.split()
            if len(fields) == 4 and (fields[3] == "onboard_icudata" or (
                    fields[3].startswith("icudt") and fields[3].endswith("_dat"))):
                return int(fields[0], 16), int(fields[1], 16)
    return None


def load_bias(pid, path):
    """Where the file's virtual address 0 lies in the process. An executable linked at fixed
    addresses (ET_EXEC, as release builds are) is where its symbols say: 0. Otherwise the start
    of its first mapping minus that mapping's file offset (its segments map at vaddr = offset
    mod page, from 0)."""
    with open(path, "rb") as file:
        header = file.read(18)
    if header[:4] == b"\x7fELF" and int.from_bytes(header[16:18], "little") == 2:  # e_type ET_EXEC
        return 0
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5] == path:
                start = int(fields[0].split("-")[0], 16)
                return start - int(fields[2], 16)
    return None


def icu_pages(pid):
    """(pages present, pages in all, file) of ICU's data in process `pid`."""
    files = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) >= 6 and fields[5].startswith("/") and fields[5] not in files:
                files.append(fields[5])
    for path in files:
        if not (path.endswith(".so") or ".so." in path or path == os.readlink(f"/proc/{pid}/exe")):
            continue
        symbol = icu_symbol(path)
        if symbol is None:
            continue
        bias = load_bias(pid, path)
        start = (bias + symbol[0]) // PAGE
        end = (bias + symbol[0] + symbol[1] + PAGE - 1) // PAGE
        present = 0
        with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            pagemap.seek(start * 8)
            data = pagemap.read((end - start) * 8)
        for (entry,) in struct.iter_unpack("<Q", data):
            if entry & (1 << 63) or entry & (1 << 62):
                present += 1
        return present, end - start, path
    return 0, 0, None


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pty", help="run on a pseudo-terminal of this size, e.g. 80x24")
    parser.add_argument("--keys", default="", help="characters to type, one per quiet moment")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command")

    master = None
    if options.pty:
        width, height = (int(part) for part in options.pty.split("x"))
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    pid = os.fork()
    if pid == 0:
        try:
            if master is not None:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                os.dup2(slave, 0)
                os.dup2(slave, 1)
                if slave > 2:
                    os.close(slave)
            ptrace(PTRACE_TRACEME, 0)
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    if master is not None:
        os.close(slave)
    _, status = os.waitpid(pid, 0)  # stopped at the exec
    if not os.WIFSTOPPED(status):
        sys.exit(f"icu-pages: {command[0]} could not be started (exit {os.waitstatus_to_exitcode(status)})")
    ptrace(PTRACE_SETOPTIONS, pid, PTRACE_O_TRACEEXIT)
    ptrace(PTRACE_CONT, pid)

    keys = ["\x1bOC" if key == ">" else key for key in options.keys]
    last_output = time.monotonic()
    report = None
    deadline = time.monotonic() + 30
    while True:
        waited, status = os.waitpid(pid, os.WNOHANG)
        if waited == pid:
            if os.WIFSTOPPED(status):
                stop = os.WSTOPSIG(status)
                if status >> 8 == (signal.SIGTRAP | (PTRACE_EVENT_EXIT << 8)):
                    present, total, path = icu_pages(pid)
                    report = {"icuPages": present, "icuTotalPages": total, "icuFile": path,
                              "peakKiB": peak_kib(pid)}
                    ptrace(PTRACE_CONT, pid)
                else:  # pass every other signal on
                    ptrace(PTRACE_CONT, pid, 0 if stop == signal.SIGTRAP else stop)
                continue
            report = report or {}
            report["exit"] = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            deadline = float("inf")
        if master is None:
            time.sleep(0.002)
            continue
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            try:
                if os.read(master, 65536):
                    last_output = time.monotonic()
            except OSError:
                pass
        elif keys and time.monotonic() - last_output >= QUIET:
            os.write(master, keys.pop(0).encode())
            last_output = time.monotonic()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
