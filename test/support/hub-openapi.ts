/**
 * Validates HTTP responses against the real hub's OpenAPI 3.0 document
 * (/work/shared/reference/hub-openapi.yaml) with ajv, so a test can show that what a generated client
 * expects is what the node sends.
 *
 * OpenAPI 3.0 schemas are almost JSON Schema; the gaps are bridged here:
 * - `$ref: '#/components/schemas/X'` points into the document: the component schemas are registered as one
 *   schema with an `$id`, and every reference is rewritten to point at it;
 * - `discriminator.mapping` (which ajv ignores) is turned into `if type = K then <mapped schema>`, so a
 *   hub event or message whose type and body disagree fails instead of matching some other branch;
 * - `nullable` is native in ajv when `type` is present; without `type` it becomes `anyOf [.., null]`;
 * - `format`s come from ajv-formats, plus `uint64`; `example` is an annotation.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';

/** The shared reference folder sits beside the repository (/work/shared next to /work/main). */
export const HUB_OPENAPI_PATH = new URL('../../../shared/reference/hub-openapi.yaml', import.meta.url);

const COMPONENTS_ID = 'hub-openapi-components';
const SCHEMA_REF = '#/components/schemas/';

type Node = Record<string, unknown>;

/** The parts of an OpenAPI document this module reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, Node> }>>;
  components: { schemas: Record<string, Node>; responses?: Record<string, Node> };
}

/**
 * A place where the node deliberately differs from the document (because node-api.md, which the node
 * follows, says otherwise). `patch` edits a copy of the document before it is compiled.
 */
export interface OpenApiException {
  name: string;
  why: string;
  patch(document: OpenApiDocument): void;
}

export interface HttpResponse {
  method: string;
  /** The request path; a query string is ignored. */
  url: string;
  status: number;
  body: unknown;
}

export interface OpenApiValidator {
  /** Readable schema complaints; empty when the body conforms. Throws for an undocumented operation. */
  errors(response: HttpResponse): string[];
}

export function loadHubOpenApi(exceptions: readonly OpenApiException[] = []): OpenApiValidator {
  return createOpenApiValidator(parse(readFileSync(HUB_OPENAPI_PATH, 'utf8')) as OpenApiDocument, exceptions);
}

export function createOpenApiValidator(
  source: OpenApiDocument,
  exceptions: readonly OpenApiException[] = [],
): OpenApiValidator {
  const document = structuredClone(source);
  for (const exception of exceptions) exception.patch(document);

  const ajv = new Ajv({ allErrors: true, strictTypes: false, strictRequired: false });
  formatsPlugin.default(ajv);
  ajv.addFormat('uint64', { type: 'number', validate: (n) => Number.isSafeInteger(n) && n >= 0 });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addSchema({ $id: COMPONENTS_ID, definitions: toJsonSchema(document.components.schemas) });

  const compiled = new Map<string, ValidateFunction>();
  return {
    errors({ method, url, status, body }) {
      const path = url.split('?')[0] ?? url;
      const key = `${method.toLowerCase()} ${path} ${status}`;
      let validate = compiled.get(key);
      if (validate === undefined) {
        validate = ajv.compile(toJsonSchema(jsonResponse(document, path, method, status).schema) as Node);
        compiled.set(key, validate);
      }
      return validate(body) ? [] : (validate.errors ?? []).map(describe);
    },
  };
}

/**
 * The `application/json` entry (`{ schema }`) of one response: the status's own, else `default` (the
 * error body). Exceptions patch the schema through it.
 */
export function jsonResponse(
  document: OpenApiDocument,
  path: string,
  method: string,
  status: number,
): { schema: Node } {
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (operation === undefined) throw new Error(`hub-openapi: no operation ${method} ${path}`);
  let response = operation.responses[String(status)] ?? operation.responses.default;
  if (response === undefined) throw new Error(`hub-openapi: ${method} ${path} documents no ${status}`);
  const ref = response.$ref;
  if (typeof ref === 'string') response = document.components.responses?.[ref.split('/').pop() ?? ''] ?? {};
  const json = (response.content as Record<string, { schema?: Node }> | undefined)?.['application/json'];
  if (json?.schema === undefined)
    throw new Error(`hub-openapi: ${method} ${path} ${status} has no JSON schema`);
  return json as { schema: Node };
}

/** A component schema, for exceptions to patch. */
export function componentSchema(document: OpenApiDocument, name: string): Node {
  const schema = document.components.schemas[name];
  if (schema === undefined) throw new Error(`hub-openapi: no component ${name}`);
  return schema;
}

/** A reference to a component schema, as the document writes it. */
export const componentRef = (name: string) => ({ $ref: `${SCHEMA_REF}${name}` });

/** The OpenAPI 3.0 schema rewritten to JSON Schema that ajv compiles (see the module comment). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const { discriminator, nullable, ...rest } = node as Node;
  const out: Node = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, toJsonSchema(value)]),
  );
  if (typeof out.$ref === 'string' && out.$ref.startsWith(SCHEMA_REF)) {
    out.$ref = `${COMPONENTS_ID}#/definitions/${out.$ref.slice(SCHEMA_REF.length)}`;
  }
  const mapping = (discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined)
    ?.mapping;
  const property = (discriminator as { propertyName?: string } | undefined)?.propertyName;
  if (mapping !== undefined && property !== undefined) {
    const rules = Object.entries(mapping).map(([value, ref]) => ({
      if: { properties: { [property]: { const: value } }, required: [property] },
      then: toJsonSchema({ $ref: ref }),
    }));
    out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), ...rules];
  }
  if (nullable !== true) return out;
  if (out.type !== undefined) {
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return { ...out, nullable: true };
  }
  return { anyOf: [out, { type: 'null' }] };
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  return `${where} ${error.message ?? error.keyword} ${JSON.stringify(error.params)} at ${error.schemaPath}`;
}
