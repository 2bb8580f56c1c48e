"""The benchmark's floor endpoint exists only under the bench settings' URLs."""

import pytest

from bench.urls import floor_body

pytestmark = pytest.mark.django_db


def test_the_floor_is_not_part_of_the_site(client):
    response = client.get("/api/_floor/classes")

    assert response.status_code == 404
    assert response.json() == {"message": "No such API endpoint."}


def test_the_bench_urls_serve_each_endpoints_floor_beside_the_site(client, settings, tmp_path):
    settings.ROOT_URLCONF = "bench.urls"
    settings.BENCH_FLOOR_DIR = tmp_path
    floor_body.cache_clear()
    classes = client.get("/api/classes")
    instructors = client.get("/api/instructors")
    # bench/run.py saves each endpoint's answer as its floor's body before loading the server.
    (tmp_path / "classes.json").write_bytes(classes.content)
    (tmp_path / "instructors.json").write_bytes(instructors.content)

    assert client.get("/api/_floor/classes").content == classes.content
    assert client.get("/api/_floor/instructors").content == instructors.content
    assert client.get("/api/_floor/users").status_code == 404
    floor_body.cache_clear()
