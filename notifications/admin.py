from django.contrib import admin, messages
from django.utils.html import format_html

from core.admin import ViewOnlyAdmin
from notifications import kinds
from notifications.mailboxes import mailbox_set
from notifications.models import Mailbox, Message
from notifications.services import message_resend


@admin.register(Message)
class MessageAdmin(ViewOnlyAdmin):
    """Read only: who was sent what and when. A message is never edited; Resend makes a new
    row, marked as a resend of the one it repeats, and queues it."""

    list_display = (
        "created_at",
        "kind_label",
        "recipient",
        "subject",
        "status",
        "attempts",
        "sent_at",
    )
    list_filter = ("status", "kind", "created_at")
    search_fields = ("recipient", "subject", "about")
    date_hierarchy = "created_at"
    actions = ("resend_selected",)
    readonly_fields = (
        "kind",
        "about",
        "recipient",
        "reply_to",
        "subject",
        "status",
        "attempts",
        "last_error",
        "resend_of",
        "created_at",
        "send_after",
        "sending_at",
        "sent_at",
        "failed_at",
        "preview",
        "text",
    )
    exclude = ("html", "facts")

    @admin.display(description="Kind", ordering="kind")
    def kind_label(self, message):
        # The sending app's label for its kind (notifications/kinds.py).
        return kinds.label_of(message.kind)

    @admin.display(description="HTML")
    def preview(self, message):
        # Sandboxed: the message's HTML is shown, never run, and cannot reach the admin page.
        return format_html(
            '<iframe sandbox title="The message as sent" srcdoc="{}" '
            'style="width: 100%; max-width: 640px; height: 560px; border: 1px solid #ccc">'
            "</iframe>",
            message.html,
        )

    def has_resend_permission(self, request):
        return request.user.has_perm("notifications.view_message")

    @admin.action(description="Resend selected messages", permissions=["resend"])
    def resend_selected(self, request, queryset):
        for message in queryset:
            message_resend(message_id=message.pk)
        self.message_user(
            request, f"{queryset.count()} queued again, each as a new message.", messages.SUCCESS
        )


class RefusedFilter(admin.SimpleListFilter):
    title = "mail"
    parameter_name = "refused"

    def lookups(self, request, model_admin):
        return (("yes", "Refused for good"), ("no", "Delivered"))

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(undeliverable_since__isnull=False)
        if self.value() == "no":
            return queryset.filter(undeliverable_since__isnull=True)
        return queryset


@admin.register(Mailbox)
class MailboxAdmin(ViewOnlyAdmin):
    """The addresses the school writes to: which refuse mail for good (nothing more is tried
    until fixed) and which turned announcements off. An admin who hears from a family that its
    address works again marks it so; a family's choices are otherwise its own."""

    list_display = ("address", "announcements", "undeliverable_since", "undeliverable_reason")
    list_filter = (RefusedFilter, "announcements")
    search_fields = ("address",)
    ordering = ("-undeliverable_since", "address")
    exclude = ("token",)
    actions = ("mark_working",)

    def has_mark_working_permission(self, request):
        return request.user.has_perm("notifications.view_mailbox")

    @admin.action(
        description="Mark as working again (mail is tried again)", permissions=["mark_working"]
    )
    def mark_working(self, request, queryset):
        marked = 0
        for mailbox in queryset.filter(undeliverable_since__isnull=False):
            mailbox_set(address=mailbox.address, deliverable=True)
            marked += 1
        self.message_user(request, f"{marked} marked as working again.", messages.SUCCESS)
