"""Write the clock screen's sounds, in ``src/pokerfloor/web/static/sounds/``:

- ``level-change.wav``: a new level or break, three rising bell tones (E5, A5, E6; 1.3 s),
  the same notes the screen played before it had files, loud enough for a noisy room;
- ``one-minute.wav``: a minute left, two short, softer beeps on one note (A5; 0.6 s), so it
  is not taken for the level change;
- ``player-clock-tick.wav``: a second of a player clock's final countdown, one short high blip
  (C6; 0.09 s), played once a second on the captain's phone and the console;
- ``player-clock-expired.wav``: a player's time ran out, three falling low tones (A4, F4, D4;
  1.1 s), unlike the rising level change.

Each tone is a sine with a quieter octave above, a 5 ms attack and an exponential decay, its
tail faded to silence (no click); 16-bit mono at 16 kHz (about 40 and 20 KB). Only Python's
``wave`` and ``math``: no randomness, so running it again writes the same bytes. Run it from
the project's root::

    python3 -m uv run python scripts/clock_sounds.py
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "src/pokerfloor/web/static/sounds"
RATE = 16_000
ATTACK_S = 0.005


class Sound:
    """Tones as (start in seconds, frequency in Hz), each ``tone_s`` long."""

    def __init__(
        self,
        name: str,
        tones: tuple[tuple[float, float], ...],
        tone_s: float,
        decay: float,
        volume: float,
    ) -> None:
        self.name = name
        self.tones = tones
        self.tone_s = tone_s
        self.decay = decay  # the envelope's e-folding per second
        self.volume = volume  # of full scale, with headroom for tones that overlap
        self.length_s = max(start for start, _ in tones) + tone_s

    def sample(self, t: float) -> float:
        value = 0.0
        for start, frequency in self.tones:
            since = t - start
            if not 0 <= since < self.tone_s:
                continue
            envelope = min(1.0, since / ATTACK_S) * math.exp(-self.decay * since)
            envelope *= min(1.0, (self.tone_s - since) / 0.05)
            tone = math.sin(2 * math.pi * frequency * since)
            tone += 0.3 * math.sin(2 * math.pi * 2 * frequency * since)
            value += envelope * tone / 1.3
        return value


SOUNDS = (
    Sound("level-change.wav", ((0.0, 659.25), (0.3, 880.0), (0.6, 1318.5)), 0.7, 4.5, 0.5),
    Sound("one-minute.wav", ((0.0, 880.0), (0.3, 880.0)), 0.25, 9.0, 0.35),
    Sound("player-clock-tick.wav", ((0.0, 1046.5),), 0.09, 30.0, 0.45),
    Sound("player-clock-expired.wav", ((0.0, 440.0), (0.3, 349.23), (0.6, 293.66)), 0.5, 3.0, 0.55),
)


def write(sound: Sound) -> Path:
    frames = bytearray()
    for index in range(round(RATE * sound.length_s)):
        value = max(-1.0, min(1.0, sound.volume * sound.sample(index / RATE)))
        frames += struct.pack("<h", round(value * 32_767))
    path = FOLDER / sound.name
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return path


def main() -> None:
    for sound in SOUNDS:
        path = write(sound)
        print(f"{path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
