# Camp's production image: one image for every process of the Procfile. The default command is
# the web process; the release, worker, beat and reconcile processes are the same image given
# their Procfile line as the command (docs/deploy.md, "The container image").
# No secret is baked in: every setting, SECRET_KEY first, comes from the environment at run time.
# camp/tests/test_container_image.py reads this file (CI has no Docker to build it).

# The browser bundle: English into static/dist, Spanish into static/dist/es, and the server's
# build of each into build/server (frontend/webpack.config.js).
FROM node:20-bookworm-slim AS bundle
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
# No install scripts: none of them serves the build (re2's compile, for firebase-tools' Hosting
# emulator, would need a compiler this image lacks; see the Makefile's install), and npm ci
# follows the lock file exactly.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY frontend/ ./
# The build also reads the page templates (the styles keep only the classes they and the app
# name) and the favicon the styles point at.
COPY templates/ /app/templates/
COPY static/img/ /app/static/img/
RUN npm run build

# The site: Python and its packages, the app, the bundle, and the static files collected.
FROM python:3.11-slim-bookworm AS site
ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore
WORKDIR /app
# The site's packages only: requirements.txt lists the checks' and tests' tools after this line.
COPY requirements.txt ./
RUN sed '/^# Checks and tests$/,$d' requirements.txt > /tmp/site-requirements.txt \
    && pip install -r /tmp/site-requirements.txt \
    && rm /tmp/site-requirements.txt
COPY . .
COPY --from=bundle /app/static/dist/ static/dist/
# The app's server build, which draws the public pages' first screens (camp/server_render.py).
COPY --from=bundle /app/build/server/ build/server/
# The Spanish catalogue is compiled in the repository (locale/es/LC_MESSAGES/django.mo), so the
# image needs no gettext. collectstatic runs on the base settings, which ask for no secret but a
# signing key to start (given here for this one command: it signs nothing, and the image keeps
# none); production's add nothing to the static files' settings (test_container_image.py checks).
# The modules are compiled here, as root: the site's user may not write beside them.
RUN DJANGO_SETTINGS_MODULE=camp.settings.base SECRET_KEY=collectstatic-signs-nothing \
    python manage.py collectstatic --noinput \
    && python -m compileall -q -j 0 .
# Everything the processes write, on one host without buckets: uploads, children's documents,
# artwork photos, and beat's schedule. Mount a volume here to keep them across containers.
RUN groupadd --system --gid 10001 camp \
    && useradd --system --uid 10001 --gid camp --home-dir /var/lib/camp --no-create-home camp \
    && mkdir -p /var/lib/camp/media /var/lib/camp/care-documents /var/lib/camp/artwork-photos \
    && chown -R camp:camp /var/lib/camp
ENV DJANGO_SETTINGS_MODULE=camp.settings.production \
    MEDIA_ROOT=/var/lib/camp/media \
    CARE_DOCUMENT_ROOT=/var/lib/camp/care-documents \
    ARTWORK_ROOT=/var/lib/camp/artwork-photos \
    CELERY_BEAT_SCHEDULE_FILENAME=/var/lib/camp/celerybeat-schedule
# By number, so a cluster that admits only non-root images can tell without reading /etc/passwd.
USER 10001:10001
EXPOSE 8000
# The Procfile's web line, word for word; exec hands the shell's place to gunicorn, so a stop's
# SIGTERM reaches it and it finishes the requests under way.
CMD ["/bin/sh", "-c", "exec gunicorn camp.wsgi:application --bind 0.0.0.0:${PORT:-8000} --workers ${WEB_CONCURRENCY:-2} --threads ${WEB_THREADS:-16} --timeout 30 --access-logfile -"]
