"""The shared cache keeps one Redis client per connection pool (config/redis_cache.py)."""

from __future__ import annotations

from config.redis_cache import RedisCache


def test_each_pool_has_one_client_shared_by_every_command() -> None:
    cache = RedisCache("redis://127.0.0.1:6399/1,redis://127.0.0.1:6399/2", {})._cache  # no connection is opened
    written = cache.get_client(write=True)
    assert cache.get_client("any key", write=True) is written
    assert written.connection_pool is cache._get_connection_pool(write=True)
    assert cache.get_client(write=False).connection_pool is cache._get_connection_pool(write=False)
