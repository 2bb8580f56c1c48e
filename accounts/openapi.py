"""The access token in the API schema: the same bearer scheme as simplejwt's."""

from drf_spectacular.contrib.rest_framework_simplejwt import SimpleJWTScheme


class AccessTokenScheme(SimpleJWTScheme):
    target_class = "accounts.authentication.AccessTokenAuthentication"
