/*
 * A family's place in the opening morning's line, one step at a time:
 *
 *   joining  -> asking for a place (POST /waitingRoom with the token kept, if any): at first, and
 *               again whenever the server no longer knows the place
 *   waiting  -> in line: the place is asked after (GET) every `pollSeconds` the server names
 *   admitted -> their turn: the admission is kept and the page goes on to where they were going
 *   open     -> the room is off: nothing to wait for, the page goes on at once
 *
 * A failed request leaves the step as it was with `trouble` said, and the page asks again; a token
 * the server refuses as no place in its line is joining again at once; a tab that sees an
 * admission another tab was given is admitted too. `round` counts the answers and
 * failures: each one schedules the next request, `nextInSeconds` later: the server's pace, or
 * after a failure the Retry-After a busy server gave.
 */
export const JOINING = "joining";
export const WAITING = "waiting";
export const ADMITTED = "admitted";
export const OPEN = "open";

// Until the server has named its pace (a first request that failed).
export const RETRY_SECONDS = 5;

export const lineStart = { step: JOINING, answer: null, trouble: null, round: 0, nextInSeconds: 0 };

function stepOf(answer) {
  if (!answer.active) return OPEN;
  if (answer.admitted && answer.admission) return ADMITTED;
  return answer.line ? WAITING : JOINING;
}

const over = (step) => step === ADMITTED || step === OPEN;

export function lineStep(state, event) {
  if (over(state.step)) return state;
  switch (event.type) {
    case "answered":
      return {
        step: stepOf(event.answer),
        answer: event.answer,
        trouble: null,
        round: state.round + 1,
        nextInSeconds: event.answer.pollSeconds,
      };
    case "failed":
      return {
        ...state,
        trouble: event.message,
        round: state.round + 1,
        nextInSeconds: event.retryAfterSeconds ?? state.answer?.pollSeconds ?? RETRY_SECONDS,
      };
    case "placeUnknown":
      return { ...state, step: JOINING, trouble: null, round: state.round + 1, nextInSeconds: 0 };
    case "admittedElsewhere":
      return { ...state, step: ADMITTED, trouble: null };
    default:
      throw new Error(`No such event in the line: ${event.type}`);
  }
}

// Whether the page still asks the server: the joining POST, or the waiting GET.
export function asksServer(step) {
  return !over(step);
}
