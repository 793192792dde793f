#!/usr/bin/env bash
# Makes the demo's /about clip and its poster from the site's own artwork: the brand mark
# (web/public/favicon.svg's shapes), the design tokens' colours and the seeds' figures.
# Silent, six seconds, 640×360, H.264 in MP4 (plays in every supported browser, iPhones
# included), well under 300 KB. The outputs are committed, so the build needs no ffmpeg;
# run this again only to change the clip:  bash web/scripts/make-demo-video.sh
# Needs ffmpeg built with librsvg (Debian's: apt-get install -y ffmpeg).
set -euo pipefail

out_dir="$(cd "$(dirname "$0")/.." && pwd)/src/features/public-site/media"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Tokens from web/src/styles/global.css.
brand_900='#0a2b20'
brand_800='#0f3d2e'
gold_400='#d4a72c'
gold_100='#fbf3dc'

# The favicon's mark, drawn at 32 units; scaled by the slides.
mark='<rect width="32" height="32" rx="7" fill="'"$brand_800"'" stroke="'"$gold_400"'" stroke-width="0.6"/>
<path d="M9 21h14l-2.2-8.5H11.2z" fill="'"$gold_400"'"/>
<path d="M12.5 12.5 14 9h4l1.5 3.5" fill="none" stroke="'"$gold_400"'" stroke-width="1.6" stroke-linejoin="round"/>'

slide() { # name, mark transform, then the text lines as SVG elements
  local name="$1" transform="$2" text="$3"
  cat > "$work/$name.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <rect width="640" height="360" fill="$brand_900"/>
  <rect x="0" y="330" width="640" height="30" fill="$brand_800"/>
  <g transform="$transform">$mark</g>
  <g font-family="DejaVu Sans, sans-serif" text-anchor="middle">$text</g>
</svg>
SVG
}

# The poster is this slide: its words kept clear of the player's controls along the bottom.
slide 1 'translate(272 36) scale(3)' \
  '<text x="320" y="186" font-size="44" font-weight="bold" fill="#ffffff">GoldLedger</text>
   <text x="320" y="226" font-size="22" fill="'"$gold_400"'">Gold loans since 2011</text>'
slide 2 'translate(40 40) scale(1.5)' \
  '<text x="320" y="150" font-size="40" font-weight="bold" fill="#ffffff">13+ years · 1 branch</text>
   <text x="320" y="205" font-size="24" fill="'"$gold_100"'">1,463 loans disbursed</text>
   <text x="320" y="245" font-size="24" fill="'"$gold_100"'">790+ bank loans released</text>'
slide 3 'translate(40 40) scale(1.5)' \
  '<text x="320" y="150" font-size="28" font-weight="bold" fill="#ffffff">Your gold, weighed in front of you,</text>
   <text x="320" y="195" font-size="28" font-weight="bold" fill="#ffffff">kept sealed in our vault.</text>
   <text x="320" y="250" font-size="24" fill="'"$gold_400"'">Walk in and meet us.</text>'

for n in 1 2 3; do
  ffmpeg -v error -y -i "$work/$n.svg" -frames:v 1 "$work/$n.png"
done

# About two seconds a slide with half-second cross-fades: six seconds at 15 fps.
ffmpeg -v error -y \
  -loop 1 -t 2.5 -framerate 15 -i "$work/1.png" \
  -loop 1 -t 2.5 -framerate 15 -i "$work/2.png" \
  -loop 1 -t 2.0 -framerate 15 -i "$work/3.png" \
  -filter_complex "[0][1]xfade=transition=fade:duration=0.5:offset=2[a];[a][2]xfade=transition=fade:duration=0.5:offset=4,format=yuv420p[v]" \
  -map '[v]' -an -c:v libx264 -profile:v main -preset veryslow -crf 30 -r 15 \
  -movflags +faststart -metadata title='GoldLedger: about us (demo)' \
  "$out_dir/about-demo.mp4"

# The poster: the first slide, as a small JPEG.
ffmpeg -v error -y -i "$work/1.png" -q:v 6 "$out_dir/about-demo-poster.jpg"

ls -l "$out_dir/about-demo.mp4" "$out_dir/about-demo-poster.jpg"
