"""The school's four policies, version 1 of each; the back office publishes later versions."""

from django.db import migrations

POLICIES = [
    (
        "liability-waiver",
        "Liability waiver",
        True,
        "Art and craft classes use tools, kilns, paint and glue. I understand that my child "
        "takes part in activities that carry a small risk of injury, that the school's staff "
        "supervise every class and follow its safety rules, and that the school is not liable "
        "for injuries that happen despite reasonable care.\n\n"
        "In an emergency, when I cannot be reached, I allow the school to seek medical treatment "
        "for my child and to share their care record with the people treating them.",
    ),
    (
        "photo-policy",
        "Photo policy",
        False,
        "The school photographs classes and the work made in them for its website and "
        "newsletters. Children whose family said no to photos in their care record are never "
        "photographed in a way that shows who they are. Photos never carry a child's full name.",
    ),
    (
        "refund-policy",
        "Refund policy",
        False,
        "A class cancelled by the school is refunded in full. A family that cancels an "
        "enrolment is refunded as the refund policy shown at checkout says; what it said when "
        "you paid is what applies to that payment.",
    ),
    (
        "code-of-conduct",
        "Code of conduct",
        True,
        "Students treat each other, the instructors and the studio with respect: they share "
        "tools, follow the instructors' safety instructions and clean up after themselves. A "
        "student who puts others at risk may be asked to leave the class; the family is called "
        "first.",
    ),
]


def seed(apps, schema_editor):
    Policy = apps.get_model("care", "Policy")
    PolicyVersion = apps.get_model("care", "PolicyVersion")
    for position, (slug, title, per_child, text) in enumerate(POLICIES):
        policy, _ = Policy.objects.get_or_create(
            slug=slug, defaults={"title": title, "per_child": per_child, "position": position}
        )
        PolicyVersion.objects.get_or_create(policy=policy, number=1, defaults={"text": text})


class Migration(migrations.Migration):
    dependencies = [("care", "0002_acceptances_never_edited")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
