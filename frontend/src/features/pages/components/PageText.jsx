import { Fragment } from "react";

import { pageBlocks } from "./pageBlocks";

// A school page's body, drawn from its small text format; React escapes every word of it.
export function PageText({ body }) {
  return (
    <div className="page-text">
      {pageBlocks(body).map((block, index) => {
        if (block.type === "heading") {
          return (
            <h2 key={index} className="h4 mt-4 mb-2">
              {block.text}
            </h2>
          );
        }
        if (block.type === "list") {
          return (
            <ul key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}
