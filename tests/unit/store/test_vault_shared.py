"""guardian/vault/memory.py's read-through on a shared store: two proxies running at the same time
extend one conversation, each turn on either, with the same surrogates and every value known."""

from __future__ import annotations

from pathlib import Path

from guardian.store.vault import open_vault

NAME, OTHER = "Jane Q. Storington", "Ines Moreau"


def test_turns_alternating_between_two_running_proxies(pg_url: str, tmp_path: Path) -> None:
    key = tmp_path / "vault.key"  # every proxy has a copy of the same key
    a, _ = open_vault(tmp_path / "a.sqlite3", key, ttl=3600, max_entries=100, store=pg_url)
    b, _ = open_vault(tmp_path / "b.sqlite3", key, ttl=3600, max_entries=100, store=pg_url)  # both started empty
    first, new = a.conversation("chat-1").pseudonym(NAME, "PERSON", "surrogates")
    assert new and a.store.flush()  # type: ignore[union-attr]
    on_b = b.conversation("chat-1")  # the next turn reaches the other proxy
    assert on_b.lookup(NAME) == first and on_b.restore(f"Hello {first}") == (f"Hello {NAME}", 1)
    second, _ = on_b.pseudonym(OTHER, "PERSON", "surrogates")
    assert second != first and b.store.flush()  # type: ignore[union-attr]
    on_a = a.conversation("chat-1")  # and back: the value made on b is known on a
    assert on_a.lookup(OTHER) == second and on_a.restore(second) == (OTHER, 1)
    assert a.conversation("chat-2").lookup(NAME) is None  # another conversation knows nothing of it
    a.close()
    b.close()
