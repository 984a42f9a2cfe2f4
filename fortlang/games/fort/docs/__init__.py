"""Fort's pictures and words for its docs site and print-and-play sheet: its card faces
(``face.py``), the icons its words' declarations do not draw (``icons.py``: suits, the
best-friend star) and its suits' meanings (``meanings.py``)."""
