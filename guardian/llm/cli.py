"""`guardian llm ...`: set up and serve the embedded model."""

from __future__ import annotations

import argparse
import sys

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
    say(f"starting the embedded LLM on {server.base_url} (model {model.name})")
    server.start()
    say(f"LLM ready on {server.base_url}; Ctrl-C stops it")
    try:
        return server.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        server.stop()


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
    serve.set_defaults(func=_cmd_serve)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(1)
