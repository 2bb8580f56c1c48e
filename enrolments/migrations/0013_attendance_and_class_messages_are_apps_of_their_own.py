"""Attendance and class messages are apps of their own now (their 0001 migrations): their models
leave enrolments' state only, their tables staying where they are."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("attendance", "0001_initial"),
        ("class_messages", "0001_initial"),
        ("enrolments", "0012_attendance_tally"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="attendancenotice",
                    name="meeting",
                ),
                migrations.RemoveField(
                    model_name="attendancenotice",
                    name="participant",
                ),
                migrations.RemoveField(
                    model_name="attendancetally",
                    name="meeting",
                ),
                migrations.RemoveField(
                    model_name="classmessage",
                    name="camp_class",
                ),
                migrations.RemoveField(
                    model_name="classmessage",
                    name="sender",
                ),
                migrations.DeleteModel(
                    name="AttendanceAction",
                ),
                migrations.DeleteModel(
                    name="AttendanceNotice",
                ),
                migrations.DeleteModel(
                    name="AttendanceTally",
                ),
                migrations.DeleteModel(
                    name="ClassMessage",
                ),
            ],
        ),
    ]
