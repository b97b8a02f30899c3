#!/usr/bin/env bash
# Make the README's screenshot (docs/screenshot.png) of the real game window.
#
#   tools/readme_screenshot.sh [--exe dist/idioten/idioten] [--out docs/screenshot.png] [--deal 12] [--keys "space 3 d h"]
#
# Starts a private Xvfb screen, opens the game there as a player would (the built executable with --exe,
# otherwise `python3 -m idioten` from this checkout; PYTHON picks the interpreter), presses the keys with
# xdotool, and saves just the game window with ImageMagick's `import`. The screen is private, so the one
# top-level window on it is the game's (it is not looked up by process id: a program may open its window from
# another process than the one started, as the one-file programs of earlier builds did). The default keys play deal 12 for a while and end with H:
# the picture shows a game in progress and its hint (the arrow and the message), which the hint player thinks
# out off the loop in about a second of CPU, so the picture is taken a little later than after other keys.
# Saves go to a temporary data folder, so no saved game of yours is resumed or overwritten.
# Needs: Xvfb, xdotool, imagemagick (apt-get install xvfb xdotool imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."

exe="" out="docs/screenshot.png" deal=12 keys="space 3 d 3 d space 3 d space 3 d space 4 d h" lang=en
while [ $# -gt 0 ]; do
  case $1 in
    --exe) exe=$2; shift 2;;
    --out) out=$2; shift 2;;
    --deal) deal=$2; shift 2;;
    --keys) keys=$2; shift 2;;
    --lang) lang=$2; shift 2;;
    *) echo "readme_screenshot: unknown option $1" >&2; exit 2;;
  esac
done
for tool in Xvfb xdotool import; do
  command -v $tool >/dev/null || { echo "readme_screenshot: $tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 1; }
done
if [ -n "$exe" ]; then game=("$exe"); else game=("${PYTHON:-python3}" -m idioten); fi

# A display number nobody uses (another Xvfb on the machine holds a lock file for its own).
display=120
while [ -e /tmp/.X$display-lock ] || [ -e /tmp/.X11-unix/X$display ]; do display=$((display + 1)); done
work=$(mktemp -d)
Xvfb :$display -screen 0 1360x920x24 -nolisten tcp >"$work/xvfb.log" 2>&1 & xvfb=$!
game_pid=""
cleanup() {
  # The game saves as it closes: wait for it, or its data folder is removed while it still writes there.
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null && wait "$game_pid" 2>/dev/null
  kill "$xvfb" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=:$display
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; [ -e /tmp/.X11-unix/X$display ] && break; sleep 0.1; done

IDIOTEN_DATA_DIR="$work/data" SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy \
  "${game[@]}" --deal "$deal" --lang "$lang" >"$work/game.log" 2>&1 & game_pid=$!
window=""
for _ in $(seq 150); do
  window=$(xdotool search --onlyvisible --maxdepth 1 --class . 2>/dev/null | head -1) || true
  [ -n "$window" ] && break
  kill -0 "$game_pid" 2>/dev/null || break
  sleep 0.1
done
[ -n "$window" ] || { echo "readme_screenshot: no game window appeared:" >&2; cat "$work/game.log" >&2; exit 1; }
sleep 1.5
for key in $keys; do
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  xdotool key "$key"
  sleep 0.8  # let the deal or discard animation finish before the next key
done
sleep 3  # the hint (H), found off the loop, and its arrow
mkdir -p "$(dirname "$out")"
import -window "$window" "$out"
echo "readme_screenshot: wrote $out ($(identify -format '%wx%h' "$out"))"
