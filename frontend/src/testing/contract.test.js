import { config } from "../config/config";
import { respond, respondUnchecked, stubApi, takeDrifts } from "./api";
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

describe("through stubApi, as the app's tests stub the API", () => {
  const url = (path) => `${config.apiBase}${path}`;

  test("a stubbed answer the schema describes is handed to the app", async () => {
    stubApi({ "/categories": [category] });

    const answer = await fetch(url("/categories"));

    expect(JSON.parse(await answer.text())).toEqual([category]);
    expect(takeDrifts()).toEqual([]);
  });

  test("a stub with a field the schema lacks rejects the fetch and is kept to fail the test", async () => {
    stubApi({ "/categories": [{ ...category, colour: "red" }] });

    await expect(fetch(url("/categories"))).rejects.toThrow(
      /\[0\]\.colour: a field the schema lacks/,
    );
    expect(takeDrifts()).toEqual([
      expect.stringMatching(/\[0\]\.colour: a field the schema lacks/),
    ]);
  });

  test("a status the endpoint never answers is a drift too", async () => {
    stubApi({ "/categories": respond(204, null) });

    await expect(fetch(url("/categories"))).rejects.toThrow(/never answers 204/);
    expect(takeDrifts()).toHaveLength(1);
  });

  test("an answer sent unchecked must say why", async () => {
    expect(() => respondUnchecked("", 502, "<h1>Bad Gateway</h1>")).toThrow(/needs a reason/);
    stubApi({
      "/categories": respondUnchecked("a proxy's page, not the API's", 502, "<h1>Bad Gateway</h1>"),
    });

    expect((await fetch(url("/categories"))).status).toBe(502);
    expect(takeDrifts()).toEqual([]);
  });
});
