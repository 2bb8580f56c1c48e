"""Where the checkout is."""

from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
