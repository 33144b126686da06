"""Pictures the browser shows, compared pixel for pixel with the drawings expected."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops

from .labserver import ARTIFACTS


def png_image(png: bytes) -> Image.Image:
    """A PNG's pixels, in one mode so that any two pictures compare."""
    return Image.open(io.BytesIO(png)).convert("RGBA")


def assert_same_picture(shown: Image.Image, want: Image.Image, what: str) -> None:
    """Fail unless ``shown`` is ``want`` pixel for pixel, keeping both pictures when they differ."""
    if shown.size == want.size and ImageChops.difference(shown, want).getbbox() is None:
        return
    # Both pictures are kept: a description of the difference says little, seeing it says all.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", what)
    shown.save(ARTIFACTS / f"mismatch-{stem}-shown.png")
    want.save(ARTIFACTS / f"mismatch-{stem}-expected.png")
    pytest.fail(f"{what}: the browser's image ({shown.size}) is not the expected drawing ({want.size}); "
                f"both are saved under {ARTIFACTS}")
