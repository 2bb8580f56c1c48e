# Loaded with Django, so that tasks queued by the site use the project's Celery settings.
from camp.celery import app as celery_app

__all__ = ["celery_app"]
