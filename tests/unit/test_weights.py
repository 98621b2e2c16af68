"""Which weights a model reads: the user's opt-in file when there is one, else the package's."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from guardian import weights
from guardian.weights import inventory, licence_of, locate, opt_in_dir


@pytest.fixture()
def opt_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GUARDIAN_WEIGHTS", str(tmp_path))
    return tmp_path


def test_the_opt_in_folder_follows_the_environment(opt_in: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert opt_in_dir() == opt_in
    monkeypatch.delenv("GUARDIAN_WEIGHTS")
    monkeypatch.setenv("XDG_DATA_HOME", str(opt_in / "data"))
    assert opt_in_dir() == opt_in / "data" / "guardian" / "weights"


def test_the_package_answers_until_the_user_opts_in(opt_in: Path) -> None:
    path, is_opt_in = locate("attacker", "attacker.npz")
    assert not is_opt_in and path.parent.name == "weights" and "fast_attacker" in str(path)
    mine = opt_in / "attacker" / "attacker.npz"
    mine.parent.mkdir(parents=True)
    np.savez(mine, x=np.zeros(1))
    mine.with_suffix(".json").write_text(json.dumps(
        {"licence": {"data": [{"source": "SynthPAI", "licence": "CC BY-NC-SA 4.0"}], "clean": False}}))
    assert locate("attacker", "attacker.npz") == (mine, True)
    row = next(r for r in inventory() if r.name == "attacker.npz")
    assert row.opt_in and row.licence.clean is False
    assert "NOT for commercial use" in row.licence.describe()


def test_a_record_inside_the_npz_is_read(tmp_path: Path) -> None:
    path = tmp_path / "multihot.npz"
    meta = {"licence": {"data": [{"source": "templates", "licence": "Apache-2.0"}], "clean": True}}
    np.savez(path, w1=np.zeros(1), meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    lic = licence_of(path)
    assert lic.clean is True and lic.sources == (("templates", "Apache-2.0"),)


def test_a_file_without_a_record_says_so(tmp_path: Path) -> None:
    path = tmp_path / "x.npz"
    np.savez(path, a=np.zeros(1))
    assert licence_of(path).clean is None and licence_of(path).describe() == "no licence record"
    (tmp_path / "x.json").write_text("{not json")
    assert licence_of(path).sources == ()


def test_the_command_lists_every_model(opt_in: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from guardian.cli import main

    assert main(["weights", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["family"], r["name"]) for r in rows} == set(weights.PACKAGED)


def test_the_banner_names_opt_in_weights_only(opt_in: Path) -> None:
    from guardian.weights import banner

    assert banner() == ""
    mine = opt_in / "matcher" / "multihot.npz"
    mine.parent.mkdir(parents=True)
    meta = {"licence": {"data": [{"source": "OPP-115", "licence": "research only"}], "clean": False}}
    np.savez(mine, w1=np.zeros(1), meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8))
    line = banner()
    assert "matcher/multihot.npz" in line and "OPP-115 (research only): NOT for commercial use" in line


def test_an_npz_is_read_one_thread_at_a_time(tmp_path: Path) -> None:
    """numpy parses each array's header with `ast.literal_eval`, which CPython 3.11 cannot run in two
    threads at once: every weights file is read under one lock, released after the block."""
    import threading

    import numpy as np

    from guardian import weights

    path = tmp_path / "w.npz"
    np.savez(path, a=np.arange(3, dtype=np.float32))
    seen: list[bool] = []

    def read() -> None:
        with weights.read_npz(path) as z:
            seen.append(weights._NPZ_LOCK.locked() and list(z["a"]) == [0.0, 1.0, 2.0])

    threads = [threading.Thread(target=read) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [True] * 8 and not weights._NPZ_LOCK.locked()
