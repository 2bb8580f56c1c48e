import { freshIndexedDb } from "../testing/indexedDb";
import { ApiError } from "./api";
import { initialQueueState, nextQueueState, openQueue, triedSending } from "./offlineQueue";

beforeEach(freshIndexedDb);

const takenAt = new Date().toISOString();
const entry = (clientId, participantId = 7) => ({
  clientId,
  meetingId: 31,
  participantId,
  action: "check_in",
  at: takenAt,
});

// The state after each of `events`, from the initial state.
function run(...events) {
  return events.reduce(nextQueueState, initialQueueState);
}

describe("the queue's state machine", () => {
  test("it loads what the device kept: something waiting is ready to send, nothing is idle", () => {
    expect(run({ type: "loaded", entries: [] }).status).toBe("idle");
    const loaded = run({ type: "loaded", entries: [entry("a"), entry("b")] });
    expect(loaded.status).toBe("ready");
    expect(loaded.entries.map((item) => item.clientId)).toEqual(["a", "b"]);
  });

  test("an action taken while the store is read is kept once, after the stored ones", () => {
    const state = run(
      { type: "queued", entry: entry("new") },
      { type: "loaded", entries: [entry("old"), entry("new")] },
    );
    expect(state.entries.map((item) => item.clientId)).toEqual(["old", "new"]);
    expect(state.status).toBe("ready");
  });

  test("it sends the oldest, one at a time; a recorded action leaves, the next is ready", () => {
    let state = run(
      { type: "loaded", entries: [] },
      { type: "queued", entry: entry("a") },
      { type: "queued", entry: entry("b", 8) },
    );
    expect(state.status).toBe("ready");
    state = nextQueueState(state, { type: "send" });
    expect(state).toMatchObject({ status: "sending", inFlight: "a" });
    // A second send while one is on its way changes nothing.
    expect(nextQueueState(state, { type: "send" })).toBe(state);
    // An answer about another action than the one on its way is not this one's.
    expect(nextQueueState(state, { type: "sent", clientId: "b" })).toBe(state);
    state = nextQueueState(state, { type: "sent", clientId: "a" });
    expect(state).toMatchObject({ status: "ready", inFlight: null });
    expect(state.entries.map((item) => item.clientId)).toEqual(["b"]);
    state = nextQueueState(nextQueueState(state, { type: "send" }), {
      type: "sent",
      clientId: "b",
    });
    expect(state).toMatchObject({ status: "idle", entries: [] });
  });

  test("a refused action leaves the queue and its reason is kept for the child", () => {
    const state = run(
      { type: "loaded", entries: [entry("a")] },
      { type: "send" },
      { type: "refused", clientId: "a", reason: "Jo is not on the list." },
    );
    expect(state.status).toBe("idle");
    expect(state.entries).toEqual([]);
    expect(state.refusals).toEqual([{ entry: entry("a"), reason: "Jo is not on the list." }]);
  });

  test("the next action for the same child clears its refusal; another child's stays", () => {
    const refused = run(
      { type: "loaded", entries: [entry("a"), entry("b", 8)] },
      { type: "send" },
      { type: "refused", clientId: "a", reason: "No." },
      { type: "send" },
      { type: "refused", clientId: "b", reason: "Not either." },
    );
    const state = nextQueueState(refused, { type: "queued", entry: entry("c") });
    expect(state.refusals.map((refusal) => refusal.entry.clientId)).toEqual(["b"]);
  });

  test("an entry about something of its own clears only a refusal about the same", () => {
    const report = (clientId, about) => ({ clientId, meetingId: 31, about, kind: "injury" });
    const refused = run(
      { type: "loaded", entries: [report("a", "incident:1"), report("b", "incident:2")] },
      { type: "send" },
      { type: "refused", clientId: "a", reason: "No." },
      { type: "send" },
      { type: "refused", clientId: "b", reason: "Not either." },
    );
    // Another report at the same meeting leaves both; the first one put right clears its own.
    const another = nextQueueState(refused, { type: "queued", entry: report("c", "incident:3") });
    expect(another.refusals).toHaveLength(2);
    const rightAgain = nextQueueState(another, {
      type: "queued",
      entry: report("d", "incident:1"),
    });
    expect(rightAgain.refusals.map((refusal) => refusal.entry.clientId)).toEqual(["b"]);
  });

  test("a dismissed refusal is forgotten; dismissing one not there changes nothing", () => {
    const refused = run(
      { type: "loaded", entries: [entry("a")] },
      { type: "send" },
      { type: "refused", clientId: "a", reason: "No." },
    );
    expect(nextQueueState(refused, { type: "dismissed", clientId: "a" }).refusals).toEqual([]);
    expect(nextQueueState(refused, { type: "dismissed", clientId: "z" })).toBe(refused);
  });

  test("a failed try keeps the action and stalls until the next try", () => {
    let state = run(
      { type: "loaded", entries: [entry("a")] },
      { type: "send" },
      { type: "failed" },
    );
    expect(state).toMatchObject({ status: "stalled", inFlight: null });
    expect(state.entries.map((item) => item.clientId)).toEqual(["a"]);
    // Nothing is sent while stalled, and an action taken meanwhile waits behind it.
    expect(nextQueueState(state, { type: "send" })).toBe(state);
    state = nextQueueState(state, { type: "queued", entry: entry("b") });
    expect(state.status).toBe("stalled");
    state = nextQueueState(state, { type: "retry" });
    expect(state.status).toBe("ready");
    expect(nextQueueState(state, { type: "send" }).inFlight).toBe("a");
  });

  test("a try with nothing stalled changes nothing", () => {
    const idle = run({ type: "loaded", entries: [] });
    expect(nextQueueState(idle, { type: "retry" })).toBe(idle);
    const sending = run({ type: "loaded", entries: [entry("a")] }, { type: "send" });
    expect(nextQueueState(sending, { type: "retry" })).toBe(sending);
  });
});

describe("the queue kept in IndexedDB", () => {
  test("entries come back oldest first, each with its place, and leave by it", async () => {
    const queue = openQueue("camp-attendance");
    const first = await queue.add(entry("a"));
    const second = await queue.add(entry("b", 8));
    await queue.add(entry("c"));
    expect(second.seq).toBeGreaterThan(first.seq);
    await queue.remove(second.seq);
    expect((await queue.all()).map((item) => item.clientId)).toEqual(["a", "c"]);
    await queue.close();
  });

  test("what was written is there when the page opens the queue again", async () => {
    const before = openQueue("camp-attendance");
    const kept = entry("a");
    await before.add(kept);
    await before.close();

    const after = openQueue("camp-attendance");
    expect(await after.all()).toEqual([{ ...kept, seq: 1 }]);
    await after.close();
  });
});

describe("what a try at sending came to", () => {
  const refusal = (status, body) => new ApiError(status, body);

  test("an answer is sent; our server's 4xx is refused with its field's sentence", async () => {
    expect(await triedSending(async () => ({ id: 1 }))).toEqual({
      outcome: "sent",
      answer: { id: 1 },
    });
    const refused = refusal(400, {
      message: "Please check these fields: bodyArea.",
      errors: { bodyArea: ["Choose where on the body the injury is."] },
    });
    expect(
      await triedSending(async () => {
        throw refused;
      }),
    ).toEqual({ outcome: "refused", reason: "Choose where on the body the injury is." });
  });

  test("no network, a 5xx, a 429 or a page not from our server is a failed try", async () => {
    const failures = [
      new TypeError("Failed to fetch"),
      refusal(503, { message: "Busy." }),
      refusal(429, { message: "Slow down." }),
      refusal(403, null),
    ];
    for (const failure of failures) {
      const result = await triedSending(async () => {
        throw failure;
      });
      expect(result).toEqual({ outcome: "failed", error: failure });
    }
  });
});
