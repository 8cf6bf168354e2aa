import { Type } from '@sinclair/typebox';
import type { TObject, TOptional, TSchema, TString } from '@sinclair/typebox';

type QuerySchema = TObject<Record<string, TOptional<TString>>>;

/**
 * A response schema for the OpenAPI document only. Typed as a plain object so the type provider leaves
 * the handlers' return type open (the renderers answer `unknown`).
 */
type DocumentedResponse = object;

/**
 * The node keeps its bodies as render.ts builds them: a response schema handed to Fastify's serialiser
 * would drop each field it does not list (a message body, an event body). Routes with documented
 * responses serialise with JSON.stringify, as routes without one do.
 */
export const serializeAsIs = () => (data: unknown) => JSON.stringify(data);

type ResponseBody = TSchema | { content: Record<string, { schema: TSchema }> };

/** The 200 body of a route whose handler answers render.ts's JSON; serialise it with `serializeAsIs`. */
export function documented(body: ResponseBody): Record<number, DocumentedResponse> {
  return { 200: body };
}

export interface DescribedRoute {
  schema: { summary: string; querystring: QuerySchema; response: Record<number, DocumentedResponse> };
  serializerCompiler: typeof serializeAsIs;
}

/**
 * A GET route's OpenAPI description: its summary, parameters and 200 body. Every parameter is declared as
 * optional text: the parsers in params.ts check and convert them, so each fault is reported in the hub
 * error body with its own text. `response` is a JSON body's schema, or `{ content: ... }` for another type.
 */
export function described(
  summary: string,
  params: Readonly<Record<string, string>>,
  response: ResponseBody,
): DescribedRoute {
  const properties = Object.fromEntries(
    Object.entries(params).map(([name, description]) => [name, Type.Optional(Type.String({ description }))]),
  );
  return {
    schema: { summary, querystring: Type.Object(properties), response: documented(response) },
    serializerCompiler: serializeAsIs,
  };
}

/** Descriptions of parameters many routes share. */
export const FID = 'The fid (required)';
export const PAGING: Readonly<Record<string, string>> = {
  pageSize: 'Items per page, 1 to 1000 (default 1000)',
  pageToken: 'The nextPageToken of the previous page; empty or absent for the first page',
  reverse: 'Newest first when set to anything but 0 or false',
};
export const REACTION_TYPE = 'REACTION_TYPE_LIKE (1) or REACTION_TYPE_RECAST (2), by number or name';
export const LINK_TYPE = 'Link type such as follow (1 to 8 bytes)';
