"""Children's artwork: how much of it a class's instructor may photograph (`artwork.images`,
`artwork.services.taking`)."""

from .env import env

# The largest photograph taken, as the phone sends it (a 48-megapixel HEIC is about 5 MB, a JPEG
# of it up to 12).
ARTWORK_MAX_BYTES = int(env("ARTWORK_MAX_BYTES", str(15 * 1024 * 1024)))
# What one class may add in one school day: its pieces, and the bytes stored for them (every
# size of every piece). Far above a day of camp, so only a slip or a script reaches them.
ARTWORK_DAILY_COUNT = int(env("ARTWORK_DAILY_COUNT", "60"))
ARTWORK_DAILY_BYTES = int(env("ARTWORK_DAILY_BYTES", str(300 * 1024 * 1024)))
