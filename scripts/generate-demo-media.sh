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

# --- responsive variants ----------------------------------------------------------------
# Each still image the pages show below its natural size gets smaller copies, in AVIF and
# WebP, so <picture>/srcset can serve the size shown (sharp, a dependency of the app, does
# the resizing; no system tool needed). Names: <name>-<width>.<avif|webp>. The gallery
# photos follow the upload convention (app/features/gallery/gallery-model.ts): -480 and
# -1600, the latter at the photo's own width (800). The widths must match
# app/components/home/demo-media.ts.
#   scripts/generate-demo-media.sh --variants-only   # just this step, from the existing files
make_variants() {
  log "responsive variants (AVIF + WebP)"
  (cd "$ROOT" && node --input-type=module - "$OUT") <<'NODE'
import { copyFileSync } from "node:fs";
import sharp from "sharp";
const out = process.argv[2];
const jobs = [
  ["welcome", [480, 800]],
  ["harvest-festival", [400, 800]],
  ["leader-bishop", [256, 400]],
  ["leader-pastor", [256, 400]],
  ...Array.from({ length: 8 }, (_, i) => [`gallery-${i + 1}`, [480, [1600, 800]]]),
];
for (const [name, widths] of jobs) {
  for (const entry of widths) {
    const [label, width] = Array.isArray(entry) ? entry : [entry, entry];
    const source = `${out}/${name}.webp`;
    const { width: natural } = await sharp(source).metadata();
    const base = sharp(source).resize({ width, withoutEnlargement: true });
    await base.clone().avif({ quality: 55, effort: 6 }).toFile(`${out}/${name}-${label}.avif`);
    // At the natural width the WebP is the original (re-encoding it only loses quality).
    if (width >= natural) copyFileSync(source, `${out}/${name}-${label}.webp`);
    else await base.clone().webp({ quality: 78, effort: 6 }).toFile(`${out}/${name}-${label}.webp`);
  }
}
NODE
}
if [ "${1:-}" = "--variants-only" ]; then
  printf '==> %s\n' "variants only"
  log() { printf '==> %s\n' "$*"; }
  make_variants
  exit 0
fi

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
FPS=24      # delivered frame rate; geq renders at FPS/2 and frames are blended in between
LW=160; LH=90    # geq render resolution (soft content: upscaled 8x and blurred)
VW=1280; VH=720  # delivered resolution

# Shared geq prologue: ld(0)=x (0..16/9), ld(1)=y (0..1), ld(2)=phase (0..2pi over the loop)
PRO="st(0,X/H);st(1,Y/H);st(2,2*PI*T/$D);"
# gaussian glow: g cx cy s
g() { printf 'exp(-(pow(ld(0)-(%s),2)+pow(ld(1)-(%s),2))/(%s))' "$1" "$2" "$3"; }
# soft-edged bokeh disc: disc cx cy r
disc() { printf 'clip(((%s)-hypot(ld(0)-(%s),ld(1)-(%s)))/0.012,0,1)' "$3" "$1" "$2"; }
# soft diagonal light beam through (x0 at y=0) with slope k, width w
beam() { printf '(1.15-ld(1))*exp(-pow(ld(0)-(%s)-%s*ld(1),2)/(%s))' "$1" "$2" "$3"; }
# ellipse "dome" (1 at the centre, 0 at the rim and outside): dome cx cy rx ry
dome() { printf 'clip(1-pow((ld(0)-(%s))/(%s),2)-pow((ld(1)-(%s))/(%s),2),0,1)' "$1" "$3" "$2" "$4"; }

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
for pk in "0.30 0.86 0.13 0.090" "0.84 0.92 0.15 0.095" "1.44 0.86 0.13 0.090" \
          "0.58 0.68 0.08 0.055" "1.12 0.70 0.085 0.058" "1.64 0.66 0.07 0.048" \
          "0.14 0.64 0.06 0.042" "0.92 0.61 0.055 0.038"; do
  # shellcheck disable=SC2086
  PUMPKINS+="+$(dome $pk)"
done
E3="$PRO st(3,clip((ld(1)-($HORIZON))/0.015,0,1));
 st(4,clip(0$PUMPKINS,0,1));
 st(5,0.80+0.12*ld(1)+0.10*$(g 1.25 0.40 0.03)+0.03*sin(ld(2)));
 st(6,0.20+0.12*ld(1)+0.035*sin(22*ld(1)*ld(1)+0.8*ld(0))+0.05*exp(-pow(ld(0)-0.9-0.7*sin(ld(2)),2)/0.08));
 st(7,0.60+0.14*ld(4)+0.03*sin(ld(2)+3*ld(0)));
 st(4,clip(3*ld(4),0,1));
 255*clip((ld(5)*(1-ld(3))+ld(6)*ld(3))*(1-ld(4))+ld(7)*ld(4),0,1)"
L3=("255*clip(0.08+0.92/(1+exp(-(val/255-0.55)*14)),0,1)"
    "255*clip(0.12+0.35*val/255+0.45*pow(val/255,4)+0.22*exp(-pow((val/255-0.33)/0.12,2)),0,1)"
    "255*clip(0.05+0.10*val/255+0.45*pow(val/255,6),0,1)")

# --- clip 4: Wednesday night Bible study — deep blue/purple sky, aurora ribbons, stars --
STARS=""
i=0
for st in "0.15 0.10" "0.42 0.22" "0.70 0.08" "0.95 0.30" "1.18 0.12" "1.40 0.25" \
          "1.62 0.07" "0.28 0.36" "0.85 0.18" "1.70 0.33"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  set -- $st
  STARS+="+0.55*(0.55+0.45*sin($(( (i % 3) + 1 ))*ld(2)+$i))*exp(-(pow(ld(0)-$1,2)+pow(ld(1)-$2,2))/0.00012)"
done
E4="$PRO 255*clip(0.09+0.14*ld(1)
 +0.22*exp(-pow(ld(1)-0.38-0.07*sin(2.2*ld(0)+ld(2))-0.03*sin(5*ld(0)-ld(2)),2)/0.008)
 +0.12*exp(-pow(ld(1)-0.56-0.06*sin(1.7*ld(0)-ld(2)+1),2)/0.02)
 +0.28*(0.9+0.1*sin(ld(2)))*$(g 1.45 0.95 0.06)
 +0.10*$(g '0.35+0.05*sin(ld(2))' 0.90 0.10)
 +if(lt(ld(1),0.45),0$STARS),0,1)"
L4=("255*clip(0.02+0.20*val/255+0.90*pow(val/255,2),0,1)" "255*clip(0.03+0.10*val/255+0.75*pow(val/255,2.3),0,1)" "255*clip(0.12+0.90*val/255,0,1)")

# Shared upscale/soften chain (used for the clips and the posters, so posters == frame 0).
UPSCALE="scale=${VW}:${VH}:flags=bicubic,gblur=sigma=4,format=yuv420p"

encode_mp4() { # src dst crf
  "${FF[@]}" -i "$1" -vf "$UPSCALE" -an -c:v libx264 -preset slow -crf "$3" -profile:v high \
    -pix_fmt yuv420p -x264-params aq-mode=3 -movflags +faststart "$2"
}
encode_webm() { # src dst crf
  "${FF[@]}" -i "$1" -vf "$UPSCALE" -an -c:v libvpx-vp9 -b:v 0 -crf "$3" -row-mt 1 \
    -deadline good -cpu-used 4 -pix_fmt yuv420p -fflags +bitexact "$2"
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
    -i "color=c=black:s=${LW}x${LH}:r=$((FPS / 2)):d=${D}.05,format=gray,geq=lum='${expr}',framerate=fps=${FPS}:scene=100,trim=end_frame=$((D * FPS)),format=rgb24,lutrgb=r='$3':g='$4':b='$5'" \
    -c:v ffv1 "$src"
  log "hero-$n: encoding mp4 / webm / poster"
  encode_fit encode_mp4 "$src" "$OUT/hero-$n.mp4" 380000 28 31 34 37 &
  local mp4_pid=$!
  encode_fit encode_webm "$src" "$OUT/hero-$n.webm" 380000 34 38 42 46 50
  "${FF[@]}" -i "$src" -frames:v 1 -vf "$UPSCALE,format=rgb24" "$TMP/hero-$n.png"
  "${IM[@]}" "$TMP/hero-$n.png" "${WEBP[@]}" -quality 60 "$OUT/hero-$n.webp"
  wait "$mp4_pid"
}

render_clip 1 "$E1" "${L1[@]}"
render_clip 2 "$E2" "${L2[@]}"
render_clip 3 "$E3" "${L3[@]}"
render_clip 4 "$E4" "${L4[@]}"

# =======================================================================================
# 2. Still images (ImageMagick MVG drawings; a light blur gives them a soft, painted look)
# =======================================================================================
# glow VAR W H BLUR "MVG": VAR becomes ImageMagick arguments that "screen" a blurred
# drawing (on black) over the current image: soft light sources.
glow() {
  local -n _g=$1
  # big blurs are slow at full size: blur a 1/8 scale copy and scale it back up
  _g=( \( -size "$2x$3" xc:black -draw "$5" -scale 12.5% -blur "0x$(( ($4 + 4) / 8 ))" -resize "$2x$3!" \)
       -compose screen -composite -compose over )
}
# vignette VAR W H DARK: multiply with a radial gradient (white centre -> DARK corners).
vignette() {
  local -n _v=$1
  local d=$(( ($2 > $3 ? $2 : $3) * 13 / 10 ))
  _v=( \( -size "${d}x${d}" radial-gradient:white-"$4" -gravity center -crop "$2x$3+0+0" +repage \)
       -compose multiply -composite -compose over -gravity northwest )
}

# --- welcome.webp: warm church interior, congregation gathered before arched windows -----
log "welcome.webp"
PEOPLE="$(awk -v seed=7 "$AWK_RND"'
BEGIN {
  split("#7a3b2e #a0522d #c47a3a #5e4a6e #3f5e5a #8c6b3e #b5654a #6b4f3a #9c4f5f #4f6d7a", col, " ")
  split("#3b2417 #5a3a22 #8d5524 #c68642 #2e1d12 #e0ac69", hair, " ")
  # rows from the back (small, hazy) to the front (large), each followed by its pew
  for (row = 0; row < 4; row++) {
    r = 12 + row * 5; y = 365 + row * 62; step = 3.1 * r; x = -rr(0, step)
    printf "fill-opacity %.2f ", 0.75 + row * 0.08
    while (x < 800 + r) {
      c = col[ri(1, 10)]; h = hair[ri(1, 6)]; dx = x + rr(-5, 5); dy = y + rr(-4, 4)
      printf "fill %s ellipse %.1f,%.1f %.1f,%.1f 0,360 ", c, dx, dy + 2.0 * r, 1.5 * r, 1.3 * r
      printf "fill %s circle %.1f,%.1f %.1f,%.1f ", h, dx, dy, dx + r, dy
      x += step * rr(0.85, 1.2)
    }
    printf "fill-opacity 1 fill #4e2b15 rectangle 0,%.1f 800,%.1f ", y + 2.1 * r, y + 3.2 * r
    printf "fill #8a5630 rectangle 0,%.1f 800,%.1f ", y + 2.1 * r, y + 2.1 * r + 2 + row
  }
}')"
glow G1 800 600 40 "fill #ffcf7a circle 400,160 400,20 fill #b86a2a circle 120,200 120,120 circle 680,200 680,120"
vignette V 800 600 '#6a5a50'
"${IM[@]}" -size 800x600 gradient:'#6b4226-#2a170c' \
  -fill '#7d4e2b' -draw "rectangle 0,330 800,600" \
  "${G1[@]}" \
  -fill '#f9dc9a' \
  -draw "path 'M 365,260 L 365,110 A 35,35 0 0 1 435,110 L 435,260 Z'" \
  -draw "path 'M 225,250 L 225,130 A 28,28 0 0 1 281,130 L 281,250 Z'" \
  -draw "path 'M 519,250 L 519,130 A 28,28 0 0 1 575,130 L 575,250 Z'" \
  -fill '#a8612e' -draw "rectangle 395,120 405,250 rectangle 380,150 420,160" \
  \( -size 800x600 xc:none -fill 'rgba(255,226,160,0.16)' \
     -draw "polygon 365,260 435,260 560,600 240,600 polygon 225,250 281,250 330,600 90,600 polygon 519,250 575,250 720,600 470,600" \
     -blur 0x18 \) -composite \
  -draw "$PEOPLE" -blur 0x1.2 "${V[@]}" \
  "${WEBP[@]}" -quality 72 "$OUT/welcome.webp"

# --- harvest-festival.webp: portrait flyer art — sunset, hills, bunting, pumpkins, leaves
log "harvest-festival.webp"
# pumpkin cx cy rx ry: ribbed body (overlapping ellipses), stem and a leaf
PUMPKIN_AWK='function pumpkin(cx, cy, rx, ry,   k, w) {
  printf "stroke #9c3d12 stroke-width 3 "
  for (k = 3; k >= 0; k--) {                      # outer ribs first, centre rib on top
    w = rx * (0.50 - 0.03 * k)
    printf "fill %s ellipse %.1f,%.1f %.1f,%.1f 0,360 ", (k % 2 ? "#e8731f" : "#f28a2e"), cx - k * rx * 0.17, cy, w, ry
    printf "ellipse %.1f,%.1f %.1f,%.1f 0,360 ", cx + k * rx * 0.17, cy, w, ry
  }
  printf "stroke none fill rgba(255,214,150,0.35) ellipse %.1f,%.1f %.1f,%.1f 0,360 ", cx - rx * 0.25, cy - ry * 0.45, rx * 0.12, ry * 0.22
  printf "fill #4e6b2a roundrectangle %.1f,%.1f %.1f,%.1f 4,4 ", cx - rx * 0.07, cy - ry - ry * 0.35, cx + rx * 0.07, cy - ry * 0.85
  printf "fill #6f8f3a ellipse %.1f,%.1f %.1f,%.1f 0,360 ", cx + rx * 0.22, cy - ry * 0.98, rx * 0.18, ry * 0.10
}'
HARVEST="$(awk -v seed=11 "$AWK_RND
$PUMPKIN_AWK"'
BEGIN {
  # bunting across the top
  printf "stroke #5a2a14 stroke-width 3 fill none polyline"
  for (i = 0; i <= 40; i++) { t = i / 40; printf " %.1f,%.1f", -10 + 820 * t, (1-t)*(1-t)*60 + 2*(1-t)*t*150 + t*t*60 }
  split("#c0392b #e67e22 #f1c40f #8e5b2e #d35400", fc, " ")
  printf "stroke none "
  for (i = 0; i < 11; i++) {
    t = (i + 0.5) / 11; x = -10 + 820 * t; y = (1-t)*(1-t)*60 + 2*(1-t)*t*150 + t*t*60
    printf "fill %s polygon %.1f,%.1f %.1f,%.1f %.1f,%.1f ", fc[i % 5 + 1], x - 28, y - 2, x + 28, y - 2, x, y + 52
  }
  # falling leaves (lens shapes with a vein)
  split("#c0392b #d35400 #e67e22 #f39c12 #a04000 #b9461f", lc, " ")
  for (i = 0; i < 26; i++) {
    x = rr(20, 780); y = rr(170, 620); s = rr(10, 22); a = rr(0, 360)
    printf "push graphic-context translate %.1f,%.1f rotate %.1f ", x, y, a
    printf "fill %s path \"M %.1f,0 Q 0,%.1f %.1f,0 Q 0,%.1f %.1f,0 Z\" ", lc[ri(1, 6)], -s, -0.8 * s, s, 0.8 * s, -s
    printf "stroke rgba(80,30,10,0.6) stroke-width 1.5 line %.1f,0 %.1f,0 pop graphic-context ", -s * 0.9, s * 0.9
  }
  pumpkin(300, 715, 150, 92)
  pumpkin(590, 735, 130, 80)
  pumpkin(170, 865, 210, 120)
  pumpkin(600, 885, 240, 130)
  pumpkin(395, 935, 150, 84)
}')"
glow G2 800 1000 50 "fill #ffe2a0 circle 560,420 560,250"
vignette V 800 1000 '#7a6a60'
"${IM[@]}" -size 800x1000 gradient:'#ffdf9e-#c2452d' \
  "${G2[@]}" \
  -fill '#fff0c4' -draw "circle 560,420 560,320" \
  -fill '#a3462a' -draw "path 'M 0,610 C 180,520 330,560 470,590 S 700,540 800,570 L 800,1000 L 0,1000 Z'" \
  -fill '#7a3320' -draw "path 'M 0,690 C 200,620 420,660 560,640 S 760,610 800,630 L 800,1000 L 0,1000 Z'" \
  -fill '#4a2413' -draw "path 'M 0,790 C 250,730 520,770 800,740 L 800,1000 L 0,1000 Z'" \
  -draw "$HARVEST" -blur 0x0.6 "${V[@]}" \
  "${WEBP[@]}" -quality 70 "$OUT/harvest-festival.webp"

# --- leader portraits: stylised head-and-shoulders silhouettes ----------------------------
portrait() { # out bg-top bg-bottom figure accent extra-mvg
  log "$(basename "$1")"
  "${IM[@]}" -size 400x400 gradient:"$2-$3" \
    \( -size 400x400 xc:black -fill white -draw "circle 200,200 200,10" -scale 12.5% -blur 0x8 -resize 400x400! \) \
    -compose soft-light -composite -compose over \
    -fill "$4" -draw "path 'M 40,400 C 40,300 100,256 200,256 C 300,256 360,300 360,400 Z'" \
    -draw "roundrectangle 176,200 224,272 18,18" -draw "ellipse 200,158 60,72 0,360" \
    -fill "$5" -draw "$6" -blur 0x0.7 \
    "${WEBP[@]}" -quality 75 "$1"
}
portrait "$OUT/leader-bishop.webp" '#d9c8ee' '#6a4c9c' '#3b2a5c' '#f3efe6' \
  "path 'M 182,258 L 218,258 L 214,282 L 186,282 Z' fill #e0b85a rectangle 194,312 206,362 rectangle 180,324 220,335"
portrait "$OUT/leader-pastor.webp" '#cdeee3' '#2c7c80' '#17474d' '#e9f3ef' \
  "path 'M 170,260 L 200,306 L 230,260 L 216,258 L 200,284 L 184,258 Z'"

# --- gallery-1..8.webp: "photos" of church moments ----------------------------------------
gallery_out() { # out im-args...
  local out=$1; shift
  "${IM[@]}" "$@" -blur 0x0.6 "${WEBP[@]}" -quality 70 "$out"
}

log "gallery-1.webp (sunrise over hills)"
glow G 800 600 70 "fill #ffcf70 circle 400,400 400,170"
gallery_out "$OUT/gallery-1.webp" -size 800x600 gradient:'#36558f-#ffb36b' "${G[@]}" \
  -fill '#fff3c8' -draw "circle 400,400 400,335" \
  -fill '#c58a8f' -draw "path 'M 0,385 C 120,335 260,365 380,395 S 650,335 800,372 L 800,600 L 0,600 Z'" \
  \( -size 800x600 xc:none -fill 'rgba(255,225,205,0.35)' -draw "ellipse 400,430 520,40 0,360" -blur 0x25 \) -composite \
  -fill '#7a5f79' -draw "path 'M 0,450 C 150,400 300,470 470,440 S 700,410 800,430 L 800,600 L 0,600 Z'" \
  -fill '#3a3550' -draw "path 'M 0,520 C 200,450 400,540 600,490 S 760,470 800,485 L 800,600 L 0,600 Z'" \
  -fill none -stroke '#3a3550' -strokewidth 3 \
  -draw "polyline 520,200 532,208 544,200" -draw "polyline 556,180 566,187 576,180" -draw "polyline 590,214 599,220 608,214"

log "gallery-2.webp (candles)"
CANDLES="" ; CGLOW=""
for c in "150 310 46" "270 240 56" "400 280 50" "530 205 60" "650 325 44"; do
  # shellcheck disable=SC2086
  set -- $c
  x=$1; top=$2; w=$3
  CANDLES+=" fill #f1e2c4 roundrectangle $((x - w / 2)),$top $((x + w / 2)),485 6,6"
  CANDLES+=" fill rgba(120,70,30,0.22) rectangle $((x + w / 6)),$top $((x + w / 2)),485"
  CANDLES+=" fill rgba(255,255,255,0.5) ellipse $x,$top $((w / 2)),5 0,360"
  CANDLES+=" stroke #2a1a0a stroke-width 3 line $x,$top $x,$((top - 12)) stroke none"
  CANDLES+=" fill #ffb347 ellipse $x,$((top - 32)) 11,24 0,360 fill #fff4c8 ellipse $x,$((top - 27)) 5,12 0,360"
  CGLOW+=" fill #ff9b3d circle $x,$((top - 30)) $x,$((top + 60)) fill #b5651d ellipse $x,495 50,12 0,360"
done
glow G 800 600 40 "$CGLOW"
gallery_out "$OUT/gallery-2.webp" -size 800x600 radial-gradient:'#3a1f0c-#0b0603' \
  -fill '#26150a' -draw "rectangle 0,480 800,600" -draw "$CANDLES" "${G[@]}"

log "gallery-3.webp (choir)"
CHOIR="$(awk -v seed=23 "$AWK_RND"'
BEGIN {
  split("#8d5524 #c68642 #e0ac69 #f1c27d #ffdbac #5c3a21 #a86b3c", skin, " ")
  n = split("90,232,24,62 60,322,27,68 40,420,30,76", rows, " ")
  for (k = 1; k <= n; k++) {
    split(rows[k], p, ","); y = p[2]; r = p[3]
    for (x = p[1]; x < 800; x += p[4]) {
      dx = x + rr(-4, 4); dy = y + rr(-4, 4)
      printf "fill %s ellipse %.1f,%.1f %.1f,%.1f 0,360 ", (rnd() < 0.5 ? "#243b6b" : "#2c4a85"), dx, dy + 2.4 * r, 1.55 * r, 1.6 * r
      printf "stroke #d9a92b stroke-width %.1f line %.1f,%.1f %.1f,%.1f line %.1f,%.1f %.1f,%.1f stroke none ", 0.28 * r, dx - 0.7 * r, dy + 1.2 * r, dx - 0.25 * r, dy + 3.4 * r, dx + 0.7 * r, dy + 1.2 * r, dx + 0.25 * r, dy + 3.4 * r
      printf "fill %s circle %.1f,%.1f %.1f,%.1f ", skin[ri(1, 7)], dx, dy, dx + r, dy
      printf "fill #2b1a10 ellipse %.1f,%.1f %.1f,%.1f 0,360 ", dx, dy + 0.45 * r, 0.18 * r, 0.14 * r
    }
  }
  printf "fill #3b1c10 rectangle 0,520 800,600 fill #5e3320 rectangle 0,520 800,528"
}')"
FOLDS=""; for x in $(seq 0 60 780); do FOLDS+=" rectangle $x,0 $((x + 26)),600"; done
glow G 800 600 80 "fill #6e4a2c circle 400,140 400,-120"
gallery_out "$OUT/gallery-3.webp" -size 800x600 gradient:'#7a2f3f-#2a1117' \
  \( -size 800x600 xc:none -fill 'rgba(0,0,0,0.16)' -draw "$FOLDS" -blur 0x10 \) -composite \
  "${G[@]}" -draw "$CHOIR"

log "gallery-4.webp (food table)"
FOOD="$(awk -v seed=31 "$AWK_RND"'
BEGIN {
  split("#6aa84f #e06666 #d9a066 #f5f0dc #f1c232 #93c47d #cc4125 #b45f06", fc, " ")
  n = split("200,385,62 330,380,58 470,380,58 600,385,62 150,455,78 320,450,74 480,450,74 650,455,78 230,540,96 570,540,96", pl, " ")
  for (k = 1; k <= n; k++) {
    split(pl[k], p, ","); x = p[1]; y = p[2]; r = p[3]
    printf "fill rgba(0,0,0,0.10) ellipse %.1f,%.1f %.1f,%.1f 0,360 ", x + 4, y + 6, r, 0.45 * r
    printf "fill #ffffff stroke #e2d8c8 stroke-width 2 ellipse %.1f,%.1f %.1f,%.1f 0,360 stroke none ", x, y, r, 0.45 * r
    m = ri(3, 5)
    for (j = 0; j < m; j++) {
      a = 6.2832 * j / m + rr(0, 1); d = rr(0.15, 0.45) * r; s = rr(0.18, 0.3) * r
      printf "fill %s ellipse %.1f,%.1f %.1f,%.1f 0,360 ", fc[ri(1, 8)], x + d * cos(a), y + 0.45 * d * sin(a), s, 0.6 * s
    }
  }
  # bread basket, salad bowl, lemonade pitcher and cups
  printf "fill #8b5a2b ellipse 400,470 70,28 0,360 fill #d9a066 ellipse 380,458 34,16 0,360 ellipse 420,462 34,16 0,360 "
  printf "fill #3d7a9a ellipse 400,372 60,22 0,360 fill #7fb069 ellipse 400,364 52,15 0,360 fill #e06666 circle 385,362 391,362 circle 415,366 421,366 "
  printf "fill rgba(200,235,255,0.85) roundrectangle 690,300 740,380 8,8 fill #f7d560 rectangle 694,325 736,376 "
  printf "fill rgba(220,240,255,0.9) roundrectangle 60,350 82,380 4,4 roundrectangle 740,420 764,452 4,4 roundrectangle 96,500 122,534 4,4"
}')"
BULBS=""; BGLOW=""
for i in $(seq 0 12); do
  x=$((20 + i * 63)); y=$((60 + (i - 6) * (i - 6) * -1 + 36))
  BULBS+=" fill #fff2c2 circle $x,$y $((x + 6)),$y"
  BGLOW+=" fill #ffcf70 circle $x,$y $((x + 30)),$y"
done
glow G 800 600 18 "$BGLOW"
gallery_out "$OUT/gallery-4.webp" -size 800x600 gradient:'#f0d2a8-#b9804f' \
  -fill none -stroke '#5a3a22' -strokewidth 2 -draw "polyline $(for i in $(seq 0 12); do printf '%s,%s ' $((20 + i * 63)) $((60 + (i - 6) * (i - 6) * -1 + 36)); done)" \
  -stroke none -draw "$BULBS" "${G[@]}" \
  -fill '#f5efe4' -draw "polygon 90,330 710,330 800,600 0,600" \
  -fill '#c0562f' -draw "polygon 340,330 460,330 520,600 280,600" \
  -draw "$FOOD"

log "gallery-5.webp (youth game)"
STRIPES=""
for i in $(seq -8 2 8); do
  STRIPES+=" polygon $((400 + i * 60)),130 $((400 + (i + 1) * 60)),130 $((400 + (i + 1) * 170)),600 $((400 + i * 170)),600"
done
TREES="$(awk -v seed=41 "$AWK_RND"'BEGIN { for (x = -20; x < 840; x += rr(30, 55)) printf "fill %s circle %.1f,%.1f %.1f,%.1f ", (rnd() < 0.5 ? "#2f6b3a" : "#3d7d45"), x, 120 - rr(0, 30), x + rr(28, 46), 120 }')"
PLAYERS="$(awk -v seed=43 "$AWK_RND"'
BEGIN {
  split("#8d5524 #c68642 #e0ac69 #f1c27d #5c3a21", skin, " ")
  n = split("150,300,18,o 300,260,15,b 520,280,16,o 640,330,19,b 230,430,26,b 420,400,24,o 600,470,28,o 720,420,25,b", pp, " ")
  for (k = 1; k <= n; k++) {
    split(pp[k], p, ","); x = p[1]; y = p[2]; r = p[3]; c = (p[4] == "o" ? "#ff8c42" : "#2b6cb0")
    printf "fill rgba(0,0,0,0.18) ellipse %.1f,%.1f %.1f,%.1f 0,360 ", x, y + 4.3 * r, 1.3 * r, 0.35 * r
    lean = rr(-0.6, 0.6) * r
    printf "stroke #2b2b2b stroke-width %.1f line %.1f,%.1f %.1f,%.1f line %.1f,%.1f %.1f,%.1f ", 0.45 * r, x - 0.3 * r, y + 2.4 * r, x - 0.7 * r + lean, y + 4.2 * r, x + 0.3 * r, y + 2.4 * r, x + 0.8 * r + lean, y + 4.1 * r
    printf "stroke %s stroke-width %.1f line %.1f,%.1f %.1f,%.1f line %.1f,%.1f %.1f,%.1f stroke none ", c, 0.4 * r, x - 0.7 * r, y + 1.2 * r, x - 1.5 * r, y + rr(0.2, 2.2) * r, x + 0.7 * r, y + 1.2 * r, x + 1.5 * r, y + rr(0.2, 2.2) * r
    printf "fill %s roundrectangle %.1f,%.1f %.1f,%.1f %.1f,%.1f ", c, x - 0.8 * r, y + 0.9 * r, x + 0.8 * r, y + 2.6 * r, 0.3 * r, 0.3 * r
    printf "fill %s circle %.1f,%.1f %.1f,%.1f ", skin[ri(1, 5)], x, y, x + 0.75 * r, y
  }
  printf "fill rgba(0,0,0,0.2) ellipse 492,545 18,5 0,360 fill #ffffff circle 488,520 488,503 fill #333333 polygon 488,514 494,518 492,525 484,525 482,518 "
  printf "fill #ff7a1a polygon 90,560 104,520 118,560 polygon 700,560 714,520 728,560 polygon 330,250 338,226 346,250 "
}')"
gallery_out "$OUT/gallery-5.webp" -size 800x600 gradient:'#7cc46a-#2f7d32' \
  -fill 'rgba(255,255,255,0.07)' -draw "$STRIPES" \
  \( -size 800x130 gradient:'#9fd3f0-#e4f4fb' \) -geometry +0+0 -composite -draw "$TREES" \
  -fill none -stroke 'rgba(255,255,255,0.85)' -strokewidth 4 \
  -draw "line 0,360 800,360" -draw "ellipse 400,360 170,55 0,360" -stroke none \
  -draw "$PLAYERS"

log "gallery-6.webp (baptism water ripples)"
RIP='st(0,hypot(X-430,(Y-290)*1.7));st(1,hypot(X-230,(Y-450)*1.7));
 st(2,sin(ld(0)/8)*exp(-ld(0)/240)+0.6*sin(ld(1)/7+1)*exp(-ld(1)/200)+0.12*sin(X/23+Y/9)*sin(Y/17-X/41));
 st(3,pow(clip(ld(2),0,2),2))'
"${FF[@]}" -f lavfi -i "color=c=black:s=800x600:d=1,format=gbrp,geq=r='$(tr -d '\n' <<<"$RIP");clip(18+50*Y/H+20*ld(2)+150*ld(3),0,255)':g='$(tr -d '\n' <<<"$RIP");clip(70+80*Y/H+28*ld(2)+150*ld(3),0,255)':b='$(tr -d '\n' <<<"$RIP");clip(115+70*Y/H+30*ld(2)+130*ld(3),0,255)'" \
  -frames:v 1 "$TMP/ripples.png"
glow G 800 600 60 "fill #8a7a50 circle 120,60 120,-120"
gallery_out "$OUT/gallery-6.webp" "$TMP/ripples.png" -blur 0x1 "${G[@]}" \
  \( -size 800x600 xc:none -fill 'rgba(255,255,255,0.5)' -draw "ellipse 430,290 14,7 0,360 ellipse 230,450 11,6 0,360" -blur 0x4 \) -composite

log "gallery-7.webp (autumn leaves)"
leaves() { # seed count min max
  awk -v seed="$1" -v n="$2" -v smin="$3" -v smax="$4" "$AWK_RND"'
BEGIN {
  split("#c0392b #d35400 #e67e22 #f39c12 #f1c40f #a04000 #8e5b2e #b03a2e", lc, " ")
  for (i = 0; i < n; i++) {
    x = rr(-20, 820); y = rr(-20, 620); s = rr(smin, smax); a = rr(0, 360); w = rr(0.45, 0.8)
    printf "push graphic-context translate %.1f,%.1f rotate %.1f ", x, y, a
    printf "fill %s path \"M %.1f,0 Q 0,%.1f %.1f,0 Q 0,%.1f %.1f,0 Z\" ", lc[ri(1, 8)], -s, -w * 1.6 * s, s, w * 1.6 * s, -s
    printf "stroke rgba(70,30,10,0.55) stroke-width %.1f line %.1f,0 %.1f,0 line %.1f,0 %.1f,%.1f ", s / 12 + 0.5, -s * 1.25, s * 0.9, 0, s * 0.45, -w * 0.55 * s
    printf "line %.1f,0 %.1f,%.1f stroke none pop graphic-context ", -s * 0.3, s * 0.15, w * 0.6 * s
  }
}'
}
gallery_out "$OUT/gallery-7.webp" -size 800x600 gradient:'#6b4222-#2e1a0c' \
  \( -size 800x600 xc:none -draw "$(leaves 51 70 18 34)" -blur 0x3 \) -composite \
  -fill 'rgba(40,20,8,0.25)' -draw "rectangle 0,0 800,600" \
  -draw "$(leaves 53 38 30 52)"

log "gallery-8.webp (community garden)"
GARDEN="$(awk -v seed=61 "$AWK_RND"'
function bed(x0, x1, y0, y1, x2, x3, h, kind,   rows, i, j, t, u, xa, xb, y, s, g) {
  # top face (x0..x1 at y0, x2..x3 at y1) and front face of height h
  printf "fill #8b5a2b polygon %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f ", x0, y0, x1, y0, x3, y1, x2, y1
  printf "fill #6e4420 rectangle %.1f,%.1f %.1f,%.1f ", x2, y1, x3, y1 + h
  printf "fill #4f321b polygon %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f ", x0 + 8, y0 + 5, x1 - 8, y0 + 5, x3 - 10, y1 - 6, x2 + 10, y1 - 6
  rows = 3
  for (i = 0; i < rows; i++) {
    t = (i + 0.5) / rows; y = y0 + (y1 - y0) * t; xa = x0 + (x2 - x0) * t + 22; xb = x1 + (x3 - x1) * t - 22
    s = 10 + 10 * t
    for (u = xa; u <= xb; u += 2.4 * s) {
      g = (rnd() < 0.5 ? "#5e9e3c" : "#7cbf4f")
      printf "fill %s circle %.1f,%.1f %.1f,%.1f circle %.1f,%.1f %.1f,%.1f ", g, u - 0.5 * s, y - 0.3 * s, u + 0.2 * s, y - 0.3 * s, u + 0.5 * s, y - 0.4 * s, u + 1.1 * s, y - 0.4 * s
      printf "fill #4a8a32 circle %.1f,%.1f %.1f,%.1f ", u, y - 0.9 * s, u + 0.65 * s, y - 0.9 * s
      if (kind == "tomato") printf "fill #e0453a circle %.1f,%.1f %.1f,%.1f circle %.1f,%.1f %.1f,%.1f ", u - 0.4 * s, y - 0.1 * s, u - 0.1 * s, y - 0.1 * s, u + 0.5 * s, y - 0.9 * s, u + 0.8 * s, y - 0.9 * s
      if (kind == "carrot") printf "fill #f08a24 polygon %.1f,%.1f %.1f,%.1f %.1f,%.1f ", u - 0.25 * s, y + 0.3 * s, u + 0.25 * s, y + 0.3 * s, u, y + 0.9 * s
    }
  }
}
BEGIN {
  for (x = -10; x < 820; x += rr(35, 60)) printf "fill %s circle %.1f,%.1f %.1f,%.1f ", (rnd() < 0.5 ? "#4f8a4a" : "#3f7840"), x, 250 - rr(0, 35), x + rr(30, 50), 250
  printf "fill #efe6d2 "
  for (x = 4; x < 800; x += 28) printf "polygon %d,300 %d,248 %d,240 %d,248 %d,300 ", x, x, x + 9, x + 18, x + 18
  printf "rectangle 0,262 800,268 rectangle 0,284 800,290 "
  printf "fill #d9c7a0 polygon 370,300 430,300 560,600 240,600 "
  bed(70, 330, 350, 470, 20, 320, 34, "tomato")
  bed(470, 730, 350, 470, 480, 780, 34, "carrot")
  bed(190, 610, 530, 640, 150, 650, 30, "lettuce")
  for (k = 0; k < 3; k++) {
    x = 40 + k * 46; y = 170 + k * 22
    printf "stroke #4a7a2a stroke-width 5 line %d,%d %d,330 stroke none ", x, y, x
    printf "fill #6aa84f ellipse %d,%d 16,8 30,210 ", x + 14, y + 70
    printf "fill #f4c430 "
    for (a = 0; a < 360; a += 30) printf "ellipse %.1f,%.1f 9,5 0,360 ", x + 18 * cos(a * 0.01745), y + 18 * sin(a * 0.01745)
    printf "fill #6b3e1f circle %d,%d %d,%d ", x, y, x + 11, y
  }
}')"
glow G 800 600 50 "fill #fff2b0 circle 700,70 700,-40"
gallery_out "$OUT/gallery-8.webp" -size 800x600 gradient:'#a9d8f0-#f1f8e6' \
  -fill '#86b85a' -draw "rectangle 0,290 800,600" \
  \( -size 800x310 gradient:'#8fc463-#4f8f35' \) -geometry +0+290 -composite \
  "${G[@]}" -draw "$GARDEN"

# --- og-image.jpg: teal gradient, sunrise glow, cross and dove (no text) ------------------
log "og-image.jpg"
DOVE="push graphic-context translate 760,170 scale 1.35,1.35 fill #ffffff
 path 'M -38,28 L 0,40 C 30,30 70,28 100,34 C 112,24 132,22 142,30 L 162,35 L 142,39 C 136,50 120,56 104,56 C 80,68 36,66 0,46 L -40,62 L -30,44 Z'
 fill-opacity 0.75 path 'M 46,36 C 36,8 38,-22 58,-50 C 74,-20 84,8 86,34 Z'
 fill-opacity 1 path 'M 58,36 C 60,0 92,-32 136,-54 C 122,-22 110,6 100,36 Z'
 fill #0f5257 circle 134,32 137,32 pop graphic-context"
glow G 1200 630 80 "fill #c98a2c circle 600,660 600,230"
"${IM[@]}" -size 1200x630 gradient:'#0f5257-#082a33' "${G[@]}" \
  -fill none -stroke '#f4b942' -strokewidth 12 -draw "path 'M 370,560 A 230,230 0 0 1 830,560'" \
  -stroke 'rgba(255,255,255,0.55)' -strokewidth 6 -draw "line 300,560 900,560" -stroke none \
  -fill '#ffffff' -draw "rectangle 578,150 622,560 rectangle 510,230 690,272" \
  -draw "$(tr '\n' ' ' <<<"$DOVE")" -blur 0x0.5 \
  -strip -sampling-factor 4:2:0 -interlace JPEG -quality 82 "$OUT/og-image.jpg"

# =======================================================================================
# 3. Logo, favicon and app icons
# =======================================================================================
# One design, two renderings: a hand-written SVG (64x64 viewBox) and ImageMagick MVG with
# the same geometry, scaled, for the PNG icons (this ImageMagick build may lack SVG input).
log "logo.svg / favicon.svg / icons"
SVG='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Living Hope Church">
  <rect width="64" height="64" rx="14" fill="#0f5257"/>
  <path d="M12 50a20 20 0 0 1 40 0" fill="none" stroke="#f4b942" stroke-width="4" stroke-linecap="round"/>
  <path d="M10 50h44" stroke="#fff" stroke-opacity=".55" stroke-width="2.5" stroke-linecap="round"/>
  <path d="M29 9h6v9h9v6h-9v26h-6V24h-9v-6h9z" fill="#fff"/>
</svg>'
printf '%s\n' "$SVG" >"$ROOT/public/logo.svg"
printf '%s\n' "$SVG" >"$ROOT/public/favicon.svg"

logo_png() { # size out [square]  — "square" = full-bleed background (apple-touch-icon)
  local size=$1 out=$2 bg
  if [ "${3:-}" = square ]; then bg="rectangle 0,0 64,64"
  else bg="path 'M14 0H50A14 14 0 0 1 64 14V50A14 14 0 0 1 50 64H14A14 14 0 0 1 0 50V14A14 14 0 0 1 14 0Z'"; fi
  "${IM[@]}" -size "${size}x${size}" xc:none -draw "
    affine $(awk -v s="$size" 'BEGIN { printf "%.6f,0,0,%.6f,0,0", s / 64, s / 64 }')
    fill #0f5257 $bg
    fill none stroke #f4b942 stroke-width 4 stroke-linecap round path 'M12 50A20 20 0 0 1 52 50'
    stroke #ffffff stroke-opacity 0.55 stroke-width 2.5 line 10,50 54,50
    stroke-opacity 1 stroke none fill #ffffff path 'M29 9h6v9h9v6h-9v26h-6V24h-9v-6h9z'" \
    -strip -define png:compression-level=9 "PNG32:$out"
}
logo_png 512 "$ICONS/icon-512.png"
logo_png 192 "$ICONS/icon-192.png"
logo_png 180 "$ICONS/apple-touch-icon.png" square

make_variants

# =======================================================================================
# 4. Size budget check
# =======================================================================================
KB=1000
BUDGET=()
for n in 1 2 3 4; do
  BUDGET+=("media/demo/hero-$n.mp4:400" "media/demo/hero-$n.webm:400" "media/demo/hero-$n.webp:40")
done
BUDGET+=("media/demo/welcome.webp:80" "media/demo/harvest-festival.webp:80"
         "media/demo/leader-bishop.webp:30" "media/demo/leader-pastor.webp:30")
for n in 1 2 3 4 5 6 7 8; do BUDGET+=("media/demo/gallery-$n.webp:60"); done
# The responsive variants (make_variants): never larger than the biggest original's budget.
for f in "$OUT"/*-[0-9]*.avif "$OUT"/*-[0-9]*.webp; do BUDGET+=("media/demo/$(basename "$f"):80"); done
BUDGET+=("media/demo/og-image.jpg:80" "icons/icon-192.png:30" "icons/icon-512.png:60"
         "icons/apple-touch-icon.png:30" "logo.svg:2" "favicon.svg:2")

echo
printf '%-34s %10s %10s\n' "file (under public/)" "bytes" "budget"
fail=0
for entry in "${BUDGET[@]}"; do
  f="${entry%%:*}"; limit=$(( ${entry##*:} * KB )); path="$ROOT/public/$f"
  if [ ! -s "$path" ]; then
    printf '%-34s %10s %10s  MISSING\n' "$f" "-" "$limit"; fail=1; continue
  fi
  size=$(stat -c %s "$path")
  status=""; if [ "$size" -gt "$limit" ]; then status="  OVER BUDGET"; fail=1; fi
  printf '%-34s %10s %10s%s\n' "$f" "$size" "$limit" "$status"
done
total=$(du -cb "$OUT" "$ICONS" "$ROOT/public/logo.svg" "$ROOT/public/favicon.svg" | tail -1 | cut -f1)
printf '%-34s %10s\n' "total" "$total"
if [ "$fail" -ne 0 ]; then
  echo "error: some files are missing or over their size budget" >&2
  exit 1
fi
echo "all files within budget"
