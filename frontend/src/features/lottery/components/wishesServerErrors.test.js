import { ApiError } from "../../../lib/api";
import { wishesServerErrors } from "./wishesServerErrors";

function refused(errors, message = "Please check these fields: children.") {
  return new ApiError(400, { message, errors });
}

// The form lists Ana, Mia and Leo; Ana had no wish, so the server's children are Mia and Leo.
const SENT = [1, 2];

test("the flattened sentences go under the child and the wish they name", () => {
  const { errors, formError } = wishesServerErrors(
    refused({
      children: [
        "Item 1: choices: Item 2: Ages 13–17: Mia is 9.",
        "Item 2: choices: At most 5 classes may be wished for.",
        "Item 2: choices: A class is wished for twice.",
      ],
    }),
    SENT,
  );

  expect(errors).toEqual({
    children: [
      undefined,
      { choices: [undefined, "Ages 13–17: Mia is 9."] },
      { choices: "At most 5 classes may be wished for. A class is wished for twice." },
    ],
  });
  expect(formError).toBe("");
});

test("the server's word for an item may be another language's", () => {
  const { errors } = wishesServerErrors(
    refused({ children: ["Artículo 2: choices: Artículo 1: Solo para edades de 13 a 17."] }),
    SENT,
  );

  expect(errors.children[2]).toEqual({ choices: ["Solo para edades de 13 a 17."] });
});

test("DRF's keyed shape is read as well", () => {
  const { errors } = wishesServerErrors(
    refused({
      children: {
        0: { choices: { 1: ["Ages 13–17: Mia is 9."] } },
        1: { choices: ["At most 5 classes may be wished for."] },
      },
      together: ["Each group is of two or more children with wishes, each child in one group."],
    }),
    SENT,
  );

  expect(errors).toEqual({
    children: [
      undefined,
      { choices: [undefined, "Ages 13–17: Mia is 9."] },
      { choices: "At most 5 classes may be wished for." },
    ],
    together: "Each group is of two or more children with wishes, each child in one group.",
  });
});

test("what names no child's wish is the form's one sentence", () => {
  const { errors, formError } = wishesServerErrors(
    refused({
      children: ["Item 3: choices: Ages 13–17.", "Item 1: participantId: No such person."],
      non_field_errors: ["Try again."],
    }),
    SENT,
  );

  expect(errors).toEqual({});
  expect(formError).toBe("Ages 13–17. Item 1: participantId: No such person. Try again.");
});

test("a refusal without fields is said as the server said it", () => {
  const closed = new ApiError(409, { message: "Wishes for Summer closed on Monday, June 7." });

  expect(wishesServerErrors(closed, SENT)).toEqual({
    errors: {},
    formError: "Wishes for Summer closed on Monday, June 7.",
  });
});
