/*
 * jsdom paints nothing: its canvas gives no 2D context, and it has no ResizeObserver. Chart.js
 * needs both to take a chart, so a test of a page with charts lends each canvas a context that
 * draws nothing and measures a text at 6 px a character, and an observer that never fires. The
 * chart keeps what it was given, for the test to read with Chart.getChart(canvas).
 * Call it before rendering; it returns the function that gives jsdom's own back.
 */
export function lendCanvas() {
  const contexts = new WeakMap();
  const ownGetContext = HTMLCanvasElement.prototype.getContext;
  const ownResizeObserver = global.ResizeObserver;
  HTMLCanvasElement.prototype.getContext = function getContext(kind) {
    if (kind !== "2d") return null;
    if (!contexts.has(this)) contexts.set(this, blankContext(this));
    return contexts.get(this);
  };
  global.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  return () => {
    HTMLCanvasElement.prototype.getContext = ownGetContext;
    global.ResizeObserver = ownResizeObserver;
  };
}

// The drawing calls of the canvas's 2D API (MDN's CanvasRenderingContext2D), none of which
// answers anything the chart reads back.
const DRAWING_CALLS = [
  "arc",
  "arcTo",
  "beginPath",
  "bezierCurveTo",
  "clearRect",
  "clip",
  "closePath",
  "drawImage",
  "ellipse",
  "fill",
  "fillRect",
  "fillText",
  "lineTo",
  "moveTo",
  "quadraticCurveTo",
  "rect",
  "resetTransform",
  "restore",
  "rotate",
  "roundRect",
  "save",
  "scale",
  "setLineDash",
  "setTransform",
  "stroke",
  "strokeRect",
  "strokeText",
  "transform",
  "translate",
];

// A 2D context whose every drawing call does nothing; the properties set on it are kept.
function blankContext(canvas) {
  const context = {
    canvas,
    measureText: (text) => ({ width: String(text).length * 6 }),
    getLineDash: () => [],
    createLinearGradient: () => ({ addColorStop() {} }),
    createRadialGradient: () => ({ addColorStop() {} }),
  };
  for (const call of DRAWING_CALLS) context[call] = () => {};
  return context;
}
