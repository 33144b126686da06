"""Pictures for pages with no kernel, stored small: cut into tiles, each distinct tile stored once.

A pre-rendered stepper holds a picture per step, and from one step to the
next only a node or two changes.  Cut into tiles, most of a step's picture
is tiles already stored for the step before: the page keeps each distinct
tile once (one image widget, referred to by every picture that shows it),
so a page grows by the few tiles a step changes, not by a whole picture.
Each tile is stored as a palette PNG whose colours are exact for every
colour that covers more than a few pixels, white and the fills included;
only the rarest anti-aliasing shades move to the nearest kept colour, by
a few levels out of 255, which the eye does not see.

Examples
--------
>>> import abteach as ab
>>> from abteach.widgets.stepper import frame_options, png_size
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> options = frame_options([tr], "screen")      # one canvas for every frame, as a stepper draws them
>>> tiles = Tiles()
>>> first, last = (tiles.picture(ab.frame_png(tr, step, **options)) for step in (28, 29))
>>> png_size(first.value) == png_size(last.value)
True
>>> len(tiles) < len(first.children) + len(last.children)    # the unchanged tiles are stored once
True
"""

from __future__ import annotations

import hashlib
import io
from typing import Final

import ipywidgets as widgets
import numpy as np
from PIL import Image

#: The size of a tile in pixels (width, height).  Smaller tiles share more and add more references;
#: measured on the lectures' steppers, this size keeps a step to about 5 KB.
TILE: Final = (256, 128)

#: How many colours a tile keeps (a PNG palette holds 256), and how many of those are the most
#: frequent ones, kept exactly; the rest go, one by one, to the colour drawn worst so far.
COLOURS: Final = 256
FREQUENT: Final = 192


def palette_png(rgb: np.ndarray) -> bytes:
    """An ``(height, width, 3)`` array of 8-bit RGB as a palette PNG, as close to it as 256 colours get.

    The most frequent colours are kept exactly; each remaining palette entry
    goes to the colour that is farthest from any kept one, so no pixel moves
    far.  With 256 colours or fewer the picture is kept exactly.

    >>> rgb = np.zeros((2, 3, 3), dtype=np.uint8); rgb[0, 0] = (255, 128, 0)
    >>> back = np.asarray(Image.open(io.BytesIO(palette_png(rgb))).convert("RGB"))
    >>> bool((back == rgb).all())
    True
    """
    if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
        raise ValueError(f"palette_png needs a (height, width, 3) uint8 array, not {rgb.dtype} {rgb.shape}")
    key = (rgb[..., 0].astype(np.int32) << 16) | (rgb[..., 1].astype(np.int32) << 8) | rgb[..., 2]
    colours, where, counts = np.unique(key.ravel(), return_inverse=True, return_counts=True)
    values = np.stack([(colours >> 16) & 255, (colours >> 8) & 255, colours & 255], axis=1).astype(np.int32)
    kept = list(np.argsort(-counts, kind="stable")[:FREQUENT])
    distance = ((values[:, None, :] - values[kept][None, :, :]) ** 2).sum(axis=2)
    nearest, error = distance.argmin(axis=1), distance.min(axis=1)
    while len(kept) < min(COLOURS, len(values)) and error.max() > 0:
        worst = int(error.argmax())
        kept.append(worst)
        to_worst = ((values - values[worst]) ** 2).sum(axis=1)
        closer = to_worst < error
        nearest[closer], error[closer] = len(kept) - 1, to_worst[closer]
    image = Image.fromarray(nearest[where].astype(np.uint8).reshape(key.shape), "P")
    image.putpalette(values[kept].astype(np.uint8).ravel().tolist())
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=9)
    return out.getvalue()


class TiledPicture(widgets.GridBox):
    """One picture shown as a grid of tile images, at most its own size and shrinking with its box.

    ``value`` is the whole picture's PNG, as drawn (kept in Python, not sent to the page).
    """

    def __init__(self, png: bytes, size: tuple[int, int], children: list[widgets.Image], columns: list[int],
                 layout: widgets.Layout) -> None:
        super().__init__(children, layout=layout)
        self.value = png
        self.size = size
        self.columns = columns
        self.add_class("ab-tiles")


class Tiles:
    """The tiles of a set of pictures of one size, each distinct tile made into one image widget.

    Call :meth:`picture` for every picture; tiles seen before are reused, so
    pictures that differ in a few places share the rest.  ``len(tiles)`` is
    the number of distinct tiles stored.
    """

    def __init__(self, tile: tuple[int, int] = TILE) -> None:
        if len(tile) != 2 or min(tile) < 1:
            raise ValueError(f"tile must be a (width, height) of positive pixels, not {tile!r}")
        self.tile = tile
        self._images: dict[bytes, widgets.Image] = {}
        # One layout for every tile: each Layout is a model of its own in the page.
        self._layout = widgets.Layout(width="100%", height="auto", margin="0px")

    def __len__(self) -> int:
        return len(self._images)

    def picture(self, png: bytes, layout: widgets.Layout | None = None) -> TiledPicture:
        """``png`` as a :class:`TiledPicture`, laid out with ``layout`` (its columns are set here)."""
        rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        height, width = rgb.shape[:2]
        tw, th = self.tile
        columns = [min(tw, width - x) for x in range(0, width, tw)]
        children = []
        for y in range(0, height, th):
            for x in range(0, width, tw):
                part = np.ascontiguousarray(rgb[y:y + th, x:x + tw])
                key = hashlib.sha1(part.tobytes() + repr(part.shape).encode()).digest()
                image = self._images.get(key)
                if image is None:
                    image = widgets.Image(value=palette_png(part), format="png", layout=self._layout)
                    image.add_class("ab-tile")
                    self._images[key] = image
                children.append(image)
        layout = layout or widgets.Layout()
        # Columns as wide as their tiles, in fractions, so the grid scales as one picture.
        layout.grid_template_columns = " ".join(f"{c}fr" for c in columns)
        layout.grid_gap = "0px"
        return TiledPicture(png, (width, height), children, columns, layout)


__all__ = ["TILE", "TiledPicture", "Tiles", "palette_png"]
