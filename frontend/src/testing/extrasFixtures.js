// A class's add-ons and the school's questions, as the class JSON lists them (issue 71).

export function makeAddOn(overrides = {}) {
  return {
    id: 1,
    label: "Materials fee",
    price: 15,
    required: false,
    perDay: false,
    options: [],
    maxQuantity: 1,
    ...overrides,
  };
}

export const MATERIALS_FEE = makeAddOn({
  id: 1,
  label: "Materials fee",
  price: 15,
  required: true,
});

// Sizes with their stock: the medium is sold out, the large has no limit.
export const T_SHIRT = makeAddOn({
  id: 2,
  label: "T-shirt",
  price: 12,
  options: [
    { id: 21, label: "S", left: 2 },
    { id: 22, label: "M", left: 0 },
    { id: 23, label: "L", left: null },
  ],
});

export const LUNCH = makeAddOn({ id: 3, label: "Lunch", price: 8, perDay: true });

export function makeQuestion(overrides = {}) {
  return {
    id: 1,
    label: "Question",
    kind: "short_text",
    required: false,
    help: "",
    choices: [],
    showIf: null,
    ...overrides,
  };
}

// The season's question and its follow-up, shown only for yes.
export const SENSORY_NEEDS = makeQuestion({
  id: 101,
  label: "Any sensory needs we should plan for?",
  kind: "yes_no",
  required: true,
});

export const WHAT_HELPS = makeQuestion({
  id: 102,
  label: "Tell us what helps",
  kind: "long_text",
  required: true,
  help: "Quiet corners, ear defenders, breaks: whatever works for your child.",
  showIf: { questionId: 101, answer: "yes" },
});

export const POTTERY_WHEEL = makeQuestion({
  id: 103,
  label: "Has your child used a pottery wheel?",
  kind: "yes_no",
  required: true,
  instructorSees: true,
});

// A line of POST /checkouts/quote.
export function makeQuoteLine(overrides = {}) {
  return {
    classId: 3,
    className: "Watercolor Basics",
    participantId: 1,
    participantName: "Ana Lopez",
    listPrice: 45.5,
    adjustments: [],
    price: 45.5,
    unitOf: null,
    unitLabel: "",
    extendedCareId: null,
    ...overrides,
  };
}
