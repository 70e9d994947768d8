# Shared helpers for the scripts in this folder. Source it; do not run it.

log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
fatal() {
    log "error: $*"
    exit 1
}

# Installs Debian packages that are not installed yet; runs `apt-get update` only when needed.
ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null || fatal "missing packages (${missing[*]}) and no apt-get to install them"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log "installing ${missing[*]}"
    # Another apt run (a second checkout's script, unattended upgrades) may hold dpkg's lock: wait
    # for it rather than fail.
    local wait=(-o DPkg::Lock::Timeout=600)
    $sudo apt-get "${wait[@]}" update -qq || fatal "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get "${wait[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
        fatal "apt-get install ${missing[*]} failed"
}
