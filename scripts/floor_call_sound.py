"""Write the floor-call chime, ``src/pokerfloor/web/static/sounds/floor-call.wav``.

Two bell-like tones, A5 then E5 (a falling "ding-dong", 0.8 s in all), each a sine with a
quieter octave above, a 5 ms attack and an exponential decay; 16-bit mono at 16 kHz (about
25 KB). Made by ``clock_sounds.py``'s ``Sound`` (the tones, envelope and writer of the
clock's sounds): no randomness, so running it again writes the same bytes. Run it from the
project's root::

    python3 -m uv run python scripts/floor_call_sound.py
"""

from __future__ import annotations

# Run as a file, so its own folder is on the path.
from clock_sounds import Sound, write

# A5, then E5; 0.55 s each, decaying by e every 1/7 s, with headroom for the overlap.
FLOOR_CALL = Sound("floor-call.wav", ((0.0, 880.0), (0.25, 659.25)), 0.55, 7.0, 0.45)


def main() -> None:
    path = write(FLOOR_CALL)
    print(f"{path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
