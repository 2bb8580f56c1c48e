"""localstripe, its objects kept in memory only: `python -m testing.localstripe_in_memory --port N
--from-scratch`, as scripts/with-services and the benches start it.

localstripe writes its whole store to /tmp/localstripe.pickle after every change, so that a
restart can take up where it left off. Each write costs time in proportion to everything stored
(a SetupIntent took 2 ms to make in an empty store and 100 ms beside 4,500 Customers), and every
localstripe on the machine writes the same file. Nothing here restarts localstripe expecting its
objects back (each start is from scratch), so it is started without that write.
"""

import sys

from localstripe import resources, server


def main() -> int:
    resources.Store.dump_to_disk = lambda store: None
    return server.start()


if __name__ == "__main__":
    sys.exit(main())
