#!/usr/bin/env bash
# Create the mitmproxy CA that GuardianAgent uses for HTTPS, trust it, and remove it again.
# See certs/README.md. Set DRY_RUN=1 to print the commands instead of running them.
#
#   certs/guardian-ca.sh create              make the CA in $CONFDIR (mitmproxy also does on first start)
#   certs/guardian-ca.sh show                path and SHA-256 fingerprint of the CA certificate
#   certs/guardian-ca.sh install             trust it system-wide (Debian/Ubuntu, macOS, Windows Git Bash)
#   certs/guardian-ca.sh uninstall           remove it from the system store
#   certs/guardian-ca.sh firefox [PROFILE]   trust it in Firefox profiles (NSS certutil)
#   certs/guardian-ca.sh firefox-remove [PROFILE]
#   certs/guardian-ca.sh firefox-policy      print a policies.json that makes Firefox trust it
#   certs/guardian-ca.sh chromium            trust it in Chromium/Chrome on Linux (~/.pki/nssdb)
#   certs/guardian-ca.sh chromium-remove
#
# CONFDIR (default ~/.mitmproxy) is mitmproxy's confdir; NSSDB (default ~/.pki/nssdb) Chromium's
# NSS database; FIREFOX_DIR (default ~/.mozilla/firefox) where Firefox profiles live.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
confdir="${CONFDIR:-$HOME/.mitmproxy}"
cert="$confdir/mitmproxy-ca-cert.pem"
nick="GuardianAgent mitmproxy CA"
system_name="guardian-mitmproxy-ca.crt"
nssdb="${NSSDB:-$HOME/.pki/nssdb}"
firefox_dir="${FIREFOX_DIR:-$HOME/.mozilla/firefox}"

say() { printf '[guardian-ca] %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
run() {
    if [[ -n "${DRY_RUN:-}" ]]; then
        printf '%q ' "$@"
        printf '\n'
    else
        "$@"
    fi
}
sudo_run() { if [[ $(id -u) -eq 0 ]]; then run "$@"; else run sudo "$@"; fi; }
need_cert() { [[ -f "$cert" ]] || die "no CA at $cert; run: $0 create (or start the proxy once)"; }
need() { command -v "$1" >/dev/null 2>&1 || die "$1 is needed: $2"; }

python_bin() {
    local venv_py="$here/../.venv/bin/python"
    if [[ -x "$venv_py" ]]; then echo "$venv_py"; else echo "${PYTHON:-python3}"; fi
}

create() {
    if [[ -f "$cert" ]]; then
        say "CA already exists: $cert"
        return 0
    fi
    # The same call mitmproxy makes on its first start: a 2048-bit CA named "mitmproxy".
    run "$(python_bin)" -c 'import sys; from mitmproxy.certs import CertStore; CertStore.from_store(sys.argv[1], "mitmproxy", 2048)' "$confdir"
    [[ -n "${DRY_RUN:-}" ]] || say "created $cert (keep $confdir/mitmproxy-ca.pem private: it holds the key)"
}

show() {
    need_cert
    echo "$cert"
    openssl x509 -in "$cert" -noout -subject -enddate -fingerprint -sha256
}

install_system() {
    need_cert
    case "$(uname -s)" in
        Linux)
            [[ -d /usr/local/share/ca-certificates ]] || die "no /usr/local/share/ca-certificates: not Debian/Ubuntu; see certs/README.md"
            sudo_run install -m 0644 "$cert" "/usr/local/share/ca-certificates/$system_name"
            sudo_run update-ca-certificates
            ;;
        Darwin)
            sudo_run security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain "$cert"
            ;;
        MINGW* | MSYS* | CYGWIN*)
            run certutil.exe -addstore -f Root "$(cygpath -w "$cert" 2>/dev/null || echo "$cert")"
            ;;
        *) die "unknown system $(uname -s); see certs/README.md" ;;
    esac
}

uninstall_system() {
    case "$(uname -s)" in
        Linux)
            sudo_run rm -f "/usr/local/share/ca-certificates/$system_name"
            sudo_run update-ca-certificates --fresh
            ;;
        Darwin)
            need_cert
            sudo_run security remove-trusted-cert -d "$cert"
            sudo_run security delete-certificate -c mitmproxy /Library/Keychains/System.keychain
            ;;
        MINGW* | MSYS* | CYGWIN*)
            run certutil.exe -delstore Root mitmproxy
            ;;
        *) die "unknown system $(uname -s); see certs/README.md" ;;
    esac
}

firefox_profiles() {
    if [[ $# -gt 0 ]]; then
        printf '%s\n' "$@"
        return
    fi
    local p
    for p in "$firefox_dir"/*/; do
        [[ -f "$p/cert9.db" ]] && printf '%s\n' "${p%/}"
    done
    return 0
}

firefox() {
    need_cert
    [[ -n "${DRY_RUN:-}" ]] || need certutil "install libnss3-tools (Debian/Ubuntu) or nss (macOS: brew install nss)"
    local found=0 profile
    while IFS= read -r profile; do
        [[ -n "$profile" ]] || continue
        found=1
        run certutil -A -n "$nick" -t "C,," -i "$cert" -d "sql:$profile"
        say "trusted in Firefox profile $profile (restart Firefox)"
    done < <(firefox_profiles "$@")
    [[ $found -eq 1 ]] || die "no Firefox profile found in $firefox_dir; start Firefox once, or use: $0 firefox-policy"
}

firefox_remove() {
    [[ -n "${DRY_RUN:-}" ]] || need certutil "install libnss3-tools (Debian/Ubuntu) or nss (macOS: brew install nss)"
    local profile
    while IFS= read -r profile; do
        [[ -n "$profile" ]] || continue
        run certutil -D -n "$nick" -d "sql:$profile" || true
    done < <(firefox_profiles "$@")
}

firefox_policy() {
    need_cert
    # Firefox reads /etc/firefox/policies/policies.json (Linux), the Firefox.app's
    # Contents/Resources/distribution/policies.json (macOS) or distribution\policies.json
    # beside firefox.exe (Windows). Remove the file (or the Certificates entry) to undo.
    cat <<EOF
{
  "policies": {
    "Certificates": {
      "ImportEnterpriseRoots": true,
      "Install": ["$cert"]
    }
  }
}
EOF
}

chromium() {
    need_cert
    [[ -n "${DRY_RUN:-}" ]] || need certutil "install libnss3-tools (Debian/Ubuntu)"
    if [[ ! -f "$nssdb/cert9.db" ]]; then
        run mkdir -p "$nssdb"
        run certutil -d "sql:$nssdb" -N --empty-password
    fi
    run certutil -d "sql:$nssdb" -A -t "C,," -n "$nick" -i "$cert"
    say "trusted for Chromium/Chrome of this user (restart the browser)"
}

chromium_remove() {
    [[ -n "${DRY_RUN:-}" ]] || need certutil "install libnss3-tools (Debian/Ubuntu)"
    run certutil -d "sql:$nssdb" -D -n "$nick"
}

cmd="${1:-help}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
    create) create ;;
    show) show ;;
    install) install_system ;;
    uninstall) uninstall_system ;;
    firefox) firefox "$@" ;;
    firefox-remove) firefox_remove "$@" ;;
    firefox-policy) firefox_policy ;;
    chromium) chromium ;;
    chromium-remove) chromium_remove ;;
    help | -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command $cmd; try: $0 help" ;;
esac
