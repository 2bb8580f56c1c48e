from django.contrib import admin

from books.models import AddOnAccount, CategoryAccount, ExtendedCareAccount, LedgerAccount


@admin.register(LedgerAccount)
class LedgerAccountAdmin(admin.ModelAdmin):
    """The school's chart of accounts as its bookkeeping program knows it: the exports name
    these codes and names."""

    list_display = ("code", "name", "type", "default_for")
    list_filter = ("type",)
    search_fields = ("code", "name")


@admin.register(CategoryAccount)
class CategoryAccountAdmin(admin.ModelAdmin):
    list_display = ("category", "account")
    autocomplete_fields = ("account",)


@admin.register(AddOnAccount)
class AddOnAccountAdmin(admin.ModelAdmin):
    list_display = ("add_on", "account")
    autocomplete_fields = ("account",)


@admin.register(ExtendedCareAccount)
class ExtendedCareAccountAdmin(admin.ModelAdmin):
    list_display = ("extended_care", "account")
    autocomplete_fields = ("account",)
