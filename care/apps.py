from django.apps import AppConfig
from django.db.models.signals import post_delete


class CareConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "care"

    def ready(self):
        from care.message_kinds import CareMessage
        from care.models import CareDocument
        from care.services import document_file_forgotten
        from notifications import kinds

        def _document_deleted(sender, instance, **kwargs) -> None:
            # However the row went (its child removed, the family's account closed), its
            # encrypted file goes with it.
            document_file_forgotten(storage_name=instance.storage_name)

        kinds.register(CareMessage, app="care")
        post_delete.connect(
            _document_deleted, sender=CareDocument, weak=False, dispatch_uid="care-document"
        )
