/**
 * @jest-environment node
 */
const path = require("node:path");
const { ESLint } = require("eslint");

const config = require("../eslint.config.js");

const frontend = path.join(__dirname, "..");

// Lints `code` as if it were the file at `file` (relative to src/), with the project's config.
async function importProblems(file, code) {
  const eslint = new ESLint({ cwd: frontend, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintText(code, { filePath: path.join(frontend, "src", file) });
  return result.messages.filter((message) => message.ruleId === "import/no-restricted-paths");
}

const refused = [
  [
    "a feature importing another feature",
    "features/classes/routes/Preview.jsx",
    'import { MySelectedClassesPage } from "../../selections/routes/MySelectedClassesPage";',
  ],
  [
    "lib importing a component",
    "lib/preview.js",
    'import { Toast } from "../components/ui/Toast";',
  ],
  [
    "the API layer importing a feature",
    "api/preview.js",
    'import { ClassCard } from "../features/classes/components/ClassCard";',
  ],
  [
    "a component importing the app",
    "components/ui/Preview.jsx",
    'import { router } from "../../app/router";',
  ],
];

test.each(refused)("the lint refuses %s", async (_, file, code) => {
  const problems = await importProblems(file, `${code}\nexport const preview = 1;\n`);

  expect(problems).toHaveLength(1);
});

const allowed = [
  [
    "a feature importing the API layer, components and lib",
    "features/classes/routes/Preview.jsx",
    [
      'import { useSelections } from "../../../api/selections";',
      'import { Toast } from "../../../components/ui/Toast";',
      'import { api } from "../../../lib/api";',
      'import { ClassCard } from "../components/ClassCard";',
    ].join("\n"),
  ],
  ["the API layer importing lib", "api/preview.js", 'import { api } from "../lib/api";'],
];

test.each(allowed)("the lint lets pass %s", async (_, file, code) => {
  const problems = await importProblems(file, `${code}\nexport const preview = 1;\n`);

  expect(problems).toEqual([]);
});
