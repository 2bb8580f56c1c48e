/*
 * The server's OpenAPI schema, as drf-spectacular serves it at /api/schema, checks every answer
 * the tests stub: a stub the server could not send fails its test. The build writes the schema
 * to frontend/openapi.json (`make frontend/openapi.json`, run by `make test-frontend`).
 */
const fs = require("fs");
const path = require("path");
const Ajv = require("ajv");

const SCHEMA_FILE = path.join(__dirname, "..", "..", "openapi.json");

let document;
let routes;
const validators = new Map();

function loadDocument() {
  if (document) return document;
  if (!fs.existsSync(SCHEMA_FILE)) {
    throw new Error(
      "frontend/openapi.json is missing: the stubbed answers are checked against the " +
        "server's schema. Write it with `make frontend/openapi.json` (or run `make test-frontend`).",
    );
  }
  document = JSON.parse(fs.readFileSync(SCHEMA_FILE, "utf8"));
  // Literal segments before parameters, so /classes/approved/{id} wins over /classes/{id}/{x}.
  routes = Object.keys(document.paths)
    .map((template) => {
      const pattern = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("");
      const literal = template.replace(/\{[^}]+\}/g, "").length;
      return { template, regex: new RegExp(`^${pattern}/?$`), literal };
    })
    .sort((a, b) => b.literal - a.literal);
  return document;
}

function resolve(node) {
  let current = node;
  while (current && current.$ref) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = document.components.schemas[name];
    if (!current) throw new Error(`The schema names ${node.$ref}, which it lacks.`);
  }
  return current;
}

/*
 * OpenAPI 3.0 as JSON Schema draft 7, for an answer the server sends: $refs inlined, `nullable`
 * as a null type, writeOnly properties dropped (never sent back), and every object with
 * properties closed unless the schema opens it.
 */
function forResponse(node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((item) => forResponse(item, seen));
  if (!node || typeof node !== "object") return node;
  if (node.$ref) {
    if (seen.has(node.$ref)) throw new Error(`The schema's ${node.$ref} is recursive.`);
    return forResponse(resolve(node), new Set([...seen, node.$ref]));
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (["nullable", "readOnly", "writeOnly", "example", "discriminator"].includes(key)) continue;
    if (key === "properties") {
      out.properties = {};
      for (const [name, property] of Object.entries(value)) {
        if (resolve(property)?.writeOnly) continue;
        out.properties[name] = forResponse(property, seen);
      }
    } else if (["additionalProperties", "items", "not"].includes(key)) {
      out[key] = typeof value === "object" ? forResponse(value, seen) : value;
    } else if (["allOf", "oneOf", "anyOf"].includes(key)) {
      out[key] = value.map((item) => forResponse(item, seen));
    } else {
      out[key] = value;
    }
  }
  // 3.0's boolean exclusive bounds, as draft 7's numbers.
  for (const [exclusive, bound] of [
    ["exclusiveMaximum", "maximum"],
    ["exclusiveMinimum", "minimum"],
  ]) {
    if (typeof out[exclusive] !== "boolean") continue;
    if (out[exclusive]) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else {
      delete out[exclusive];
    }
  }
  if (out.properties && out.required) {
    out.required = out.required.filter((name) => name in out.properties);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // drf-spectacular wraps a nullable $ref as allOf of one: the one is the schema.
  if (out.allOf && out.allOf.length === 1 && Object.keys(out).length === 1) {
    return withNull(out.allOf[0], node.nullable);
  }
  return withNull(out, node.nullable);
}

function withNull(schema, nullable) {
  if (!nullable) return schema;
  if (schema.enum) return { anyOf: [schema, { type: "null" }] };
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
}

/*
 * Any operation may answer these, in the one error shape of core/api.py, though its schema lists
 * only its own: 401 when the request carries a bearer token the server refuses (expired, revoked:
 * accounts.authentication runs before any view, public ones too), 503 when the database is busy
 * with another writer (the exception handler's contention answer), 500 when the server fails.
 */
const ANY_OPERATION = ["401", "500", "503"];

function validatorFor(method, template, status) {
  const key = `${method} ${template} ${status}`;
  if (validators.has(key)) return validators.get(key);
  const operation = document.paths[template][method.toLowerCase()];
  let response = operation && operation.responses[String(status)];
  if (operation && !response && ANY_OPERATION.includes(String(status))) {
    response = {
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  let validate = null;
  if (response) {
    const content = response.content || {};
    const media = content["application/json"] || Object.values(content).find((item) => item.schema);
    if (media && media.schema) {
      const ajv = new Ajv({ allErrors: true, nullable: false });
      // OpenAPI's number formats: any JSON number.
      for (const format of ["double", "float", "decimal"]) {
        ajv.addFormat(format, { type: "number", validate: () => true });
      }
      validate = ajv.compile(forResponse(media.schema));
    } else {
      validate = () => true;
    }
  }
  const entry = { operation, response, validate };
  validators.set(key, entry);
  return entry;
}

function explain(errors) {
  return errors
    .map((error) => {
      const where = error.dataPath || "(the body)";
      if (error.keyword === "additionalProperties") {
        return `${where}.${error.params.additionalProperty}: a field the schema lacks`;
      }
      return `${where}: ${error.message}`;
    })
    .join("; ");
}

/*
 * Throws unless the schema documents `status` for `method` on `urlPath` (the path the browser
 * fetched, with /api) and `body` is what it says that answer holds.
 */
export function checkAnswer(method, urlPath, status, body) {
  loadDocument();
  const matching = routes.filter((candidate) => candidate.regex.test(urlPath));
  const route =
    matching.find((candidate) => document.paths[candidate.template][method.toLowerCase()]) ??
    matching[0];
  const what = `${method} ${urlPath} (${status})`;
  if (!route) throw new Error(`Stub for ${what}: the schema has no such path.`);
  const { operation, response, validate } = validatorFor(method, route.template, status);
  if (!operation) {
    throw new Error(`Stub for ${what}: the schema has no ${method} on ${route.template}.`);
  }
  if (!response) {
    const documented = Object.keys(operation.responses).join(", ");
    throw new Error(
      `Stub for ${what}: ${method} ${route.template} never answers ${status} (it answers ${documented}).`,
    );
  }
  if (!validate(body)) {
    throw new Error(
      `Stub for ${what} drifts from the schema of ${method} ${route.template}: ${explain(validate.errors)}`,
    );
  }
}
