import { ApiError } from "../../lib/api";
import {
  LUNCH,
  MATERIALS_FEE,
  POTTERY_WHEEL,
  SENSORY_NEEDS,
  T_SHIRT,
  WHAT_HELPS,
  makeQuestion,
} from "../../testing/extrasFixtures";
import {
  answersOf,
  extrasSchema,
  extrasServerErrors,
  itemExtras,
  planExtras,
  shownQuestions,
} from "./extras";

const pottery = {
  _id: 4,
  addOns: [MATERIALS_FEE, T_SHIRT],
  questions: [POTTERY_WHEEL, SENSORY_NEEDS, WHAT_HELPS],
};
const watercolor = { _id: 3, addOns: [], questions: [SENSORY_NEEDS, WHAT_HELPS] };

function item(key, participantId, participantName, classItem, units = []) {
  return {
    key,
    participantId,
    participantName,
    className: `Class ${classItem._id}`,
    classItem,
    units,
  };
}

test("a follow-up is shown only for the answer it names, and only while its question is", () => {
  const deeper = makeQuestion({
    id: 104,
    label: "Which ones?",
    showIf: { questionId: 102, answer: "Noise" },
  });
  const questions = [SENSORY_NEEDS, WHAT_HELPS, deeper];
  const ids = (answers) => shownQuestions(questions, answers).map((question) => question.id);

  expect(ids({})).toEqual([101]);
  expect(ids({ q101: "no" })).toEqual([101]);
  expect(ids({ q101: "yes" })).toEqual([101, 102]);
  expect(ids({ q101: "yes", q102: "Noise" })).toEqual([101, 102, 104]);
  // The question it follows hidden, a follow-up is hidden however it was answered.
  expect(ids({ q101: "no", q102: "Noise" })).toEqual([101]);
  // A yes or no follow-up for "no", as the school may write it.
  const forNo = makeQuestion({ id: 105, showIf: { questionId: 101, answer: "No" } });
  expect(shownQuestions([SENSORY_NEEDS, forNo], { q101: "no" }).map((q) => q.id)).toEqual([
    101, 105,
  ]);
});

test("a child's season question is asked on their first item only; add-ons likewise", () => {
  const plan = planExtras([
    item("s1", 7, "Mia", pottery),
    item("s2", 7, "Mia", watercolor),
    item("s3", 1, "Ana", watercolor),
  ]);

  expect(plan.map((entry) => entry.questions.map((question) => question.id))).toEqual([
    [103, 101, 102],
    [],
    [101, 102],
  ]);
  expect(plan.map((entry) => entry.addOns.map((addOn) => addOn.id))).toEqual([[1, 2], [], []]);
});

test("an item sends the add-ons chosen and the answers shown, in the API's values", () => {
  const plan = planExtras([
    item(
      "b7",
      7,
      "Mia",
      {
        _id: 8,
        addOns: [MATERIALS_FEE, LUNCH, { ...T_SHIRT, maxQuantity: 3 }],
        questions: [SENSORY_NEEDS, WHAT_HELPS, makeQuestion({ id: 106, kind: "number" })],
      },
      [
        { id: 81, label: "Mon" },
        { id: 82, label: "Tue" },
      ],
    ),
  ]);
  const values = {
    addOns: { b7: { a3: { units: ["82"] }, a2: { on: true, optionId: "23", quantity: "2" } } },
    answers: { p7: { q101: "no", q102: "hidden now", q106: " 4.5 " } },
  };

  expect(itemExtras(plan[0], values, plan)).toEqual({
    addOns: [
      { id: 3, units: [82] },
      { id: 2, optionId: 23, quantity: 2 },
    ],
    answers: { 101: false, 106: 4.5 },
  });
  expect(itemExtras(plan[0], values, plan, { withAnswers: false })).toEqual({
    addOns: [
      { id: 3, units: [82] },
      { id: 2, optionId: 23, quantity: 2 },
    ],
  });
  expect(answersOf([SENSORY_NEEDS, WHAT_HELPS], { q101: "yes", q102: "  " })).toEqual({
    101: true,
  });
});

test("the schema asks for what the server requires: a shown required answer, a size, a quantity in range", async () => {
  const plan = planExtras([
    item("s1", 7, "Mia", { ...pottery, addOns: [{ ...T_SHIRT, maxQuantity: 2 }] }),
  ]);
  const values = {
    addOns: { s1: { a2: { on: true, optionId: "", quantity: "3" } } },
    answers: { p7: { q101: "yes", q102: "" } },
  };
  const failed = await extrasSchema(plan, values)
    .validate(values, { abortEarly: false })
    .catch((error) => error);

  expect(failed.inner.map((error) => [error.path, error.message])).toEqual(
    expect.arrayContaining([
      ["addOns.s1.a2.optionId", "T-shirt: Choose an option."],
      ["addOns.s1.a2.quantity", "T-shirt: At most 2."],
      ["answers.p7.q103", "Please answer “Has your child used a pottery wheel?”."],
      ["answers.p7.q102", "Please answer “Tell us what helps”."],
    ]),
  );
});

test("the server's refusals land on the fields of the child and the item they name", () => {
  const plan = planExtras([
    item("s1", 1, "Ana Lopez", pottery),
    item("s2", 7, "Mia Lopez", pottery),
  ]);
  const refusal = new ApiError(400, {
    message: "…",
    errors: {
      answers: { 101: ["Mia Lopez: Please answer “Any sensory needs we should plan for?”."] },
      addOns: ["Item 1: T-shirt: choose one of its options.", "Something else."],
    },
  });

  expect(extrasServerErrors(refusal, plan)).toEqual({
    errors: {
      answers: {
        p7: { q101: "Mia Lopez: Please answer “Any sensory needs we should plan for?”." },
      },
      addOns: { s1: { a2: { optionId: "Item 1: T-shirt: choose one of its options." } } },
    },
    rest: ["Something else."],
  });
});
