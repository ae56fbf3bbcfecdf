#!/bin/sh
# Put the launcher and the icon where Linux desktops look for them (current user only).
# Run after `pip install` (or pipx install) has put `monopoly-cpc` on the PATH.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor"
mkdir -p "$apps" "$icons/256x256/apps" "$icons/32x32/apps"
cp "$here/monopoly-cpc.desktop" "$apps/monopoly-cpc.desktop"
cp "$here/monopoly-cpc.png" "$icons/256x256/apps/monopoly-cpc.png"
cp "$here/monopoly-cpc-32.png" "$icons/32x32/apps/monopoly-cpc.png"
if [ "${1:-}" = "--kiosk" ]; then
    autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$autostart"
    cp "$here/monopoly-cpc-kiosk.desktop" "$autostart/monopoly-cpc-kiosk.desktop"
    echo "kiosk autostart entry: $autostart/monopoly-cpc-kiosk.desktop"
fi
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
echo "installed: $apps/monopoly-cpc.desktop"
