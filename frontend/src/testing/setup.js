import "@testing-library/jest-dom";
import { options } from "preact";

/*
 * jsdom draws no frames. In a browser Preact runs effects (useEffect) after the next frame; here
 * they run once the render's own microtasks are done, whatever the timers (real or fake) do.
 */
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
