"""A throwaway PostgreSQL cluster for tests: Debian's `initdb` and `pg_ctl` into a temporary
folder, listening only on a unix socket there, trust authentication, stopped and removed after.

    with throwaway_cluster() as cluster:       # SkipCluster(reason) when it cannot run here
        url = cluster.create_database("t1")    # postgresql://guardian@/t1?host=<folder>
        cluster.stop(); cluster.start()        # an outage, mid-test
        with cluster.frozen(): ...             # a frozen server: SIGSTOP on its processes, open connections hang

`initdb` refuses to run as root: as root the cluster runs as the `postgres` user (else `nobody`)
through `runuser`, and the folder is theirs. It lives in the lab, not the runtime package, and
every test suite (unit, integration, e2e) starts the cluster the same way through it.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["PgCluster", "SkipCluster", "throwaway_cluster", "find_pg_bin", "PG_VERSIONS"]

PG_VERSIONS = ("15", "16", "17", "14")  # Debian's /usr/lib/postgresql/<version>/bin, the first found
SUPERUSER = "guardian"
START_TIMEOUT_S = 30


class SkipCluster(Exception):
    """No cluster can run here; the message says why (a test skips with it)."""


def find_pg_bin() -> Path | None:
    """The folder of `initdb` and `pg_ctl` (`$GUARDIAN_PG_BIN`, else Debian's), or None."""
    env = os.environ.get("GUARDIAN_PG_BIN")
    candidates = [Path(env)] if env else [Path(f"/usr/lib/postgresql/{v}/bin") for v in PG_VERSIONS]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _run_as() -> tuple[list[str], str | None]:
    """The command prefix that runs as a user initdb accepts, and that user (None: ourselves)."""
    if os.geteuid() != 0:
        return [], None
    # util-linux's runuser lives in sbin, which a plain user's PATH (and `env -i PATH=/usr/bin:/bin`) lacks
    runuser = shutil.which("runuser") or next((p for p in ("/usr/sbin/runuser", "/sbin/runuser") if os.access(p, os.X_OK)), None)
    if runuser is None:
        raise SkipCluster("running as root and no runuser to start PostgreSQL as another user")
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return [runuser, "-u", user, "--"], user
    raise SkipCluster("running as root and neither a postgres nor a nobody user to start PostgreSQL as")


class PgCluster:
    """A running throwaway cluster in `folder` (data in `folder`/data, the socket in `folder`)."""

    def __init__(self, folder: Path, bin_dir: Path, prefix: list[str]) -> None:
        self.folder = folder
        self.bin = bin_dir
        self.prefix = prefix
        self.data = folder / "data"
        self.log = folder / "postgres.log"
        self.running = False
        self._frozen: list[int] = []

    def _run(self, *args: str, timeout: float = START_TIMEOUT_S) -> None:
        done = subprocess.run([*self.prefix, *args], capture_output=True, text=True, timeout=timeout, cwd=self.folder)
        if done.returncode != 0:
            raise SkipCluster(f"{Path(args[0]).name} failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-500:]}")

    def init(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync")

    def start(self) -> None:
        opts = f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -c fsync=off"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", str(START_TIMEOUT_S), "-o", opts, "start")
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        if self.running:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-m", mode, "stop")
            self.running = False

    def pids(self) -> list[int]:
        """The postmaster's process id and its children's (backends, background workers)."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == postmaster:  # the field after the name and state
                children.append(int(entry.name))
        return [postmaster, *children]

    def freeze(self) -> None:
        """SIGSTOP every process of the cluster (the postmaster first, so it forks no new one):
        connections stay open and nothing answers, as on a server that hangs."""
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGSTOP)
            except ProcessLookupError:
                continue
            self._frozen.append(pid)

    def thaw(self) -> None:
        frozen, self._frozen = self._frozen, []
        for pid in frozen:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """The cluster frozen for the block (`freeze`), thawed after it whatever happens."""
        self.freeze()
        try:
            yield
        finally:
            self.thaw()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    def create_database(self, name: str) -> str:
        """A new empty database (its name: letters, digits, _); its URL."""
        if not name.replace("_", "").isalnum():
            raise ValueError(name)
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def throwaway_cluster() -> Iterator[PgCluster]:
    """A started cluster, stopped and removed at the end; `SkipCluster` when it cannot run here."""
    bin_dir = find_pg_bin()
    if bin_dir is None:
        raise SkipCluster("PostgreSQL's initdb/pg_ctl not found (apt-get install postgresql, or set GUARDIAN_PG_BIN)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise SkipCluster("psycopg is not installed") from None
    prefix, user = _run_as()
    folder = Path(tempfile.mkdtemp(prefix="guardian-pg-"))
    cluster = PgCluster(folder, bin_dir, prefix)
    try:
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            os.chmod(folder, 0o755)
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        cluster.thaw()  # a frozen cluster would not stop
        try:
            cluster.stop("immediate")
        except (SkipCluster, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(folder, ignore_errors=True)
