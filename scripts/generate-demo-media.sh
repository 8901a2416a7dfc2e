#!/usr/bin/env bash
# Generates the demo media for the fictional "Living Hope Church / Iglesia Esperanza Viva".
#
# Everything is synthesised from scratch (no downloads) with ffmpeg (lavfi + geq) and
# ImageMagick (MVG drawing), so the output is reproducible with the same tool versions.
#
#   Requirements (Debian): apt-get install -y ffmpeg imagemagick
#   Usage:                 scripts/generate-demo-media.sh
#
# Outputs (overwritten on every run):
#   public/media/demo/hero-{1..4}.{mp4,webm,webp}   looping background clips + posters
#   public/media/demo/welcome.webp, harvest-festival.webp, og-image.jpg
#   public/media/demo/leader-{bishop,pastor}.webp, gallery-{1..8}.webp
#   public/icons/icon-{192,512}.png, public/icons/apple-touch-icon.png
#   public/logo.svg, public/favicon.svg
#
# The script fails (exit 1) if any file is missing or exceeds its size budget.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media/demo"
ICONS="$ROOT/public/icons"
mkdir -p "$OUT" "$ICONS"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# --- tools ------------------------------------------------------------------------------
command -v ffmpeg >/dev/null || { echo "error: ffmpeg not found (apt-get install -y ffmpeg)" >&2; exit 1; }
if command -v magick >/dev/null && magick -version 2>/dev/null | grep -q ImageMagick; then
  IM=(magick)
elif command -v convert >/dev/null && convert -version 2>/dev/null | grep -q ImageMagick; then
  IM=(convert)
else
  echo "error: ImageMagick not found (apt-get install -y imagemagick)" >&2; exit 1
fi
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)

# WebP encoder settings shared by all still images (ImageMagick).
WEBP=(-strip -define webp:method=6)

log() { printf '==> %s\n' "$*"; }

# Deterministic pseudo-random numbers for awk (Park-Miller LCG; exact in double precision).
AWK_RND='function rnd() { seed = (seed * 16807) % 2147483647; return seed / 2147483647 }
function rr(a, b) { return a + (b - a) * rnd() }
function ri(a, b) { return int(a + (b - a + 1) * rnd()) }'

# =======================================================================================
# 1. Hero clips
# =======================================================================================
# Each clip is a single-channel intensity field computed with geq at low resolution
# (cheap), mapped to a colour palette with lutrgb, then upscaled and softened. All motion
# uses sin/cos of p = 2*pi*t/D, so the last frame flows straight into the first one.
D=6          # seconds per loop
FPS=24
LW=320; LH=180   # geq render resolution
VW=1280; VH=720  # delivered resolution

# Shared geq prologue: ld(0)=x (0..16/9), ld(1)=y (0..1), ld(2)=phase (0..2pi over the loop)
PRO="st(0,X/H);st(1,Y/H);st(2,2*PI*T/$D);"
# gaussian glow: g cx cy s
g() { printf 'exp(-(pow(ld(0)-(%s),2)+pow(ld(1)-(%s),2))/(%s))' "$1" "$2" "$3"; }
# soft-edged bokeh disc: disc cx cy r
disc() { printf 'clip(((%s)-hypot(ld(0)-(%s),ld(1)-(%s)))/0.012,0,1)' "$3" "$1" "$2"; }
# soft diagonal light beam through (x0 at y=0) with slope k, width w
beam() { printf '(1.15-ld(1))*exp(-pow(ld(0)-(%s)-%s*ld(1),2)/(%s))' "$1" "$2" "$3"; }
# soft ellipse mask with a little inner shading (0..1): ell cx cy rx ry
ell() { printf 'clip(7*(1-pow((ld(0)-(%s))/(%s),2)-pow((ld(1)-(%s))/(%s),2)),0,1)' "$1" "$3" "$2" "$4"; }

# --- clip 1: Sunday service — warm golden light beams and drifting glows ---------------
E1="$PRO 255*clip(0.10+0.16*(1-ld(1))
 +0.50*$(beam '0.20+0.05*sin(ld(2))' 0.75 0.012)
 +0.30*$(beam '0.62+0.06*sin(ld(2)+2)' 0.75 0.006)
 +0.22*$(beam '1.05+0.04*cos(ld(2))' 0.75 0.02)
 +0.45*$(g '1.30+0.10*sin(ld(2))' '0.30+0.06*cos(ld(2))' 0.05)
 +0.25*$(g '0.55+0.12*cos(ld(2))' '0.72+0.05*sin(2*ld(2))' 0.03)
 +0.20*$(g '1.00+0.15*sin(ld(2)+1)' '0.55+0.08*sin(ld(2))' 0.015)
 ,0,1)"
L1=("255*clip(0.10+1.05*val/255,0,1)" "255*clip(0.04+0.85*pow(val/255,1.1),0,1)" "255*clip(0.02+0.55*pow(val/255,1.9),0,1)")

# --- clip 2: bring-your-own-pumpkin — orange bokeh lanterns over a warm swirl -----------
E2="$PRO 255*clip(0.16+0.34*$(g 0.89 0.80 0.35)
 +0.06*sin(3*ld(0)+2*ld(1)+ld(2))+0.04*sin(5*ld(1)-2*ld(0)-ld(2))
 +0.22*$(disc '0.30+0.06*sin(ld(2))' '0.30+0.05*cos(ld(2))' 0.13)
 +0.16*$(disc '0.78+0.05*cos(ld(2)+1)' '0.62+0.07*sin(ld(2)+1)' 0.18)
 +0.20*$(disc '1.28+0.08*sin(ld(2)+2)' '0.28+0.04*cos(2*ld(2))' 0.10)
 +0.14*$(disc '1.55+0.05*cos(ld(2))' '0.75+0.06*sin(ld(2)+3)' 0.16)
 +0.18*$(disc '0.12+0.04*sin(2*ld(2))' '0.82+0.05*cos(ld(2))' 0.09)
 +0.15*$(disc '1.02+0.09*sin(ld(2)+4)' '0.15+0.04*cos(ld(2)+4)' 0.07)
 +0.25*$(disc '0.58+0.05*cos(ld(2)+5)' '0.12+0.03*sin(ld(2))' 0.05)
 +0.20*$(disc '1.72+0.03*sin(ld(2)+5)' '0.40+0.06*cos(ld(2)+2)' 0.06)
 ,0,1)"
L2=("255*clip(0.15+1.10*val/255,0,1)" "255*clip(0.03+0.62*pow(val/255,1.35),0,1)" "255*clip(0.01+0.25*pow(val/255,2.5),0,1)")

# --- clip 3: pumpkin patch — glowing pumpkins on green rows under a peach sky -----------
# intensity bands of the palette: <0.45 greens (field), ~0.68 orange (pumpkins), >0.8 sky
HORIZON='0.50+0.04*sin(2.4*ld(0)+0.5)+0.015*sin(6.5*ld(0))'
PUMPKINS=""
for pk in "0.30 0.86 0.12 0.080" "0.82 0.91 0.14 0.085" "1.42 0.85 0.12 0.080" \
          "0.56 0.68 0.07 0.045" "1.10 0.70 0.075 0.05" "1.62 0.66 0.06 0.040" \
          "0.14 0.64 0.05 0.033" "0.92 0.60 0.045 0.030" "1.30 0.59 0.04 0.027"; do
  # shellcheck disable=SC2086
  PUMPKINS+="+$(ell $pk)"
done
E3="$PRO st(3,clip((ld(1)-($HORIZON))/0.015,0,1));
 st(4,clip(0$PUMPKINS,0,1));
 st(5,0.80+0.12*ld(1)+0.10*$(g 1.25 0.40 0.03)+0.03*sin(ld(2)));
 st(6,0.20+0.12*ld(1)+0.04*sin(60*ld(1)*ld(1)+0.8*ld(0))+0.05*exp(-pow(ld(0)-0.9-0.7*sin(ld(2)),2)/0.08));
 st(7,0.66+0.04*sin(ld(2)+3*ld(0))+0.05*clip(1-hypot(ld(0)-1.25,ld(1)-0.45),0,1));
 255*clip((ld(5)*(1-ld(3))+ld(6)*ld(3))*(1-ld(4))+ld(7)*ld(4),0,1)"
L3=("255*clip(0.08+0.92/(1+exp(-(val/255-0.55)*14)),0,1)"
    "255*clip(0.12+0.35*val/255+0.45*pow(val/255,4)+0.22*exp(-pow((val/255-0.33)/0.12,2)),0,1)"
    "255*clip(0.05+0.10*val/255+0.45*pow(val/255,6),0,1)")

# --- clip 4: Wednesday night Bible study — deep blue/purple sky, aurora ribbons, stars --
STARS=""
i=0
for st in "0.15 0.10" "0.42 0.22" "0.70 0.08" "0.95 0.30" "1.18 0.12" "1.40 0.25" \
          "1.62 0.07" "0.28 0.38" "1.70 0.42" "0.85 0.18" "0.05 0.30" "1.28 0.40"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  set -- $st
  STARS+="+0.55*(0.55+0.45*sin($(( (i % 3) + 1 ))*ld(2)+$i))*exp(-(pow(ld(0)-$1,2)+pow(ld(1)-$2,2))/0.00005)"
done
E4="$PRO 255*clip(0.09+0.14*ld(1)
 +0.22*exp(-pow(ld(1)-0.38-0.07*sin(2.2*ld(0)+ld(2))-0.03*sin(5*ld(0)-ld(2)),2)/0.008)
 +0.12*exp(-pow(ld(1)-0.56-0.06*sin(1.7*ld(0)-ld(2)+1),2)/0.02)
 +0.28*(0.9+0.1*sin(ld(2)))*$(g 1.45 0.95 0.06)
 +0.10*$(g '0.35+0.05*sin(ld(2))' 0.90 0.10)
 $STARS,0,1)"
L4=("255*clip(0.02+0.20*val/255+0.90*pow(val/255,2),0,1)" "255*clip(0.03+0.10*val/255+0.75*pow(val/255,2.3),0,1)" "255*clip(0.12+0.90*val/255,0,1)")

# Shared upscale/soften chain (used for the clips and the posters, so posters == frame 0).
UPSCALE="scale=${VW}:${VH}:flags=bicubic,gblur=sigma=3,format=yuv420p"

encode_mp4() { # src dst crf
  "${FF[@]}" -i "$1" -vf "$UPSCALE" -an -c:v libx264 -preset slow -crf "$3" -profile:v high \
    -pix_fmt yuv420p -x264-params aq-mode=3 -movflags +faststart "$2"
}
encode_webm() { # src dst crf
  "${FF[@]}" -i "$1" -vf "$UPSCALE" -an -c:v libvpx-vp9 -b:v 0 -crf "$3" -row-mt 1 \
    -deadline good -cpu-used 4 -pix_fmt yuv420p "$2"
}
# Encode with increasing CRF until the file fits the budget (or we run out of steps).
encode_fit() { # fn src dst limit_bytes crf...
  local fn=$1 src=$2 dst=$3 limit=$4; shift 4
  local crf
  for crf in "$@"; do
    "$fn" "$src" "$dst" "$crf"
    if [ "$(stat -c %s "$dst")" -le "$limit" ]; then return 0; fi
  done
  return 0 # still too big: reported by the size check at the end
}

render_clip() { # n expr lutR lutG lutB
  local n=$1 expr=$2 src="$TMP/hero-$1.mkv"
  expr="$(tr -d '\n' <<<"$expr")"
  log "hero-$n: rendering"
  "${FF[@]}" -f lavfi \
    -i "color=c=black:s=${LW}x${LH}:r=${FPS}:d=${D},format=gray,geq=lum='${expr}',format=rgb24,lutrgb=r='$3':g='$4':b='$5'" \
    -c:v ffv1 "$src"
  log "hero-$n: encoding mp4 / webm / poster"
  encode_fit encode_mp4 "$src" "$OUT/hero-$n.mp4" 380000 26 29 32 35 &
  local mp4_pid=$!
  encode_fit encode_webm "$src" "$OUT/hero-$n.webm" 380000 40 44 48 52
  "${FF[@]}" -i "$src" -frames:v 1 -vf "$UPSCALE,format=rgb24" "$TMP/hero-$n.png"
  "${IM[@]}" "$TMP/hero-$n.png" "${WEBP[@]}" -quality 60 "$OUT/hero-$n.webp"
  wait "$mp4_pid"
}

render_clip 1 "$E1" "${L1[@]}"
render_clip 2 "$E2" "${L2[@]}"
render_clip 3 "$E3" "${L3[@]}"
render_clip 4 "$E4" "${L4[@]}"
