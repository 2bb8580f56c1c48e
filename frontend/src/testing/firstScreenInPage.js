import { makeClass, makeScheduledClass } from "./fixtures";

/*
 * The home page as the server sends it, carrying its first screen's answers (camp/first_screen.py).
 * Imported first by a test of the whole app: the app reads the block once, as it loads.
 */
const today = new Date().toLocaleDateString("en-CA");
export const startingSoonKey = `/classes?status=Approved&startsAfter=${today}&ordering=soonest&page=1&page_size=6`;

export const carried = {
  answers: {
    "/popularClasses": [makeClass({ nameClass: "Clay Animals", enroll: 12 })],
    [startingSoonKey]: [makeScheduledClass({ nameClass: "Morning Watercolor" })],
  },
  totals: {},
};

const block = document.createElement("script");
block.id = "first-screen";
block.type = "application/json";
block.textContent = JSON.stringify(carried);
document.head.append(block);
