import { itemExtras, planExtras } from "../../../components/extras/extras";

// The chosen classes as the shared add-ons and questions see them: one item per class and child.
export function deskPlan(values, classes) {
  return planExtras(
    values.items.map((item) => {
      const classItem = classes?.[item.classId];
      const labels = new Map((classItem?.units ?? []).map((unit) => [String(unit.id), unit.label]));
      return {
        key: item.key,
        classId: item.classId,
        participantId: item.participantId,
        participantName: item.participantName,
        className: item.className,
        planId: item.planId,
        classItem,
        units: item.units.map((id) => ({ id: Number(id), label: labels.get(String(id)) })),
      };
    }),
  );
}

// The items POST /frontDesk/checkouts takes, as the family's checkout takes them.
export function deskItems(plan, values) {
  return plan.map((item) => ({
    classId: item.classId,
    participantId: item.participantId,
    ...(item.planId ? { planId: Number(item.planId) } : {}),
    ...(item.units.length ? { units: item.units.map((unit) => unit.id) } : {}),
    ...itemExtras(item, values, plan),
  }));
}

export function itemKey(classId, participantId) {
  return `c${classId}p${participantId}`;
}
