"""Point localstripe's webhooks at this site, as the Stripe dashboard does for production, and
forget the SetupIntents made ahead at an earlier localstripe."""

import requests
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from payments.models import StripeCustomer

TIMEOUT = 10


class Command(BaseCommand):
    help = (
        "Register this site's /api/stripe/webhook with localstripe, signed with "
        "STRIPE_WEBHOOK_SECRET, and forget the SetupIntents made ahead at an earlier "
        "localstripe. Real Stripe is configured in its dashboard instead."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--url",
            default=f"{settings.SITE_URL.rstrip('/')}/api/stripe/webhook",
            help="Where localstripe should post events (default: SITE_URL/api/stripe/webhook).",
        )
        parser.add_argument("--name", default="camp", help="localstripe's name for the hook.")

    def handle(self, *args, **options):
        api_base = settings.STRIPE_API_BASE
        if not api_base:
            raise CommandError(
                "STRIPE_API_BASE is not set, so this site talks to Stripe itself: "
                "add the webhook endpoint in the Stripe dashboard."
            )
        try:
            response = requests.post(
                f"{api_base.rstrip('/')}/_config/webhooks/{options['name']}",
                json={
                    "url": options["url"],
                    "secret": settings.STRIPE_WEBHOOK_SECRET,
                    "events": ["payment_intent.succeeded"],
                },
                timeout=TIMEOUT,
            )
        except requests.RequestException as error:
            raise CommandError(f"localstripe is not answering at {api_base}: {error}") from error
        if response.status_code != 200:
            raise CommandError(
                f"localstripe refused the webhook ({response.status_code}): {response.text}"
            )
        self.stdout.write(f"localstripe now posts payment events to {options['url']}")
        # localstripe keeps nothing between runs: a SetupIntent made ahead at an earlier one is
        # gone, and is not handed out; beat makes new ones (payments.services.customers).
        forgotten = StripeCustomer.objects.exclude(ready_setup_intent_id="").update(
            ready_setup_intent_id="", ready_client_secret=""
        )
        self.stdout.write(
            f"SetupIntents made ahead at an earlier localstripe forgotten: {forgotten}"
        )
