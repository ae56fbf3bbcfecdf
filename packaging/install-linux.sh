#!/bin/sh
# Put the launcher and the icon where Linux desktops look for them (current user only), with
# the full path of the installed program, so that they start it whether or not its folder is on
# the PATH (a venv's bin/ is not: a desktop's launcher then answered "no such application").
#
#   sh packaging/install-linux.sh                  launcher + icon
#   sh packaging/install-linux.sh --kiosk          ... and an autostart entry in kiosk mode
#   sh packaging/install-linux.sh --kiosk-service  ... and the systemd user unit in kiosk mode
#                                                  (restarted after a crash; docs/kiosk.md)
#   --program PATH   the monopoly-cpc to start (default: the active venv's, then this
#                    checkout's .venv/bin/monopoly-cpc, then the one on the PATH)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kiosk=""
program=""
while [ $# -gt 0 ]; do
    case "$1" in
        --kiosk) kiosk=autostart ;;
        --kiosk-service) kiosk=service ;;
        --program) [ $# -ge 2 ] || { echo "install-linux.sh: --program needs a path" >&2; exit 2; }
                   program=$2; shift ;;
        --program=*) program=${1#--program=} ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-linux.sh: unknown option $1 (--kiosk, --kiosk-service, --program PATH)" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$program" ]; then
    for candidate in "${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/monopoly-cpc}" "$here/../.venv/bin/monopoly-cpc" \
                     "$(command -v monopoly-cpc 2>/dev/null || true)"; do
        if [ -n "$candidate" ] && [ -f "$candidate" ] && [ -x "$candidate" ]; then
            program=$candidate
            break
        fi
    done
fi
if [ -z "$program" ] || [ ! -f "$program" ] || [ ! -x "$program" ]; then
    echo "install-linux.sh: ${program:-monopoly-cpc} is not an installed program: install the game first" \
         "(python3 -m venv .venv && .venv/bin/pip install .), or give --program PATH" >&2
    exit 1
fi
program="$(cd "$(dirname "$program")" && pwd)/$(basename "$program")"

# How the path is written in a desktop entry's Exec (quoted if it has to be; % doubled) and
# in a systemd ExecStart (quoted likewise; % is a specifier there too).
case "$program" in
    *[!A-Za-z0-9/._+-]*)
        quoted=$(printf '%s' "$program" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g')
        exec_path="\"$quoted\""
        unit_path="\"$(printf '%s' "$program" | sed -e 's/[\\"]/\\&/g' -e 's/%/%%/g')\"" ;;
    *) exec_path=$program; unit_path=$program ;;
esac

# copy a packaged file, its Exec=/TryExec=/ExecStart= lines naming the installed program
install_entry() {
    src=$1 dst=$2
    tmp="$dst.tmp.$$"
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            "Exec=monopoly-cpc"*) printf 'Exec=%s%s\n' "$exec_path" "${line#Exec=monopoly-cpc}" ;;
            "TryExec=monopoly-cpc") printf 'TryExec=%s\n' "$program" ;;
            "ExecStart=%h/.local/bin/monopoly-cpc"*)
                printf 'ExecStart=%s%s\n' "$unit_path" "${line#ExecStart=%h/.local/bin/monopoly-cpc}" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done < "$src" > "$tmp"
    mv "$tmp" "$dst"
}

data="${XDG_DATA_HOME:-$HOME/.local/share}"
config="${XDG_CONFIG_HOME:-$HOME/.config}"
apps="$data/applications"
icons="$data/icons/hicolor"
mkdir -p "$apps" "$icons/256x256/apps" "$icons/32x32/apps"
install_entry "$here/monopoly-cpc.desktop" "$apps/monopoly-cpc.desktop"
cp "$here/monopoly-cpc.png" "$icons/256x256/apps/monopoly-cpc.png"
cp "$here/monopoly-cpc-32.png" "$icons/32x32/apps/monopoly-cpc.png"
autostart_entry="$config/autostart/monopoly-cpc-kiosk.desktop"
unit="$config/systemd/user/monopoly-cpc-kiosk.service"
starter="$config/autostart/monopoly-cpc-kiosk-service.desktop"
case "$kiosk" in
    autostart)
        mkdir -p "$config/autostart"
        install_entry "$here/monopoly-cpc-kiosk.desktop" "$autostart_entry"
        echo "kiosk autostart entry: $autostart_entry"
        if [ -f "$unit" ] || [ -f "$starter" ]; then
            echo "warning: the systemd unit $unit also starts the game: keep one starter" \
                 "(rm $unit $starter, or rm $autostart_entry)" >&2
        fi ;;
    service)
        mkdir -p "$config/systemd/user" "$config/autostart"
        install_entry "$here/monopoly-cpc-kiosk.service" "$unit"
        # desktops that bring up no graphical-session.target (openbox, LXDE, Xfce) start the
        # unit from their autostart, with the display
        install_entry "$here/monopoly-cpc-kiosk-service.desktop" "$starter"
        echo "kiosk systemd unit: $unit (started at login by $starter)"
        echo "start it with: systemctl --user daemon-reload && systemctl --user enable --now monopoly-cpc-kiosk.service"
        if [ -f "$autostart_entry" ]; then
            echo "warning: $autostart_entry also starts the game: keep one starter" \
                 "(rm $autostart_entry, or rm $unit $starter)" >&2
        fi ;;
esac
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$apps" || true; fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true; fi
echo "installed: $apps/monopoly-cpc.desktop (starts $program)"
