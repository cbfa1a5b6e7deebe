"""Download the HandHQ sample of ``bench/handhq_sample.toml`` and check every file.

Each file of the manifest is fetched from raw.githubusercontent.com at the pinned commit of
uoftcprg/phh-dataset (MIT licence) into ``../shared/validation/handhq-sample/`` (beside the
repository; ``--dest`` names another folder), under the manifest's short name
(``abs-1000nl.phhs``: one room and stake each). A download is kept only when:

- its size is the manifest's ``bytes``;
- its git blob SHA-1 is the one GitHub's API gives for the path at the pinned commit (the
  tree the commit names: the bytes are that commit's), unless ``--no-api``;
- its SHA-256 is the manifest's ``sha256`` when one is recorded.

``SHA256SUMS`` is written beside the files; ``--check`` re-reads the folder offline (sizes and
those sums) and lists what is missing; ``--pin`` prints the ``sha256`` lines to record in the
manifest. Then ``pokerfloor phh check DIR`` gives the verdicts and ``python -m bench.phh`` the
speed per room and stake (docs/phh.md, "The HandHQ sample").

Standard library only: it runs with any Python 3.11, before ``uv sync``.

    python3 scripts/fetch_handhq_sample.py [--dest DIR] [--check] [--pin] [--no-api]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "bench" / "handhq_sample.toml"
DEST = ROOT.parent / "shared" / "validation" / "handhq-sample"
SUMS = "SHA256SUMS"
RAW = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"
MEDIA = "https://media.githubusercontent.com/media/{repository}/{commit}/{path}"
API = "https://api.github.com/repos/{repository}/contents/{path}?ref={commit}"
LFS_POINTER = b"version https://git-lfs.github.com/spec/"
TIMEOUT = 120
_TABLE = re.compile(rb"^\[[^\]\n]+\][ \t]*$", re.MULTILINE)


class SampleFile(NamedTuple):
    """One file of the sample: its short name, room and stake, and where it comes from."""

    name: str
    room: str
    stake: str
    path: str
    bytes: int
    hands: int  # estimated before any download (the manifest says how)
    sha256: str | None = None


class Manifest(NamedTuple):
    repository: str
    commit: str
    licence: str
    files: tuple[SampleFile, ...]

    def url(self, template: str, item: SampleFile) -> str:
        return template.format(
            repository=self.repository,
            commit=self.commit,
            path=urllib.parse.quote(item.path),
        )


def load_manifest(path: Path = MANIFEST) -> Manifest:
    """The manifest, checked: a source pinned to a commit, files with distinct names."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    source = data["source"]
    if not re.fullmatch(r"[0-9a-f]{40}", source["commit"]):
        raise ValueError(f"{path}: source.commit must be a full commit hash")
    files = tuple(
        SampleFile(
            name=item["name"],
            room=item["room"],
            stake=item["stake"],
            path=item["path"],
            bytes=int(item["bytes"]),
            hands=int(item["hands"]),
            sha256=item.get("sha256"),
        )
        for item in data["file"]
    )
    names = [item.name for item in files]
    if len(set(names)) != len(names) or not all(name.endswith(".phhs") for name in names):
        raise ValueError(f"{path}: every file needs its own name ending in .phhs")
    return Manifest(source["repository"], source["commit"], source["licence"], files)


def git_blob_sha1(data: bytes) -> str:
    """The object id git gives ``data`` as a file (``git hash-object``)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def count_hands(data: bytes) -> int:
    """The tables (``[1]``, ``[2]``...) of a ``.phhs`` file: one hand each."""
    return len(_TABLE.findall(data))


def problems(item: SampleFile, data: bytes, blob_sha1: str | None) -> list[str]:
    """What is wrong with ``data`` as the manifest's ``item`` (nothing: an empty list)."""
    found = []
    if data.startswith(LFS_POINTER):
        found.append("a Git LFS pointer, not the file")
    if len(data) != item.bytes:
        found.append(f"{len(data):,} bytes, the manifest says {item.bytes:,}")
    if blob_sha1 is not None and git_blob_sha1(data) != blob_sha1:
        found.append(f"git blob {git_blob_sha1(data)}, the commit's tree says {blob_sha1}")
    if item.sha256 and hashlib.sha256(data).hexdigest() != item.sha256:
        found.append("SHA-256 differs from the manifest's")
    return found


def read_sums(folder: Path) -> dict[str, str]:
    sums: dict[str, str] = {}
    path = folder / SUMS
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            digest, _, name = line.partition("  ")
            if name:
                sums[name] = digest
    return sums


def write_sums(folder: Path, sums: dict[str, str]) -> None:
    lines = [f"{digest}  {name}\n" for name, digest in sorted(sums.items())]
    (folder / SUMS).write_text("".join(lines), encoding="utf-8")


def missing(manifest: Manifest, folder: Path) -> list[SampleFile]:
    """The manifest's files not in ``folder``."""
    return [item for item in manifest.files if not (folder / item.name).is_file()]


def check(manifest: Manifest, folder: Path) -> int:
    """Offline: every file there, of its size and recorded SHA-256; 0 when all are."""
    sums = read_sums(folder)
    bad = 0
    for item in manifest.files:
        path = folder / item.name
        if not path.is_file():
            print(f"missing  {item.name} ({item.room}, {item.stake})")
            bad += 1
            continue
        data = path.read_bytes()
        found = problems(item, data, None)
        if item.name in sums and sums[item.name] != _sha256(data):
            found.append(f"SHA-256 differs from {SUMS}")
        if found:
            print(f"BAD      {item.name}: {'; '.join(found)}")
            bad += 1
        else:
            print(f"ok       {item.name}: {count_hands(data):,} hands")
    return 1 if bad else 0


def _get(url: str, accept: str | None = None) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "pokerfloor-handhq-sample"})
    if accept:
        request.add_header("Accept", accept)
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return bytes(response.read())


def tree_blob_sha1(manifest: Manifest, item: SampleFile) -> str:
    """The blob id the pinned commit's tree gives the file (GitHub's contents API)."""
    answer = json.loads(_get(manifest.url(API, item), "application/vnd.github+json"))
    return str(answer["sha"])


def download(manifest: Manifest, item: SampleFile) -> bytes:
    data = _get(manifest.url(RAW, item))
    if data.startswith(LFS_POINTER):  # stored in Git LFS: the media host serves the content
        data = _get(manifest.url(MEDIA, item))
    return data


def fetch(manifest: Manifest, folder: Path, use_api: bool) -> int:
    """Download what is missing or wrong; 0 when every file is there and checked."""
    folder.mkdir(parents=True, exist_ok=True)
    sums = read_sums(folder)
    failed = 0
    total = 0
    for item in manifest.files:
        path = folder / item.name
        if path.is_file():
            data = path.read_bytes()
            if not problems(item, data, None) and sums.get(item.name) == _sha256(data):
                total += count_hands(data)
                print(f"kept     {item.name}: {count_hands(data):,} hands (already checked)")
                continue
        try:
            data = download(manifest, item)
            blob = tree_blob_sha1(manifest, item) if use_api else None
        except (urllib.error.URLError, OSError, ValueError, KeyError) as error:
            print(f"FAILED   {item.name}: {error}")
            failed += 1
            continue
        found = problems(item, data, blob)
        if found:
            print(f"REFUSED  {item.name}: {'; '.join(found)}")
            failed += 1
            continue
        path.write_bytes(data)
        sums[item.name] = _sha256(data)
        hands = count_hands(data)
        total += hands
        checked = "size, git blob" if blob else "size only (--no-api)"
        print(f"fetched  {item.name}: {hands:,} hands (estimated {item.hands:,}); {checked}")
    write_sums(folder, sums)
    print(
        f"{total:,} hands in {len(manifest.files) - failed} of {len(manifest.files)} files in "
        f"{folder} ({manifest.repository} at {manifest.commit[:12]}, {manifest.licence} licence)"
    )
    return 1 if failed else 0


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pin(manifest: Manifest, folder: Path) -> int:
    """The ``sha256`` line of each file there, to add to its ``[[file]]`` in the manifest."""
    for item in manifest.files:
        path = folder / item.name
        if path.is_file():
            print(f'# {item.name}\nsha256 = "{_sha256(path.read_bytes())}"')
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", type=Path, default=DEST, help="the folder of the files")
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument("--check", action="store_true", help="check the folder, offline")
    parser.add_argument("--pin", action="store_true", help="print the files' sha256 lines")
    parser.add_argument(
        "--no-api", action="store_true", help="skip the git blob check (GitHub's API)"
    )
    arguments = parser.parse_args(argv)
    manifest = load_manifest(arguments.manifest)
    if arguments.check:
        return check(manifest, arguments.dest)
    if arguments.pin:
        return pin(manifest, arguments.dest)
    return fetch(manifest, arguments.dest, use_api=not arguments.no_api)


if __name__ == "__main__":
    sys.exit(main())
