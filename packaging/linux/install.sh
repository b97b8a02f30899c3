#!/usr/bin/env bash
# Install the one-file executable for this user, with a menu entry and an icon (no root needed):
#
#   packaging/linux/install.sh [dist/idioten]     copy the program to ~/.local/bin/idioten, add the entry
#   packaging/linux/install.sh --uninstall        remove all three again (saved games stay where they are)
#
# It works in two places: in the source tree (the program in dist/, the icons in assets/) and in the
# unpacked Linux download, where the program and the icons lie beside it (packaging/release_files.py).
#
# Files: ~/.local/bin/idioten, $XDG_DATA_HOME/applications/idioten.desktop (Exec points at the copied
# program, so it starts even when ~/.local/bin is not on PATH) and the icon in the hicolor theme
# ($XDG_DATA_HOME/icons/hicolor/{256x256,scalable}/apps/). XDG_DATA_HOME defaults to ~/.local/share.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ -f "$here/icon.png" ]; then  # the unpacked download: everything beside this script
  default_exe=$here/idioten icon_source=$here
else
  repo=$(cd "$here/../.." && pwd)
  default_exe=$repo/dist/idioten icon_source=$repo/assets
fi
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
bin_dir=$HOME/.local/bin
program=$bin_dir/idioten
entry=$data_home/applications/idioten.desktop
icon_png=$data_home/icons/hicolor/256x256/apps/idioten.png
icon_svg=$data_home/icons/hicolor/scalable/apps/idioten.svg

refresh_menus() {
  # Desktops notice new entries and icons by themselves. A cache that is already there is brought up to
  # date; none is created, since a stale user cache would later hide other programs' icons.
  local apps=$data_home/applications icons=$data_home/icons/hicolor
  if [ -f "$apps/mimeinfo.cache" ] && command -v update-desktop-database >/dev/null; then
    update-desktop-database -q "$apps" || true
  fi
  if [ -f "$icons/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null; then
    gtk-update-icon-cache -q -t "$icons" || true
  fi
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$program" "$entry" "$icon_png" "$icon_svg"
  refresh_menus
  echo "idioten: removed the program, its menu entry and icon (saved games are kept)"
  exit 0
fi

exe=${1:-$default_exe}
if [ ! -f "$exe" ]; then
  echo "install.sh: no executable at $exe; build it first: pyinstaller --noconfirm --workpath .pyinstaller build.spec" >&2
  exit 2
fi
mkdir -p "$bin_dir" "$(dirname "$entry")" "$(dirname "$icon_png")" "$(dirname "$icon_svg")"
install -m 755 "$exe" "$program"
install -m 644 "$icon_source/icon.png" "$icon_png"
install -m 644 "$icon_source/icon.svg" "$icon_svg"
sed "s|^Exec=.*|Exec=\"$program\"|" "$here/idioten.desktop" > "$entry.tmp"  # quoted: a home folder may have spaces
chmod 644 "$entry.tmp"
mv "$entry.tmp" "$entry"
refresh_menus
echo "idioten: installed $program and the menu entry $entry"
