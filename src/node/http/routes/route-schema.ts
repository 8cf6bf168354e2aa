import { Type } from '@sinclair/typebox';
import type { TObject, TOptional, TString } from '@sinclair/typebox';

type QuerySchema = TObject<Record<string, TOptional<TString>>>;

/**
 * A GET route's OpenAPI description. Every parameter is declared as optional text: the parsers in
 * params.ts check and convert them, so each fault is reported in the hub error body with its own text.
 */
export function described(
  summary: string,
  params: Readonly<Record<string, string>> = {},
): { schema: { summary: string; querystring: QuerySchema } } {
  const properties = Object.fromEntries(
    Object.entries(params).map(([name, description]) => [name, Type.Optional(Type.String({ description }))]),
  );
  return { schema: { summary, querystring: Type.Object(properties) } };
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
