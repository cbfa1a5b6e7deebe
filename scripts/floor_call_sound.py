"""Write the floor-call chime, ``src/pokerfloor/web/static/sounds/floor-call.wav``.

Two bell-like tones, A5 then E5 (a falling "ding-dong", 0.8 s in all), each a sine with a
quieter octave above, a 5 ms attack and an exponential decay; 16-bit mono at 16 kHz (about
25 KB). Only Python's ``wave`` and ``math``: no randomness, so running it again writes the
same bytes. Run it from the project's root::

    python3 -m uv run python scripts/floor_call_sound.py
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "src/pokerfloor/web/static/sounds/floor-call.wav"
RATE = 16_000
LENGTH_S = 0.8
# (start in seconds, frequency in Hz): A5, then E5.
TONES = ((0.0, 880.0), (0.25, 659.25))
TONE_S = 0.55
ATTACK_S = 0.005
DECAY = 7.0  # the envelope's e-folding per second
VOLUME = 0.45  # of full scale, with headroom for the two tones overlapping


def sample(t: float) -> float:
    value = 0.0
    for start, frequency in TONES:
        since = t - start
        if not 0 <= since < TONE_S:
            continue
        envelope = min(1.0, since / ATTACK_S) * math.exp(-DECAY * since)
        # Fade the tail to silence so that the tone does not click when it stops.
        envelope *= min(1.0, (TONE_S - since) / 0.05)
        tone = math.sin(2 * math.pi * frequency * since)
        tone += 0.3 * math.sin(2 * math.pi * 2 * frequency * since)
        value += envelope * tone / 1.3
    return value


def main() -> None:
    frames = bytearray()
    for index in range(round(RATE * LENGTH_S)):
        value = max(-1.0, min(1.0, VOLUME * sample(index / RATE)))
        frames += struct.pack("<h", round(value * 32_767))
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUTPUT), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    print(f"{OUTPUT} ({OUTPUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
