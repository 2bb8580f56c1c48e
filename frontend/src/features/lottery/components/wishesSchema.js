import { t } from "ttag";
import * as yup from "yup";

// The server's own words for what it refuses (lottery/services.py), and one of ours for a group.
export const messages = {
  tooMany: (most) => t`At most ${most} classes may be wished for.`,
  repeated: t`A class is wished for twice.`,
  groupWithoutWishes: t`Each child placed together needs at least one wish.`,
};

/*
 * What the server would refuse of the wishes' shape, checked before they are sent: more than
 * `maxChoices` a child, a class twice, a child placed together without a wish. (Whether the
 * rules let a child take a class is the server's to say.)
 */
export function wishesSchema(maxChoices) {
  return yup.object({
    children: yup.array().of(
      yup.object({
        participantId: yup.number().required(),
        choices: yup
          .array()
          .of(yup.number())
          .max(maxChoices, messages.tooMany(maxChoices))
          .test(
            "no-repeats",
            messages.repeated,
            (choices) => new Set(choices).size === (choices ?? []).length,
          ),
      }),
    ),
    together: yup
      .array()
      .of(yup.number())
      .test("with-wishes", messages.groupWithoutWishes, (ids, context) => {
        if ((ids ?? []).length < 2) return true;
        const children = context.parent.children ?? [];
        return ids.every(
          (id) => children.find((child) => child.participantId === id)?.choices.length > 0,
        );
      }),
  });
}

// The wishes as the server takes them: the children with a wish, and the group when two or
// more are ticked.
export function wishesSent(values) {
  return {
    children: values.children
      .filter((child) => child.choices.length > 0)
      .map(({ participantId, choices }) => ({ participantId, choices })),
    together: values.together.length >= 2 ? [values.together] : [],
  };
}
