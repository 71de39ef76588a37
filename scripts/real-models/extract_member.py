"""Writes one member of a wheel (a zip archive) to stdout, byte for byte.

Used by scripts/real-models.ts, which hashes what it receives; Python's zipfile is the one zip reader the
fetch needs, and Python is already there for pip. Usage: python3 extract_member.py ARCHIVE MEMBER
"""

import shutil
import sys
import zipfile


def main() -> int:
    archive, member = sys.argv[1], sys.argv[2]
    with zipfile.ZipFile(archive) as wheel:
        try:
            source = wheel.open(member)
        except KeyError:
            names = ", ".join(sorted(wheel.namelist()))
            print(f"{archive}: no member {member!r}; the archive holds: {names}", file=sys.stderr)
            return 2
        with source:
            shutil.copyfileobj(source, sys.stdout.buffer, 1024 * 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())
