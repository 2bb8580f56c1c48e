"""localstripe, its objects kept in memory only and listed by kind: `python -m
testing.localstripe_in_memory --port N --from-scratch`, as scripts/with-services and the benches
start it.

localstripe writes its whole store to /tmp/localstripe.pickle after every change, so that a
restart can take up where it left off. Each write costs time in proportion to everything stored
(a SetupIntent took 2 ms to make in an empty store and 100 ms beside 4,500 Customers), and every
localstripe on the machine writes the same file. Nothing here restarts localstripe expecting its
objects back (each start is from scratch), so it is started without that write.

localstripe also lists the objects of one kind by reading every object it holds: a charge's
refunds are listed so, each time a charge is written out, so making a PaymentIntent took 2 ms in
an empty store, 29 ms beside 5,000 Customers and 51 ms beside as many SetupIntents too. Real
Stripe has no such cost, so each kind's objects are kept apart as well, in the order they came,
and a list reads its own kind's alone: the same objects in the same order.
"""

import sys
from collections import defaultdict

from localstripe import resources, server

# Each kind's objects ("customer", "refund", ...) by their store key, in the order they came.
_by_kind: defaultdict[str, dict[str, object]] = defaultdict(dict)


def _kind(key: str) -> str | None:
    # An object's key is "kind:id"; a few singletons (the balance) are stored under the kind
    # alone, and localstripe lists none of those.
    kind, colon, _ = key.partition(":")
    return kind if colon else None


def _put(store, key, value) -> None:
    dict.__setitem__(store, key, value)
    if (kind := _kind(key)) is not None:
        _by_kind[kind][key] = value


def _remove(store, key) -> None:
    dict.__delitem__(store, key)
    if (kind := _kind(key)) is not None:
        _by_kind[kind].pop(key, None)


def _clear(store) -> None:
    dict.clear(store)
    _by_kind.clear()


@classmethod
def _listed(cls, url, limit=None, starting_after=None, **kwargs):
    # localstripe's StripeObject._api_list_all, reading one kind's objects instead of all.
    if kwargs:
        raise resources.UserError(400, "Unexpected " + ", ".join(kwargs.keys()))
    found = resources.List(url, limit=limit, starting_after=starting_after)
    found._list = list(_by_kind[cls.object].values())
    return found


def in_memory() -> None:
    """localstripe's store, changed in this process as the module's docstring says."""
    resources.Store.dump_to_disk = lambda store: None
    resources.Store.__setitem__ = _put
    resources.Store.__delitem__ = _remove
    resources.Store.clear = _clear
    resources.StripeObject._api_list_all = _listed


def main() -> int:
    in_memory()
    return server.start()


if __name__ == "__main__":
    sys.exit(main())
