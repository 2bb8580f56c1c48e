import { checkAnswer } from "./contract";

const category = { slug: "painting", name: "Painting" };

test("a stub the schema describes passes", () => {
  expect(() => checkAnswer("GET", "/api/categories", 200, [category])).not.toThrow();
});

test("a stub with a field the schema lacks fails, naming the field", () => {
  expect(() =>
    checkAnswer("GET", "/api/categories", 200, [{ ...category, colour: "red" }]),
  ).toThrow(/GET \/api\/categories \(200\).*\[0\]\.colour: a field the schema lacks/);
});

test("a stub with a field of the wrong type fails", () => {
  expect(() => checkAnswer("GET", "/api/categories", 200, [{ ...category, name: 7 }])).toThrow(
    /\[0\]\.name: should be string/,
  );
});

test("a status the operation never answers fails", () => {
  expect(() => checkAnswer("GET", "/api/categories", 402, { message: "No." })).toThrow(
    /never answers 402/,
  );
});

test("any operation may answer 503 in the one error shape, and nothing else", () => {
  expect(() => checkAnswer("GET", "/api/categories", 503, { message: "Busy." })).not.toThrow();
  expect(() => checkAnswer("GET", "/api/categories", 503, { detail: "Busy." })).toThrow(
    /\.detail: a field the schema lacks/,
  );
});
