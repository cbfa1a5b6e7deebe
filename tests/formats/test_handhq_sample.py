"""The HandHQ sample's manifest (bench/handhq_sample.toml) and its fetch script.

The sample itself is not in the repository (scripts/fetch_handhq_sample.py downloads it): these
tests check what can be checked here, offline: the manifest names at least 5,000 hands over at
least eight rooms or stakes, none of which tests/data holds, each file's name says the room and
stake its source path does, and the script's checks refuse a wrong file.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

import pytest
from bench.phh import sample_missing

from tests.scripts_loader import ROOT, load_script

fetch = load_script("fetch_handhq_sample")
DATA = ROOT / "tests" / "data"
# A source folder of the corpus: the room and the stake (data/handhq/ABS-..._1000NLH_OBFU/10/).
_FOLDER = re.compile(r"data/handhq/([A-Z]+)-2009-07-01_2009-07-23_(\d+)NLH_OBFU/")


def room_stake(path: str) -> str:
    """``abs-1000nl`` for a path under ``data/handhq/ABS-..._1000NLH_OBFU/``."""
    found = _FOLDER.match(path)
    assert found is not None, path
    return f"{found[1].lower()}-{found[2]}nl"


def held_in_tests() -> set[str]:
    """The rooms and stakes tests/data already holds: by file name and by the source paths
    their READMEs list."""
    held = {
        path.stem for folder in ("handhq", "handhq-more") for path in (DATA / folder).glob("*.phhs")
    }
    for folder in ("handhq", "handhq-more"):
        readme = (DATA / folder / "README.md").read_text(encoding="utf-8")
        held |= {room_stake(path) for path in re.findall(r"`(data/handhq/[^`]+)`", readme)}
    return held


def test_the_manifest_names_5000_hands_over_8_rooms_or_stakes_none_in_tests_data() -> None:
    manifest = fetch.load_manifest()
    assert manifest.repository == "uoftcprg/phh-dataset"
    assert manifest.licence == "MIT"
    held = held_in_tests()
    assert {"abs-100nl", "ftp-1000nl", "ipn-1000nl", "ps-200nl", "pty-1000nl"} <= held
    names = [item.name.removesuffix(".phhs") for item in manifest.files]
    # each name is the room and stake of its source folder, and none is already held
    assert names == [room_stake(item.path) for item in manifest.files]
    assert not set(names) & held
    assert len(set(names)) >= 8
    assert len({(item.room, item.stake) for item in manifest.files}) == len(names)
    assert sum(item.hands for item in manifest.files) >= 5000
    for item in manifest.files:
        # an estimate from the file's size: the rooms' hands run 650 to 780 bytes with players
        assert 600 <= item.bytes / item.hands <= 800, item.name


def test_git_blob_sha1_is_gits_own(tmp_path: Path) -> None:
    path = DATA / "handhq" / "ipn-1000nl.phhs"
    data = path.read_bytes()
    assert fetch.git_blob_sha1(b"hello\n") == "ce013625030ba8dba906f756967f9e9ca394464a"
    try:
        expected = subprocess.run(
            ["git", "hash-object", str(path)], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("no git here")
    assert fetch.git_blob_sha1(data) == expected
    assert fetch.count_hands(data) == 22


def _item(data: bytes, **changes: object) -> object:
    fields = {
        "name": "ipn-1000nl.phhs",
        "room": "iPoker Network",
        "stake": "1000NL",
        "path": "data/handhq/IPN-2009-07-01_2009-07-23_1000NLH_OBFU/10/x.phhs",
        "bytes": len(data),
        "hands": 22,
        "sha256": None,
        **changes,
    }
    return fetch.SampleFile(**fields)


def test_a_download_of_another_size_blob_or_digest_is_refused() -> None:
    data = (DATA / "handhq" / "ipn-1000nl.phhs").read_bytes()
    blob = fetch.git_blob_sha1(data)
    assert fetch.problems(_item(data), data, blob) == []
    assert fetch.problems(_item(data, sha256=hashlib.sha256(data).hexdigest()), data, blob) == []
    assert fetch.problems(_item(data, bytes=len(data) + 1), data, blob)
    assert fetch.problems(_item(data), data, "0" * 40)
    assert fetch.problems(_item(data, sha256="0" * 64), data, blob)
    pointer = fetch.LFS_POINTER + b"\noid sha256:00\nsize 12\n"
    assert "Git LFS" in fetch.problems(_item(pointer), pointer, None)[0]


def test_check_lists_the_missing_and_the_damaged_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest_text = (ROOT / "bench" / "handhq_sample.toml").read_text(encoding="utf-8")
    manifest = fetch.load_manifest()
    assert fetch.check(manifest, tmp_path) == 1
    assert capsys.readouterr().out.count("missing") == len(manifest.files)
    assert len(sample_missing(tmp_path)) == len(manifest.files)
    # a folder holding one file of the right size, then the same file altered
    data = (DATA / "handhq" / "ipn-1000nl.phhs").read_bytes()
    first = manifest.files[0]
    text = manifest_text.replace(f"bytes = {first.bytes}\n", f"bytes = {len(data)}\n", 1)
    small = tmp_path / "manifest.toml"
    small.write_text(text, encoding="utf-8")
    manifest = fetch.load_manifest(small)
    (tmp_path / first.name).write_bytes(data)
    fetch.write_sums(tmp_path, {first.name: hashlib.sha256(data).hexdigest()})
    fetch.check(manifest, tmp_path)
    assert f"ok       {first.name}: 22 hands" in capsys.readouterr().out
    assert len(sample_missing(tmp_path, small)) == len(manifest.files) - 1
    (tmp_path / first.name).write_bytes(data.replace(b"[22]", b"[23]"))
    fetch.check(manifest, tmp_path)
    assert f"BAD      {first.name}: SHA-256 differs" in capsys.readouterr().out
