"""The benchmark's floor endpoint exists only under the bench settings' URLs."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_floor_is_not_part_of_the_site(client):
    response = client.get("/api/_floor")

    assert response.status_code == 404
    assert response.json() == {"message": "No such API endpoint."}


def test_the_bench_urls_serve_the_floor_beside_the_site(client, settings, tmp_path):
    settings.ROOT_URLCONF = "camp.bench_urls"
    classes = client.get("/api/classes")
    # bench/run.py saves /api/classes' answer as the floor's body before loading the server.
    settings.BENCH_FLOOR_BODY_FILE = tmp_path / "floor.json"
    settings.BENCH_FLOOR_BODY_FILE.write_bytes(classes.content)

    floor = client.get("/api/_floor")

    assert floor.status_code == 200
    assert floor.content == classes.content
