"""The localstripe the tests and benches start (testing/localstripe_in_memory.py) lists each kind
of object as localstripe itself does, reading that kind's objects alone: run in a process of its
own, since it changes localstripe's module there."""

import json

from testing.settings_processes import python_run

# Objects of several kinds made, one deleted and the store flushed once; each list answered by
# localstripe's own reading of every object, then by the changed store with that reading made
# to fail.
SCRIPT = """
import json
from localstripe import resources as r
from testing.localstripe_in_memory import in_memory

everything = r.StripeObject._api_list_all.__func__
in_memory()


def listed():
    return {
        "customers": [c.id for c in r.Customer._api_list_all("/v1/customers")._list],
        "products": [p.id for p in r.Product._api_list_all("/v1/products")._list],
    }


def by_hand():
    return {
        "customers": [c.id for c in everything(r.Customer, "/v1/customers")._list],
        "products": [p.id for p in everything(r.Product, "/v1/products")._list],
    }


r.Customer._api_create(email="flushed@camp.test")
r.store.clear()
customers = [r.Customer._api_create(email=f"family{n}@camp.test") for n in range(5)]
products = [r.Product._api_create(name=f"class {n}") for n in range(3)]
r.Customer._api_delete(customers[1].id)
every_object = by_hand()


def read_everything():
    raise AssertionError("a list read every object in the store")


r.store.items = read_everything
print(json.dumps({
    "made": {
        "customers": [c.id for c in customers if c is not customers[1]],
        "products": [p.id for p in products],
    },
    "by hand": every_object,
    "listed": listed(),
}))
"""


def test_each_kind_is_listed_alone_in_the_order_it_came_as_localstripe_lists_it():
    ran = python_run("-c", SCRIPT, environment={}, check=True)

    found = json.loads(ran.stdout)
    assert found["listed"] == found["by hand"] == found["made"]
