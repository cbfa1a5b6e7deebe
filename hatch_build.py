"""Build hook: compile the hand engine and the PHH reader with mypyc when the project is built
(``uv sync``).

Where the machine has a C compiler and Python's headers, ``scripts/compile_hand.py`` builds
``src/pokerfloor/_compiled/`` (about 60 s of CPU, once: uv builds the project again only when
pyproject.toml changes); where it has not, or the compile fails, the build goes on and the
pure-Python engine and reader play, the same rules at the speed of Python.
``POKERFLOOR_ENGINE=pure`` skips the compile. A build of the same sources already there is kept.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompiledEngineHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("POKERFLOOR_ENGINE") == "pure":
            return
        script = Path(self.root) / "scripts" / "compile_hand.py"
        if not script.exists():  # a source tree without the scripts: the pure engine
            return
        spec = importlib.util.spec_from_file_location("_pokerfloor_compile_hand", script)
        if spec is None or spec.loader is None:
            return
        compile_hand = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(compile_hand)
        src = Path(self.root) / "src"
        if compile_hand.is_current(src):
            return
        if compile_hand.compiler() is None:
            self.app.display_warning(
                "pokerfloor: no C compiler, the pure-Python engine and PHH reader play"
            )
            return
        try:
            seconds = compile_hand.compile_hand(src)
        except Exception as error:  # any failure leaves the pure engine
            compile_hand.clean(src)
            self.app.display_warning(
                f"pokerfloor: the hand engine and PHH reader were not compiled ({error}); the "
                "pure-Python modules play"
            )
            return
        self.app.display_info(
            f"pokerfloor: hand engine and PHH reader compiled by mypyc in {seconds:.0f} s"
        )
