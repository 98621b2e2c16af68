#!/usr/bin/env bash
# GuardianAgent set-up and entry point. Every command first makes sure the virtual
# environment in .venv exists and matches pyproject.toml and constraints.txt.
#
#   ./guardian.sh run [mitmdump args...]   set up, then run the proxy on 127.0.0.1:8080
#   ./guardian.sh test [pytest args...]    set up, then run the whole test suite
#   ./guardian.sh setup                    set up only
#   ./guardian.sh setup-llm                set up, then build/fetch the embedded LLM once (cached)
#   ./guardian.sh <cli args...>            any `guardian` CLI command, e.g. check --url ...
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
venv="$here/.venv"
py="${GUARDIAN_PYTHON:-python3.11}"
command -v "$py" >/dev/null 2>&1 || py=python3

say() { printf '[guardian] %s\n' "$*" >&2; }

# Run pip with its chatter in .venv/setup.log; show the log's tail only when it fails.
pipq() {
    if ! "$@" >>"$venv/setup.log" 2>&1; then
        say "set-up failed; the last lines of $venv/setup.log:"
        tail -n 30 "$venv/setup.log" >&2
        exit 1
    fi
}

setup() {
    local stamp="$venv/.guardian-setup" want
    want="$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)"
    if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
        return 0
    fi
    "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
        || { say "Python 3.11 or newer is needed (found $("$py" --version 2>&1))"; exit 1; }
    say "setting up $venv (first run only; about a minute)"
    [[ -x "$venv/bin/python" ]] || "$py" -m venv "$venv"
    : >"$venv/setup.log"
    local pip=(pipq "$venv/bin/python" -m pip install --quiet --disable-pip-version-check)
    # A local wheel directory, where the machine has one, holds the CPU build of torch.
    [[ -d /opt/wheels ]] && pip+=(--find-links /opt/wheels)
    "${pip[@]}" --upgrade pip setuptools wheel
    say "installing torch (CPU build, pinned by constraints.txt)"
    "${pip[@]}" -c constraints.txt "torch==2.13.0"
    say "installing GuardianAgent and its dependencies"
    # [lab]: the tests import the lab (lab/: training, evaluation, benchmarks, test helpers)
    "${pip[@]}" -c constraints.txt -e ".[test,lab]"
    echo "$want" >"$stamp"
    say "set-up done"
}

# The embedded LLM (guardian/llm/provision.py): llama-cpp-python built once into a wheel and the
# model assembled once, both in ~/.cache/guardian; GUARDIAN_LLM=off skips it, a URL uses that endpoint.
setup_llm() {
    [[ "${GUARDIAN_LLM:-embedded}" == embedded ]] || return 0
    "$venv/bin/python" -m guardian.llm.provision || exit 1
}

# Set up (the first time: minutes) and start the embedded LLM server in the background, beside
# the proxy, which serves at once: until the server answers, flows use the rule levels and the
# fast attacker, and the LLM levels join by themselves when it does (each LLM call is tried
# afresh). The server exits when this process (then the proxy, by exec) does.
start_llm() {
    case "${GUARDIAN_LLM:-embedded}" in
        off) return 0 ;;
        embedded) ;;
        *) export GUARDIAN_LLM_BASE_URL="$GUARDIAN_LLM"; return 0 ;;
    esac
    local url="http://127.0.0.1:${GUARDIAN_LLM_PORT:-8081}/v1" log="$here/.cache/llm-server.log"
    say "the embedded LLM starts in the background on $url (log .cache/llm-server.log); until it answers, the rule levels decide"
    (
        "$venv/bin/python" -m guardian.llm.provision >>"$log" 2>&1 \
            || { say "the embedded LLM could not be set up; see .cache/llm-server.log (GUARDIAN_LLM=off runs without it)"; exit 1; }
        exec "$venv/bin/guardian" llm serve --port "${GUARDIAN_LLM_PORT:-8081}" --exit-with $$ --log "$log" >/dev/null 2>&1
    ) &
    export GUARDIAN_LLM_BASE_URL="$url"
}

# Whether `guardian run`'s --print-only is among the arguments (before a literal --, after
# which everything goes to mitmdump).
has_print_only() {
    local a
    for a in "$@"; do
        [[ "$a" == -- ]] && return 1
        [[ "$a" == --print-only ]] && return 0
    done
    return 1
}

cmd="${1:-help}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
    setup)
        setup
        ;;
    setup-llm)
        setup
        setup_llm
        ;;
    run)
        setup
        mkdir -p "$here/.cache"
        # --print-only starts nothing, so it needs no LLM (which would take minutes the first time).
        if ! has_print_only "$@"; then
            start_llm
            say "proxy on http://127.0.0.1:${GUARDIAN_PORT:-8080}; audit log ${GUARDIAN_AUDIT:-$here/.cache/audit.jsonl}"
        fi
        # `guardian run` (guardian/run.py) prints the proxy settings, serves the PAC file and runs
        # mitmdump with the addon (flow_detail=0: no URLs in mitmdump's own log); its own flags
        # (--print-only, --port, ...) it reads itself, the other arguments go to mitmdump.
        # GUARDIAN_PORT, GUARDIAN_PAC_PORT, GUARDIAN_RULES, GUARDIAN_AUDIT apply.
        exec "$venv/bin/guardian" run -- "$@"
        ;;
    test)
        setup
        # tests/integration/ runs against the real embedded model: it is set up (the first time:
        # minutes) alongside the other tests, which run first (tests/conftest.py); the
        # integration fixture waits for this process (tests/integration/conftest.py).
        if [[ "${GUARDIAN_LLM:-embedded}" == embedded ]]; then
            mkdir -p "$here/.cache"
            "$venv/bin/python" -m guardian.llm.provision >"$here/.cache/llm-provision.log" 2>&1 &
            export GUARDIAN_LLM_PROVISION_PID=$!
        fi
        exec "$venv/bin/python" -m pytest "$@"
        ;;
    help | -h | --help)
        sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
        ;;
    *)
        setup
        exec "$venv/bin/guardian" "$cmd" "$@"
        ;;
esac
