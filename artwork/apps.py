from django.apps import AppConfig
from django.db.models.signals import post_delete


class ArtworkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "artwork"
    verbose_name = "Artwork"

    def ready(self):
        from pillow_heif import register_heif_opener

        from artwork.images import pictures_delete_after_commit
        from artwork.message_kinds import ArtworkMessage
        from artwork.models import Artwork
        from notifications import kinds

        # Pillow reads HEIC (an iPhone's photographs) through pillow-heif from now on. Only the
        # picture itself is wanted: not the thumbnails, depth maps and other images beside it.
        register_heif_opener(thumbnails=False, depth_images=False, aux_images=False)
        kinds.register(ArtworkMessage, app="artwork")

        def _artwork_deleted(sender, instance, **kwargs) -> None:
            # However the row went (its last child taken off, the back office), every stored
            # size of its photograph goes with it.
            pictures_delete_after_commit(instance)

        post_delete.connect(
            _artwork_deleted, sender=Artwork, weak=False, dispatch_uid="artwork-pictures"
        )
