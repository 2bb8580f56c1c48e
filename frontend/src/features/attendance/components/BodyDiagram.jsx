import { t } from "ttag";

import { bodyAreaLabel } from "../../../components/health/incidentWords";

/*
 * The child's body from the front (as you face them: their right on your left) and from the
 * back, each part a shape to tap. The shapes are drawn in a 240 × 190 box; a part shown in both
 * views is the same area (a hurt left hand is the left hand seen from either side).
 */
const limb = (x, y, width, height) => ({ kind: "rect", x, y, width, height, rx: 6 });
const round = (cx, cy, rx, ry) => ({ kind: "ellipse", cx, cy, rx, ry });

// x: where the figure's middle is; `mirrored`: seen from the back, the child's left is on the left.
function figure(x, mirrored) {
  const [near, far] = mirrored ? ["left", "right"] : ["right", "left"];
  return [
    { area: "head", ...round(x, 19, 15, 16) },
    { area: "neck", ...limb(x - 6, 33, 12, 10) },
    { area: `${near}_arm`, ...limb(x - 32, 44, 13, 50) },
    { area: `${far}_arm`, ...limb(x + 19, 44, 13, 50) },
    { area: `${near}_hand`, ...round(x - 25.5, 103, 8, 9) },
    { area: `${far}_hand`, ...round(x + 25.5, 103, 8, 9) },
    { area: `${near}_leg`, ...limb(x - 17, 98, 16, 66) },
    { area: `${far}_leg`, ...limb(x + 1, 98, 16, 66) },
    { area: `${near}_foot`, ...round(x - 10, 171, 11, 7) },
    { area: `${far}_foot`, ...round(x + 10, 171, 11, 7) },
  ];
}

const FRONT = [
  ...figure(60, false),
  { area: "chest", ...limb(42, 42, 36, 29) },
  { area: "abdomen", ...limb(42, 70, 36, 28) },
  // Drawn over the head: the face is the front of it.
  { area: "face", ...round(60, 22, 9, 10) },
];
const BACK = [...figure(180, true), { area: "back", ...limb(162, 42, 36, 56) }];

function Shape({ shape, selected, onChoose }) {
  const { kind, area, ...geometry } = shape;
  const Element = kind;
  return (
    <Element
      {...geometry}
      data-area={area}
      className={`body-area${selected ? " body-area-selected" : ""}`}
      onClick={() => onChoose(area)}
    >
      <title>{bodyAreaLabel(area)}</title>
    </Element>
  );
}

/*
 * The body diagram of an incident report: tapping a part chooses it (`onChoose(area)`), and the
 * chosen one (`value`) is filled. It is a picture for a pointer or a finger; the list beside it
 * (the report's "Body area") is the same choice for a keyboard or a screen reader, so the picture
 * is hidden from assistive technology.
 */
export function BodyDiagram({ value, onChoose }) {
  // The child's right and left, each a letter above the figures' hands.
  const right = t`R`;
  const left = t`L`;
  const labels = [
    { x: 24, text: right },
    { x: 96, text: left },
    { x: 144, text: left },
    { x: 216, text: right },
  ];
  return (
    <svg className="body-diagram" viewBox="0 0 240 198" aria-hidden="true" focusable="false">
      {[...FRONT, ...BACK].map((shape) => (
        <Shape
          key={`${shape.area}-${shape.cx ?? shape.x}`}
          shape={shape}
          selected={shape.area === value}
          onChoose={onChoose}
        />
      ))}
      {labels.map((label) => (
        <text key={label.x} x={label.x} y={14} className="body-diagram-side">
          {label.text}
        </text>
      ))}
      <text x={60} y={194} className="body-diagram-view">
        {t`Front`}
      </text>
      <text x={180} y={194} className="body-diagram-view">
        {t`Back`}
      </text>
    </svg>
  );
}
