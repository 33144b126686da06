#!/usr/bin/env bash
# Build the book theme that `make site` renders the lectures with, from npm alone, into $1 (build/site-tools):
#   $1/node_modules/.bin/myst   mystmd, the Jupyter Book 2 engine
#   $1/template/                the built theme, a folder mystmd takes as `site: template:`
# mystmd would download its themes from the web at build time; this machine and CI reach only the package
# registries, so the theme's source is kept in scripts/site/book-theme (jupyter-book/myst-theme's themes/book
# at tag @myst-theme/site@1.3.1, commit c45938251fba, MIT) and built here.  The built site then loads nothing from outside:
# the three stylesheets the theme links from public CDNs are copied from npm packages and linked locally.
set -euo pipefail
OUT=$(mkdir -p "$1" && cd "$1" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
NPM_FLAGS=(--no-audit --no-fund --loglevel=error)

cp "$HERE/package.json" "$OUT/package.json"
npm install --prefix "$OUT" --no-package-lock "${NPM_FLAGS[@]}"

SRC=$OUT/theme-src
rm -rf "$SRC" && cp -r "$HERE/book-theme" "$SRC" && cp "$HERE/package.json" "$SRC/" && ln -s ../node_modules "$SRC/node_modules"
# The widgets' stylesheet @imports two files a CSS bundle cannot take (myst-theme patches it the same way).
sed -i "s#^@import './lumino.css';#/* @import './lumino.css'; */#; s#^@import './nouislider.css';#/* @import './nouislider.css'; */#" \
    "$OUT/node_modules/@jupyter-widgets/controls/css/widgets-base.css"
(
    cd "$SRC"
    PATH="$OUT/node_modules/.bin:$PATH"
    copy-thebe-assets ./public
    tailwindcss -m -i ./styles/app.css -o app/styles/app.css
    remix build
)

TPL=$OUT/template
rm -rf "$TPL" && mkdir -p "$TPL"
cp "$HERE/server/server.js" "$HERE/server/package.json" "$SRC/template.yml" "$TPL/"
cp -r "$SRC/build" "$SRC/public" "$TPL/"
# mystmd checks that every file template.yml lists exists, package-lock.json among them.
npm install --prefix "$TPL" "${NPM_FLAGS[@]}"

# Local copies of what the theme links from CDNs, served from the site's own /abteach-vendor/.
VENDOR=$TPL/public/abteach-vendor
mkdir -p "$VENDOR/katex" "$VENDOR/font-awesome"
cp -r "$OUT/node_modules/katex/dist/katex.min.css" "$OUT/node_modules/katex/dist/fonts" "$VENDOR/katex/"
cp -r "$OUT/node_modules/font-awesome/css" "$OUT/node_modules/font-awesome/fonts" "$VENDOR/font-awesome/"
# MathJax 2, which thebe's output renderer loads for notebook outputs, less what no page uses (as make html does).
rm -rf "$VENDOR/mathjax" && cp -r "$OUT/node_modules/mathjax" "$VENDOR/mathjax"
(cd "$VENDOR/mathjax" && rm -rf unpacked test && find . \( -name '*.eot' -o -name '*.otf' -o -name '*.svg' -o -name SVG \
    -o -name PreviewHTML -o -name NativeMML -o -name 'Gyre-*' -o -name Latin-Modern -o -name Asana-Math -o -name Neo-Euler \
    -o -name 'STIX*' \) -prune -exec rm -rf {} +)
# ipympl's stylesheet: no lecture shows an ipympl figure, so an empty local file stands in for it.
echo "/* abteach: no ipympl widgets on this site */" > "$VENDOR/mpl_widget.css"
grep -rlZ --include='*.js' --exclude-dir=abteach-vendor -e 'cdn.jsdelivr.net' -e 'cdnjs.cloudflare.com' "$TPL/build" "$TPL/public" | xargs -0 -r sed -i \
    -e 's#https://cdn.jsdelivr.net/npm/katex@[0-9.]*/dist/katex.min.css#/abteach-vendor/katex/katex.min.css#g' \
    -e 's#https://cdn.jsdelivr.net/npm/jupyter-matplotlib@[0-9.]*/css/mpl_widget.css#/abteach-vendor/mpl_widget.css#g' \
    -e 's#https://cdnjs.cloudflare.com/ajax/libs/font-awesome/4.7.0/css/font-awesome.css#/abteach-vendor/font-awesome/css/font-awesome.css#g' \
    -e 's#https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.5/MathJax.js#/abteach-vendor/mathjax/MathJax.js#g'
# (Other CDN addresses in the bundles belong to outputs no lecture has, e.g. require.js for ipywidgets, and are never asked for:
# the browser test counts every outside request a page makes.)
if grep -rlq --include='*.js' --exclude-dir=abteach-vendor -e 'cdn.jsdelivr.net/npm/katex' -e 'font-awesome/4.7.0/css' -e 'jupyter-matplotlib@' \
        -e 'cdnjs.cloudflare.com/ajax/libs/mathjax' \
        "$TPL/build" "$TPL/public"; then
    echo "build_theme.sh: the theme still links a stylesheet from a CDN" >&2
    exit 1
fi
