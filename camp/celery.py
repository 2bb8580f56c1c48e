"""The Celery app: workers send the outbox's e-mail, beat sweeps it (camp/settings/celery.py).

`celery -A camp worker` and `celery -A camp beat`, with DJANGO_SETTINGS_MODULE set as for the
site (no default here: this module loads with every process, the site's production ones too);
Procfile and `make run` start both.
"""

from celery import Celery

app = Celery("camp")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# The project's own tasks beside the apps' (the season reports, camp.reports).
app.autodiscover_tasks(["camp"])
