"""Suite-wide set-up: state the code writes by default goes to a temporary directory, never ~."""

from __future__ import annotations

import os
import tempfile

# Set at import, before any test (or mitmdump subprocess, which inherits it) picks a default path.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="guardian-test-state-")
