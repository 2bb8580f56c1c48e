from django.contrib import admin

from classes.models import Class, Selection


@admin.register(Class)
class ClassAdmin(admin.ModelAdmin):
    list_display = ("name", "instructor", "status", "price", "seats", "enroll", "created_at")
    list_filter = ("status", "created_at")
    search_fields = ("name", "instructor__email", "instructor__name")
    list_select_related = ("instructor",)
    autocomplete_fields = ("instructor",)
    readonly_fields = ("created_at", "updated_at")
    date_hierarchy = "created_at"


@admin.register(Selection)
class SelectionAdmin(admin.ModelAdmin):
    list_display = ("student", "camp_class", "status", "created_at")
    list_filter = ("status", "created_at")
    search_fields = ("student__email", "student__name", "camp_class__name")
    list_select_related = ("student", "camp_class")
    autocomplete_fields = ("student", "camp_class")
    readonly_fields = ("created_at",)
