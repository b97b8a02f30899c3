#!/usr/bin/env bash
# Install the game's folder for this user, with a menu entry, an icon and its AppStream metainfo (no root):
#
#   ./install.sh                                  in the unpacked download: install the folder this script is in
#   packaging/linux/install.sh [dist/idioten]     in the source tree: install what build.spec made
#   ./install.sh --uninstall                      remove all of it again (saved games stay where they are)
#
# Files (XDG_DATA_HOME defaults to ~/.local/share):
#   ~/.local/lib/idioten/                  the program and its _internal/ folder, replaced whole by a new version
#   ~/.local/bin/idioten                   a link to the program, for a terminal (made only where no other
#                                          `idioten` is, such as the one `pip install --user` makes)
#   $XDG_DATA_HOME/applications/io.github.idioten.Idioten.desktop   the menu entry (Exec names the program)
#   $XDG_DATA_HOME/icons/hicolor/{256x256,scalable}/apps/io.github.idioten.Idioten.{png,svg}
#   $XDG_DATA_HOME/metainfo/io.github.idioten.Idioten.metainfo.xml   what software centres show
# The saved games are in $XDG_DATA_HOME/idioten/, which this script never touches.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
id=io.github.idioten.Idioten
if [ -f "$here/icon.png" ]; then  # the unpacked download: everything beside this script
  default_folder=$here extras=$here
else
  repo=$(cd "$here/../.." && pwd)
  default_folder=$repo/dist/idioten extras=$repo/assets
fi
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
lib_dir=$HOME/.local/lib/idioten
link=$HOME/.local/bin/idioten
entry=$data_home/applications/$id.desktop
icon_png=$data_home/icons/hicolor/256x256/apps/$id.png
icon_svg=$data_home/icons/hicolor/scalable/apps/$id.svg
metainfo=$data_home/metainfo/$id.metainfo.xml
# What earlier versions of this script installed: a one-file program copied to ~/.local/bin, entry and icons
# named idioten.
old_files=("$data_home/applications/idioten.desktop" "$data_home/icons/hicolor/256x256/apps/idioten.png"
           "$data_home/icons/hicolor/scalable/apps/idioten.svg")

ours() {
  # Whether ~/.local/bin/idioten is this script's: a link into ~/.local/lib/idioten, or the one-file program
  # (an ELF file) an earlier version copied there. A script such as pip's is someone else's.
  [ -L "$link" ] && [ "$(readlink "$link")" = "$lib_dir/idioten" ] && return 0
  [ -f "$link" ] && [ ! -L "$link" ] && [ "$(head -c 4 "$link" | od -An -c | tr -d ' ')" = '177ELF' ]
}

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

remove_program() {
  if ours; then rm -f "$link"; fi
  rm -f "${old_files[@]}"
  # Only a folder that holds the program and its libraries, so that no other folder is ever removed.
  if [ -f "$lib_dir/idioten" ] && [ -d "$lib_dir/_internal" ]; then rm -rf "$lib_dir"; fi
}

if [ "${1:-}" = "--uninstall" ]; then
  remove_program
  rm -f "$entry" "$icon_png" "$icon_svg" "$metainfo"
  refresh_menus
  echo "idioten: removed the program, its menu entry, icon and metainfo (saved games are kept)"
  exit 0
fi

folder=${1:-$default_folder}
folder=${folder%/}
if [ ! -f "$folder/idioten" ] || [ ! -d "$folder/_internal" ]; then
  echo "install.sh: no program folder at $folder; build it first: pyinstaller --noconfirm --workpath .pyinstaller build.spec" >&2
  exit 2
fi
if [ "$(cd "$folder" && pwd -P)" = "$(cd "$lib_dir" 2>/dev/null && pwd -P)" ]; then
  echo "install.sh: $folder is the installed copy itself; run the install.sh of the unpacked download" >&2
  exit 2
fi
remove_program
mkdir -p "$(dirname "$lib_dir")" "$(dirname "$link")" "$(dirname "$entry")" "$(dirname "$icon_png")" \
  "$(dirname "$icon_svg")" "$(dirname "$metainfo")"
rm -rf "$lib_dir.new"  # left by an install that was interrupted
mkdir "$lib_dir.new"
cp -a "$folder/idioten" "$folder/_internal" "$lib_dir.new/"
mv "$lib_dir.new" "$lib_dir"
if [ -e "$link" ] || [ -L "$link" ]; then
  echo "idioten: $link is another program's; the menu entry starts $lib_dir/idioten" >&2
else
  ln -s "$lib_dir/idioten" "$link"
fi
install -m 644 "$extras/icon.png" "$icon_png"
install -m 644 "$extras/icon.svg" "$icon_svg"
install -m 644 "$here/$id.metainfo.xml" "$metainfo"
sed "s|^Exec=.*|Exec=\"$lib_dir/idioten\"|" "$here/$id.desktop" > "$entry.tmp"  # quoted: a home folder may have spaces
chmod 644 "$entry.tmp"
mv "$entry.tmp" "$entry"
refresh_menus
echo "idioten: installed $lib_dir/idioten and the menu entry $entry"
