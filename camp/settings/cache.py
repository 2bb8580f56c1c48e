"""The cache: throttle counts and the public lists, shared by every process through Redis."""

from .env import env

# How long a server process trusts the public lists' generation it last read before reading it
# again (core/public_cache.py): another process's change reaches it within this time.
PUBLIC_LISTS_RECHECK_SECONDS = float(env("PUBLIC_LISTS_RECHECK_SECONDS", "1"))

# Throttle counts live in the cache: Redis, shared by every server process, when REDIS_URL is
# set; otherwise this process's memory, enough for one process.
REDIS_URL = env("REDIS_URL")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", "camp"),
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
