"""`guardian llm ...`: set up and serve the embedded model."""

from __future__ import annotations

import argparse
import signal

__all__ = ["register_llm"]


def _cmd_setup(args: argparse.Namespace) -> int:
    from guardian.llm.provision import main

    return main()


def _cmd_serve(args: argparse.Namespace) -> int:
    from guardian.llm.provision import ensure_model, ensure_server_package, say
    from guardian.llm.server import EmbeddedServer

    ensure_server_package()
    model = ensure_model()
    server = EmbeddedServer(model, port=args.port, n_ctx=args.ctx, threads=args.threads, log_path=args.log)

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # SIGTERM too stops the child server (the finally below)

    signal.signal(signal.SIGTERM, on_term)
    say(f"starting the embedded LLM on {server.base_url} (model {model.name})")
    server.start()
    say(f"LLM ready on {server.base_url}; Ctrl-C stops it")
    if args.exit_with:
        _exit_with(args.exit_with, server)
    try:
        return server.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        server.stop()


def _exit_with(pid: int, server: object) -> None:
    """Stop the server once process `pid` (the proxy) is gone."""
    import os
    import threading
    import time

    def watch() -> None:
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                server.stop()  # type: ignore[attr-defined]
                return
            except PermissionError:
                pass
            time.sleep(1)

    threading.Thread(target=watch, daemon=True).start()


def register_llm(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`guardian llm setup` and `guardian llm serve`."""
    llm = sub.add_parser("llm", help="the embedded LLM (OpenAI-compatible server on 127.0.0.1)")
    llm_sub = llm.add_subparsers(dest="llm_command", required=True)
    setup = llm_sub.add_parser("setup", help="build/fetch the server and model into the cache (once)")
    setup.set_defaults(func=_cmd_setup)
    serve = llm_sub.add_parser("serve", help="set up if needed, then serve the model on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8081, help="port on 127.0.0.1 (default 8081)")
    serve.add_argument("--ctx", type=int, default=4096, help="context length in tokens (default 4096)")
    serve.add_argument("--threads", type=int, default=None, help="CPU threads (default: all cores)")
    serve.add_argument("--log", default=None, help="write the server's output to this file")
    serve.add_argument("--exit-with", type=int, default=None, metavar="PID", help="stop when process PID exits")
    serve.set_defaults(func=_cmd_serve)

