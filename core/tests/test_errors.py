"""Domain errors know nothing of HTTP; the API's one handler gives each its status and shape."""

import ast
from pathlib import Path

import pytest
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core import errors

ROOT = Path(__file__).resolve().parents[2]
# An app's services are one module, or a package once they outgrow it.
SERVICES = sorted([*ROOT.glob("*/services.py"), *ROOT.glob("*/services/*.py")])


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


class RaisingApi(APIView):
    authentication_classes: list = []
    permission_classes: list = []
    error: Exception

    def get(self, request):
        raise self.error


def answer_to(error: Exception):
    view = type("Raising", (RaisingApi,), {"error": error}).as_view()
    response = view(APIRequestFactory().get("/api/anything"))
    return response.status_code, response.data


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.NotFound("No such class."), 404),
        (errors.Conflict("This class has no seats left."), 409),
        (errors.Refused("You can only update your own classes."), 403),
        (errors.CardDeclined("Your card was declined."), 402),
        (errors.ProviderUnavailable("The card payment service is not answering."), 503),
        (errors.DomainError("Something the school does not allow."), 409),
    ],
)
def test_each_domain_error_gets_its_status_and_the_error_shape(error, status):
    assert answer_to(error) == (status, {"message": error.message})


def test_invalid_input_names_each_field():
    error = errors.InvalidInput({"classId": ["No such class."]})

    assert answer_to(error) == (
        400,
        {
            "message": "Please check these fields: classId.",
            "errors": {"classId": ["No such class."]},
        },
    )


def test_every_services_module_is_checked():
    names = {module_name(path) for path in SERVICES}

    assert {
        "checkout.services.seat_payment",
        "settlement.services.webhooks",
        "plans.services",
    } <= names


@pytest.mark.parametrize("services", SERVICES, ids=module_name)
def test_services_know_nothing_of_http(services):
    tree = ast.parse(services.read_text())
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }

    assert not {name for name in imported if name and name.startswith("rest_framework")}
    assert "core.api" not in imported
    assert len(SERVICES) >= 3
